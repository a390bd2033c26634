import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOCUMENTS_DIR, loadCorpus } from '@verity/corpus';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type DatabaseHandle, rowsOf } from '../db/connect.ts';
import { documentElements, documentFavourites, documents, documentTerms, organisations, users } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
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
  expect(first).toEqual({ inserted: corpusSize, revised: 0, skipped: 0 });
  // Every file of the library is a document (none skipped by the loader).
  expect(corpusSize).toBe(readdirSync(DOCUMENTS_DIR).filter((name) => name.endsWith('.md')).length);

  const second = await ingestSeedCorpus({ db: database.db });
  expect(second).toEqual({ inserted: 0, revised: 0, skipped: corpusSize });

  const [total] = await database.db.select({ n: count() }).from(documents);
  expect(total?.n).toBe(corpusSize);
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

/** A copy of one seed file in a directory of its own, changed by `edit`. */
function editedCopy(name: string, edit: (text: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), 'verity-corpus-'));
  cpSync(join(DOCUMENTS_DIR, name), join(dir, name));
  writeFileSync(join(dir, name), edit(readFileSync(join(dir, name), 'utf8')));
  return dir;
}

async function elementsOf(documentId: string) {
  return database.db
    .select()
    .from(documentElements)
    .where(eq(documentElements.documentId, documentId))
    .orderBy(asc(documentElements.position));
}

test('a corrected file of the same edition revises the stored document in place: same id, favourites, cited elements and fresh search data', async () => {
  const name = 'htm-06-02-low-voltage-electrical-safety.md';
  const [before] = await database.db.select().from(documents).where(eq(documents.filename, name));
  if (!before) throw new Error('seed document missing');
  const oldElements = await elementsOf(before.id);
  const kept = oldElements.find((e) => e.type === 'paragraph');
  const source = readFileSync(join(DOCUMENTS_DIR, name), 'utf8');
  const dropped = oldElements.filter((e) => e.type === 'paragraph' && source.includes(e.text)).at(-1);
  if (!kept || !dropped || kept.id === dropped.id) throw new Error('expected two paragraphs');
  // A favourite of the document, and the word the dropped paragraph is the only one to hold.
  const organisationId = newId();
  const userId = newId();
  await database.db.insert(organisations).values({ id: organisationId, name: 'Revision Trust' });
  await database.db
    .insert(users)
    .values({ id: userId, externalId: newId(), organisationId, email: 'revision@example.org', firstname: 'Rev', surname: 'Ision' });
  await database.db.insert(documentFavourites).values({ userId, documentId: before.id });

  const dir = editedCopy(name, (text) =>
    text
      .replace(dropped.text, 'Zyxwvutian correction replaces this paragraph.')
      .concat('\n## Revision note\n\nQuuxtastic wording added by a correction.\n'),
  );
  try {
    expect(await ingestSeedCorpus({ db: database.db, dir })).toEqual({ inserted: 0, revised: 1, skipped: 0 });
    expect(await ingestSeedCorpus({ db: database.db, dir })).toEqual({ inserted: 0, revised: 0, skipped: 1 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const rows = await database.db.select().from(documents).where(eq(documents.filename, name));
  expect(rows).toHaveLength(1);
  expect(rows[0]?.id).toBe(before.id);
  expect(rows[0]?.contentHash).not.toBe(before.contentHash);
  expect(rows[0]?.hasNewerEdition).toBe(false);
  const [favourite] = await database.db.select().from(documentFavourites).where(eq(documentFavourites.userId, userId));
  expect(favourite?.documentId).toBe(before.id);

  const newElements = await elementsOf(before.id);
  expect(newElements.map((e) => e.position)).toEqual(newElements.map((_, i) => i));
  // An unchanged element keeps its id (a citation of it still highlights); the changed one is gone.
  expect(newElements.find((e) => e.id === kept.id)?.text).toBe(kept.text);
  expect(newElements.some((e) => e.id === dropped.id)).toBe(false);
  expect(newElements.find((e) => e.text === 'Quuxtastic wording added by a correction.')?.headingPath).toEqual(['Revision note']);

  // Search postings follow the new text: the added word is there, counted once.
  const [added] = await database.db
    .select()
    .from(documentTerms)
    .where(and(eq(documentTerms.documentId, before.id), eq(documentTerms.lexeme, 'quuxtast')));
  expect(added?.elements).toBe(1);
  const terms = await database.db.select().from(documentTerms).where(eq(documentTerms.documentId, before.id));
  const recount = await database.db.execute(sql`
    select count(distinct t.lexeme)::int as n from document_elements e cross join lateral unnest(e.search_vector) t
    where e.document_id = ${before.id}`);
  const inTitleOnly = terms.filter((t) => t.elements === 0).length;
  expect(terms.length - inTitleOnly).toBe(rowsOf<{ n: number }>(recount)[0]?.n ?? -1);
  expect(terms.some((t) => t.inTitle)).toBe(true);
});

test('a file whose front matter gives a new edition becomes a new, newer document; the old one stays', async () => {
  const name = 'htm-06-01-electrical-services.md';
  const dir = editedCopy(name, (text) => `${text.replace('edition: "2017"', 'edition: "2030"')}\n## Added section\n\nNew paragraph.\n`);
  try {
    expect(await ingestSeedCorpus({ db: database.db, dir })).toEqual({ inserted: 1, revised: 0, skipped: 0 });
    expect(await ingestSeedCorpus({ db: database.db, dir })).toEqual({ inserted: 0, revised: 0, skipped: 1 });
    const editions = await database.db.select().from(documents).where(eq(documents.filename, name)).orderBy(asc(documents.createdAt));
    expect(editions).toHaveLength(2);
    expect(editions.map((e) => e.edition)).toEqual(['2017', '2030']);
    expect(editions[0]?.hasNewerEdition).toBe(true);
    const [added] = await database.db
      .select()
      .from(documentElements)
      .where(and(eq(documentElements.documentId, editions[1]?.id ?? ''), eq(documentElements.text, 'New paragraph.')));
    expect(added?.headingPath).toEqual(['Added section']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
