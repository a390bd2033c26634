import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseHandle } from '../db/connect.ts';
import { documentElements, documents, documentTerms, organisations } from '../db/schema.ts';
import { newId, sha256 } from '../lib/ids.ts';
import { openTestDatabase } from '../test/database.ts';
import type { ParsedElement } from './markdown.ts';
import { completeMetadata, type DocumentMetadata, storeDocument } from './store.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

const metadata: DocumentMetadata = completeMetadata(
  { code: 'TST-1', category: 'Policy', domain: 'Water', subdomain: 'Legionella', edition: '2026' },
  { title: 'Test policy' },
  'test-policy.md',
);

const paragraph = (text: string, page = 1): ParsedElement => ({ type: 'paragraph', text, page, headingPath: ['Scope'] });

async function elementsOf(documentId: string) {
  return database.db
    .select()
    .from(documentElements)
    .where(eq(documentElements.documentId, documentId))
    .orderBy(asc(documentElements.position));
}

describe('storeDocument', () => {
  test('writes the document and its elements in order; the same bytes again change nothing and keep the id', async () => {
    const bytes = new TextEncoder().encode('first');
    const first = await storeDocument({
      db: database.db,
      organisationId: null,
      filename: 'test-policy.md',
      bytes,
      metadata,
      elements: [paragraph('One'), paragraph('Two', 2)],
      sourceKind: 'upload',
    });
    expect(first.created).toBe(true);
    const [row] = await database.db.select().from(documents).where(eq(documents.id, first.documentId));
    expect(row).toMatchObject({
      code: 'TST-1',
      title: 'Test policy',
      contentHash: sha256(Buffer.from(bytes)),
      sourceKind: 'upload',
      issuer: '',
    });
    expect((await elementsOf(first.documentId)).map((e) => [e.position, e.text, e.page, e.headingPath])).toEqual([
      [0, 'One', 1, ['Scope']],
      [1, 'Two', 2, ['Scope']],
    ]);

    const again = await storeDocument({
      db: database.db,
      organisationId: null,
      filename: 'test-policy.md',
      bytes,
      metadata: { ...metadata, title: 'Renamed' },
      elements: [paragraph('Different')],
      sourceKind: 'upload',
    });
    expect(again).toEqual({ documentId: first.documentId, created: false });
    const [unchanged] = await database.db.select().from(documents).where(eq(documents.id, first.documentId));
    expect(unchanged?.title).toBe('Test policy');
    expect(await elementsOf(first.documentId)).toHaveLength(2);
  });

  test('stores thousands of elements (several insert batches) in one go', async () => {
    const elements = Array.from({ length: 1234 }, (_, i) => paragraph(`Paragraph ${i}`));
    const stored = await storeDocument({
      db: database.db,
      organisationId: null,
      filename: 'long.md',
      contentHash: sha256('long'),
      metadata,
      elements,
      sourceKind: 'upload',
    });
    const rows = await elementsOf(stored.documentId);
    expect(rows).toHaveLength(1234);
    expect(rows[1233]).toMatchObject({ position: 1233, text: 'Paragraph 1233' });
  });

  test('a failure while writing elements leaves no document behind', async () => {
    const [before] = await database.db.select({ n: count() }).from(documents);
    const broken = [paragraph('Fine'), { type: 'paragraph', text: null, page: 1, headingPath: [] } as unknown as ParsedElement];
    await expect(
      storeDocument({
        db: database.db,
        organisationId: null,
        filename: 'broken.md',
        contentHash: sha256('broken'),
        metadata,
        elements: broken,
        sourceKind: 'upload',
      }),
    ).rejects.toThrow();
    const [after] = await database.db.select({ n: count() }).from(documents);
    expect(after?.n).toBe(before?.n);
    const [leftover] = await database.db.select({ n: count() }).from(documents).where(eq(documents.filename, 'broken.md'));
    expect(leftover?.n).toBe(0);
  });

  test('the same file for another owner is that owner’s own row, never the first owner’s', async () => {
    const organisationId = newId();
    await database.db.insert(organisations).values({ id: organisationId, name: 'Owner Trust' });
    const input = {
      db: database.db,
      filename: 'internal.md',
      contentHash: sha256('internal'),
      metadata,
      elements: [paragraph('Internal')],
      sourceKind: 'upload' as const,
    };
    const internal = await storeDocument({ ...input, organisationId });
    const shared = await storeDocument({ ...input, organisationId: null });
    expect(shared).toMatchObject({ created: true });
    expect(shared.documentId).not.toBe(internal.documentId);
    // Stored again, each owner gets its own row back.
    expect(await storeDocument({ ...input, organisationId })).toEqual({ documentId: internal.documentId, created: false });
    expect(await storeDocument({ ...input, organisationId: null })).toEqual({ documentId: shared.documentId, created: false });
  });

  test('a document needs elements and a content hash', async () => {
    await expect(
      storeDocument({
        db: database.db,
        organisationId: null,
        filename: 'x.md',
        contentHash: 'x',
        metadata,
        elements: [],
        sourceKind: 'upload',
      }),
    ).rejects.toThrow(/element/);
    await expect(
      storeDocument({
        db: database.db,
        organisationId: null,
        filename: 'x.md',
        metadata,
        elements: [paragraph('x')],
        sourceKind: 'upload',
      }),
    ).rejects.toThrow(/hash/);
  });
});

