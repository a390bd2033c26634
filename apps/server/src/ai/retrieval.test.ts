import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { documentElements, documents } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import type { TestApp } from '../test/app.ts';
import { buildLibraryTestApp, buildOrganisation, type TestUser } from '../test/factories.ts';
import { retrievePassages } from './retrieval.ts';

let t: TestApp;
let standard: TestUser;

beforeAll(async () => {
  ({ t, standard } = await buildLibraryTestApp());
});

afterAll(async () => {
  await t.close();
});

const retrieve = (question: string, options: { includeInternal?: boolean; organisationId?: string; history?: string[] } = {}) =>
  retrievePassages({ db: t.db, organisationId: options.organisationId ?? standard.user.organisationId, question, ...options });

/** An internal document with a heading, an introduced list and a later paragraph. */
async function buildProcedure(organisationId: string): Promise<{ id: string; elementIds: string[] }> {
  const id = newId();
  await t.db.insert(documents).values({
    id,
    organisationId,
    code: 'LOCAL QB-7',
    title: 'Quillbrook valve procedure',
    filename: `quillbrook-${id}.md`,
    category: 'Internal',
    domain: 'Local',
    subdomain: 'Local procedures',
    issuer: 'Estates',
    edition: '2025',
    status: 'current',
    sourceKind: 'upload',
    contentHash: id,
  });
  const rows = [
    { type: 'title' as const, text: 'Quillbrook valve procedure', headingPath: [] },
    { type: 'heading' as const, text: 'Checks', headingPath: [] },
    { type: 'paragraph' as const, text: 'Estates staff carry out these checks:', headingPath: ['Checks'] },
    { type: 'list_item' as const, text: 'Exercise every quillbrook valve monthly.', headingPath: ['Checks'] },
    { type: 'list_item' as const, text: 'Record the position of each valve.', headingPath: ['Checks'] },
    { type: 'list_item' as const, text: 'Report seized valves the same day.', headingPath: ['Checks'] },
    { type: 'heading' as const, text: 'Training', headingPath: [] },
    { type: 'paragraph' as const, text: 'New staff are shown the plant rooms in their first week.', headingPath: ['Training'] },
  ].map((row, position) => ({ id: newId(), documentId: id, position, ...row }));
  await t.db.insert(documentElements).values(rows);
  return { id, elementIds: rows.map((row) => row.id) };
}

describe('retrievePassages', () => {
  test('expands a matching list item to its whole list with the paragraph introducing it and its heading', async () => {
    const { id, elementIds } = await buildProcedure(standard.user.organisationId);
    const result = await retrieve('How often must a quillbrook valve be exercised?', { includeInternal: true });
    expect(result.passages).toHaveLength(1);
    const [passage] = result.passages;
    expect(passage?.documentId).toBe(id);
    expect(passage?.headingPath).toEqual(['Checks']);
    expect(passage?.elements.map((element) => element.id)).toEqual(elementIds.slice(2, 6));
    expect(passage?.score).toBeGreaterThanOrEqual(0.5);
    expect(passage?.sentences.find((sentence) => sentence.text.startsWith('Exercise'))?.score).toBeGreaterThan(0.5);

    // Internal documents only when asked for, and never another organisation's.
    expect((await retrieve('How often must a quillbrook valve be exercised?')).passages).toEqual([]);
    const outsider = await buildOrganisation(t);
    expect(
      (await retrieve('How often must a quillbrook valve be exercised?', { includeInternal: true, organisationId: outsider.id })).passages,
    ).toEqual([]);
  });

  test('caps passages and documents, with no element quoted twice', async () => {
    const result = await retrieve('How often must lifting equipment used to lift patients be thoroughly examined?');
    expect(result.passages.length).toBeGreaterThan(1);
    expect(result.passages.length).toBeLessThanOrEqual(8);
    expect(new Set(result.passages.map((passage) => passage.documentId)).size).toBeLessThanOrEqual(4);
    const ids = result.passages.flatMap((passage) => passage.elements.map((element) => element.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(result.passages.map((passage) => passage.code)).toEqual(expect.arrayContaining(['LOLER 1998', 'HTM 08-02']));
    expect(result.elapsedMs).toBeGreaterThan(0);
  });

  test('keeps a question naming a code to that document', async () => {
    const result = await retrieve('HTM 06-01');
    expect(new Set(result.passages.map((passage) => passage.code))).toEqual(new Set(['HTM 06-01']));
  });

  test.each([
    ['only question words', 'What is it?'],
    ['query syntax and SQL', `"'; drop table documents; -- OR -everything`],
    ['an oversized question', `${'zzq '.repeat(1500)}valves`],
  ])('answers nothing for %s, without error and without changing the library', async (_, question) => {
    const [before] = await t.db.select({ n: count() }).from(documents);
    const result = await retrieve(question);
    expect(result.passages).toEqual([]);
    const [after] = await t.db.select({ n: count() }).from(documents);
    expect(after?.n).toBe(before?.n);
  });
});
