import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOCUMENTS_DIR, loadCorpus } from '@verity/corpus';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DatabaseHandle } from '../db/connect.ts';
import { documentElements, documents } from '../db/schema.ts';
import { openTestDatabase } from '../test/database.ts';
import { ingestSeedCorpus } from './corpus.ts';

let database: DatabaseHandle;
const corpusSize = loadCorpus().length;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

test('ingests every seed document once; a second run inserts nothing', async () => {
  const first = await ingestSeedCorpus({ db: database.db });
  expect(first).toEqual({ inserted: corpusSize, skipped: 0 });
  expect(corpusSize).toBe(95);

  const second = await ingestSeedCorpus({ db: database.db });
  expect(second).toEqual({ inserted: 0, skipped: corpusSize });

  const [total] = await database.db.select({ n: count() }).from(documents);
  expect(total?.n).toBe(95);
  const rows = await database.db.select().from(documents);
  expect(rows.every((row) => row.organisationId === null && row.sourceKind === 'corpus' && /^[0-9a-f]{64}$/.test(row.contentHash))).toBe(
    true,
  );
});

test('HTM 06-01 has a title, headings and elements with heading paths', async () => {
  const [doc] = await database.db.select().from(documents).where(eq(documents.code, 'HTM 06-01'));
  expect(doc).toMatchObject({
    filename: 'htm-06-01-electrical-services.md',
    category: 'Guidance',
    domain: 'HTM',
    subdomain: 'HTM 06 Electrical services',
    status: 'current',
    supersededByCode: null,
    contentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
  });
  expect(doc?.supersedes).toContain('HTM 06-01 (2007)');
  const elements = await database.db
    .select()
    .from(documentElements)
    .where(eq(documentElements.documentId, doc?.id ?? ''))
    .orderBy(asc(documentElements.position));
  expect(elements[0]).toMatchObject({ type: 'title', text: 'HTM 06-01 Electrical services supply and distribution', headingPath: [] });
  expect(elements.map((e) => e.position)).toEqual(elements.map((_, i) => i));
  const headings = elements.filter((e) => e.type === 'heading').map((e) => e.text);
  expect(headings).toEqual(expect.arrayContaining(['Purpose and scope', 'Legal status', 'Part A – design']));
  const partA = elements.find((e) => e.type === 'heading' && e.text === 'Part A – design');
  expect(partA?.headingPath).toEqual(['Key duties and requirements']);
  const resilience = elements.find((e) => e.type === 'list_item' && e.text.startsWith('Resilience assessment.'));
  expect(resilience?.headingPath).toEqual(['Key duties and requirements', 'Part A – design']);
  expect(resilience?.text).not.toContain('**');
  expect(elements.every((e) => e.page === 1 && e.text.length > 0)).toBe(true);
});

test('a known file name with new content becomes a new, newer document; the old one stays', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'verity-corpus-'));
  try {
    const name = 'htm-06-01-electrical-services.md';
    cpSync(join(DOCUMENTS_DIR, name), join(dir, name));
    writeFileSync(join(dir, name), `${readFileSync(join(dir, name), 'utf8')}\n## Added section\n\nNew paragraph.\n`);
    expect(await ingestSeedCorpus({ db: database.db, dir })).toEqual({ inserted: 1, skipped: 0 });
    expect(await ingestSeedCorpus({ db: database.db, dir })).toEqual({ inserted: 0, skipped: 1 });
    const editions = await database.db.select().from(documents).where(eq(documents.filename, name)).orderBy(asc(documents.createdAt));
    expect(editions).toHaveLength(2);
    expect(new Set(editions.map((e) => e.contentHash)).size).toBe(2);
    const [added] = await database.db
      .select()
      .from(documentElements)
      .where(and(eq(documentElements.documentId, editions[1]?.id ?? ''), eq(documentElements.text, 'New paragraph.')));
    expect(added?.headingPath).toEqual(['Added section']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