describe('search postings', () => {
  async function postingsOf(documentId: string): Promise<Record<string, number>> {
    const rows = await database.db
      .select({ lexeme: documentTerms.lexeme, elements: documentTerms.elements })
      .from(documentTerms)
      .where(eq(documentTerms.documentId, documentId));
    return Object.fromEntries(rows.map((row) => [row.lexeme, row.elements]));
  }

  const input = (filename: string, elements: ParsedElement[]) => ({
    db: database.db,
    organisationId: null,
    filename,
    contentHash: sha256(filename),
    metadata,
    elements,
    sourceKind: 'upload' as const,
  });

  test('count, per lexeme, the elements holding it, across insert batches; storing the same file again adds nothing', async () => {
    const elements = [
      paragraph('Zanzibar ferries sail daily.'),
      paragraph('Ferries to Zanzibar need permits.'),
      ...Array.from({ length: 600 }, (_, i) => paragraph(`Okapi sighting ${i}`)),
    ];
    const stored = await storeDocument(input('postings.md', elements));
    const postings = await postingsOf(stored.documentId);
    expect(postings).toMatchObject({ zanzibar: 2, ferri: 2, sail: 1, daili: 1, permit: 1, okapi: 600, sight: 600 });
    // Stop-words are not postings.
    expect(postings.to).toBeUndefined();
    // The title ("Test policy") and code ("TST-1") count too, flagged as such.
    const titled = await database.db
      .select({ lexeme: documentTerms.lexeme, elements: documentTerms.elements })
      .from(documentTerms)
      .where(and(eq(documentTerms.documentId, stored.documentId), eq(documentTerms.inTitle, true)));
    expect(titled.map((row) => row.lexeme).sort()).toEqual(['-1', 'polici', 'test', 'tst']);
    expect(titled.every((row) => row.elements === 0)).toBe(true);

    const again = await storeDocument(input('postings.md', [paragraph('Zanzibar again')]));
    expect(again.created).toBe(false);
    expect(await postingsOf(stored.documentId)).toEqual(postings);
  });

  test('follow a change of title', async () => {
    const stored = await storeDocument(input('renamed.md', [paragraph('Tapir feeding.')]));
    await database.db.update(documents).set({ title: 'Tapir handbook' }).where(eq(documents.id, stored.documentId));
    const titled = await database.db
      .select({ lexeme: documentTerms.lexeme })
      .from(documentTerms)
      .where(and(eq(documentTerms.documentId, stored.documentId), eq(documentTerms.inTitle, true)));
    expect(titled.map((row) => row.lexeme).sort()).toEqual(['-1', 'handbook', 'tapir', 'tst']);
    // "policy" was only in the old title: its posting is gone; "tapir" keeps its element count.
    expect(await postingsOf(stored.documentId)).toEqual({ '-1': 0, handbook: 0, tapir: 1, tst: 0, feed: 1 });
  });

  test('leave with their document, and a failed store leaves none', async () => {
    const stored = await storeDocument(input('transient.md', [paragraph('Quagga crossings.')]));
    expect(await postingsOf(stored.documentId)).toMatchObject({ quagga: 1, cross: 1 });
    await database.db.delete(documents).where(eq(documents.id, stored.documentId));
    expect(await postingsOf(stored.documentId)).toEqual({});

    const [before] = await database.db.select({ n: count() }).from(documentTerms);
    const broken = [paragraph('Narwhal tusks'), { type: 'paragraph', text: null, page: 1, headingPath: [] } as unknown as ParsedElement];
    await expect(storeDocument(input('broken-postings.md', broken))).rejects.toThrow();
    const [after] = await database.db.select({ n: count() }).from(documentTerms);
    expect(after?.n).toBe(before?.n);
    const [narwhal] = await database.db.select({ n: count() }).from(documentTerms).where(eq(documentTerms.lexeme, 'narwhal'));
    expect(narwhal?.n).toBe(0);
  });
});

describe('completeMetadata', () => {
  test('falls back to the parsed title, then the file name; the code to the file name without extension', () => {
    const given = { category: 'C', domain: 'D', subdomain: 'S' };
    expect(completeMetadata(given, { title: 'Parsed' }, 'fire-policy.pdf')).toMatchObject({
      title: 'Parsed',
      code: 'fire-policy',
      status: 'current',
    });
    expect(completeMetadata(given, { title: null }, 'fire-policy.pdf')).toMatchObject({ title: 'fire-policy.pdf' });
    expect(completeMetadata({ ...given, title: 'Given', code: 'FP-1' }, { title: 'Parsed' }, 'a.pdf')).toMatchObject({
      title: 'Given',
      code: 'FP-1',
    });
  });
});
