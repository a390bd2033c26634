import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseHandle } from '../db/connect.ts';
import { documentElements, documents, organisations } from '../db/schema.ts';
import { newId, sha256 } from '../lib/ids.ts';
import { openTestDatabase } from '../test/database.ts';
import type { ParsedElement } from './markdown.ts';
import { completeMetadata, type DocumentMetadata, DocumentOwnerConflictError, storeDocument } from './store.ts';

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

  test('the same file already stored for another owner is refused, not handed out', async () => {
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
    await storeDocument({ ...input, organisationId });
    await expect(storeDocument({ ...input, organisationId: null })).rejects.toBeInstanceOf(DocumentOwnerConflictError);
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
