import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { type Database, type DatabaseHandle, rowsOf } from '../db/connect.ts';
import { codeCandidate, codeCandidateTest } from '../core/library/document-codes.ts';
import { createOrganisation } from '../core/identity/organisations.ts';
import { openTestDatabase } from '../test/database.ts';
import { newId } from '../lib/ids.ts';
import { type HeldDocument, heldPostings } from './postings.ts';
import { best, rankSearch } from './rank.ts';

let handle: DatabaseHandle;
let db: Database;
let organisationId: string;
let otherOrganisationId: string;

const everything = { category: [], domain: [], subdomain: [] };

/** A document with one paragraph, written as ingestion writes them (the postings come from the database's triggers). */
async function addDocument(options: { code: string; text: string; organisationId?: string | null }): Promise<string> {
  const id = newId();
  await db.execute(sql`
    insert into documents (id, organisation_id, code, title, filename, category, domain, subdomain, issuer, edition, status, source_kind, content_hash)
    values (${id}, ${options.organisationId ?? null}, ${options.code}, ${`${options.code} title`}, ${`${id}.pdf`}, 'Guidance', 'HTM',
      'HTM 06 Electrical services', 'Test issuer', '2020', 'current', 'upload', ${id})`);
  await db.execute(sql`
    insert into document_elements (id, document_id, position, type, text, page, heading_path)
    values (${newId()}, ${id}, 0, 'paragraph', ${options.text}, 1, '{}')`);
  return id;
}

const search = (q: string, organisation = organisationId) =>
  rankSearch({ db, organisationId: organisation, query: { q, ...everything, page: 1 } });

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db;
  organisationId = (await createOrganisation({ db, name: 'Held Trust' })).id;
  otherOrganisationId = (await createOrganisation({ db, name: 'Other Trust' })).id;
  await addDocument({ code: 'HTM 06-01', text: 'Electrical services supply and distribution in hospitals.' });
  await addDocument({ code: 'CQC Reg 12', text: 'Safe care and treatment of service users.' });
  await addDocument({ code: 'ACoP L8', text: 'Legionnaires disease: the control of legionella bacteria in water systems.' });
});

afterAll(async () => {
  await handle.close();
});

describe('search postings held in memory', () => {
  test('a document stored after a search is found by the next one, and one deleted is gone', async () => {
    expect((await search('zephyrite calibration')).total).toBe(0);
    const id = await addDocument({ code: 'ZX 01', text: 'Zephyrite calibration of the theatre monitors.' });
    const found = await search('zephyrite calibration');
    expect(found.scored.map((entry) => entry.row.id)).toEqual([id]);
    await db.execute(sql`delete from documents where id = ${id}`);
    expect((await search('zephyrite calibration')).total).toBe(0);
  });

  test('each held document carries the columns a reference is made of, as stored, and an edit at the next count', async () => {
    const id = await addDocument({ code: 'HTM 09-02', text: 'Quillwort inspection of theatre pendants.' });
    const stored = async () =>
      Object.fromEntries(
        rowsOf<HeldDocument>(
          await db.execute(sql`select id, code, title, category, domain, subdomain, status, edition from documents`),
        ).map((row) => [row.id, row]),
      );
    const heldNow = async () => {
      const held = await heldPostings({ db, organisationId, query: everything, lexemes: ['quillwort'], titleTf: 10 });
      return Object.fromEntries(held.documents.map((document, ordinal) => [held.ids[ordinal], document]));
    };
    expect(await heldNow()).toEqual(await stored());
    await db.execute(sql`update documents set title = 'Pendant inspection', edition = '2024', status = 'superseded' where id = ${id}`);
    expect((await heldNow())[id]).toMatchObject({ title: 'Pendant inspection', edition: '2024', status: 'superseded' });
    await db.execute(sql`delete from documents where id = ${id}`);
  });

  test("another organisation's internal document is never a candidate, whichever organisation searched first", async () => {
    const internal = await addDocument({
      code: 'INT 7',
      text: 'Quartzfield rota for the estates team.',
      organisationId: otherOrganisationId,
    });
    expect((await search('quartzfield rota', otherOrganisationId)).scored.map((entry) => entry.row.id)).toEqual([internal]);
    expect((await search('quartzfield rota', organisationId)).total).toBe(0);
    expect((await search('quartzfield rota', otherOrganisationId)).total).toBe(1);
  });

  test('the same words searched again are read from memory: only the change count is read', async () => {
    await search('electrical distribution');
    const execute = vi.spyOn(db, 'execute');
    try {
      await heldPostings({ db, organisationId, query: everything, lexemes: ['electr', 'distribut'], titleTf: 3 });
      expect(execute).toHaveBeenCalledTimes(1);
      const statement = JSON.stringify(execute.mock.calls[0]?.[0]);
      expect(statement).toContain('library_version');
      expect(statement).not.toContain('document_terms');
      expect(statement).not.toContain('json_build_array(id, status');
    } finally {
      execute.mockRestore();
    }
  });

  test('a change to the library drops what was held, and everything is read again at the new count', async () => {
    await search('legionella water');
    await db.execute(sql`update library_version set version = version + 1 where id = 1`);
    const execute = vi.spyOn(db, 'execute');
    try {
      const held = await heldPostings({ db, organisationId, query: everything, lexemes: ['legionella', 'water'], titleTf: 3 });
      // The first read finds a new count; the second reads the documents, the scope and the postings together.
      expect(execute).toHaveBeenCalledTimes(2);
      const reread = JSON.stringify(execute.mock.calls[1]?.[0]);
      expect(reread).toContain('document_terms');
      expect(reread).toContain('json_build_array(id, status');
      expect(held.terms.map((postings) => postings?.docs.length)).toEqual([1, 1]);
    } finally {
      execute.mockRestore();
    }
  });
});

describe('positions held for stage two in memory', () => {
  const hold = (lexemes: string[], positionsHeldPerLexeme?: number) =>
    heldPostings({
      db,
      organisationId,
      query: everything,
      lexemes,
      titleTf: 3,
      ...(positionsHeldPerLexeme === undefined ? {} : { positionsHeldPerLexeme }),
    });

  test("are read once, from the stored vectors, with each element's position in its document", async () => {
    const held = await hold(['legionella', 'water']);
    expect(await held.holdPositions()).toBe(true);
    const [vector] = rowsOf<{ positions: [string, number[]][] }>(
      await db.execute(sql`select (select json_agg(json_build_array(u.lexeme, u.positions)) from unnest(e.search_vector) u) as positions
        from document_elements e join documents d on d.id = e.document_id where d.code = 'ACoP L8'`),
    );
    const stored = new Map(vector?.positions ?? []);
    const water = held.terms[1]?.positions?.elements;
    expect(water?.docs.length).toBe(1);
    expect(water?.keys[0]).toBe(0);
    expect([...(water?.positions ?? [])]).toEqual(stored.get('water'));
    const execute = vi.spyOn(db, 'execute');
    try {
      expect(await (await hold(['legionella', 'water'])).holdPositions()).toBe(true);
      expect(execute).toHaveBeenCalledTimes(1);
    } finally {
      execute.mockRestore();
    }
  });

  test('are not held for a word in more elements than the bound, nor read across a change to the library', async () => {
    expect(await (await hold(['bacteria'], 0)).holdPositions()).toBe(false);
    const held = await hold(['bacteria']);
    await db.execute(sql`update library_version set version = version + 1 where id = 1`);
    expect(await held.holdPositions()).toBe(false);
    expect(await (await hold(['bacteria'])).holdPositions()).toBe(true);
  });
});

describe('search postings held in memory, under load', () => {
  test('searches side by side across a change each answer from one library', async () => {
    const id = await addDocument({ code: 'BX 4', text: 'Basaltine gauges in the plant room.' });
    const answers = await Promise.all(
      ['basaltine gauges', 'legionella water', 'basaltine plant', 'electrical distribution'].map((q) => search(q)),
    );
    expect(answers[0]?.scored.map((entry) => entry.row.id)).toEqual([id]);
    expect(answers[2]?.scored.map((entry) => entry.row.id)).toEqual([id]);
    expect(answers[1]?.total).toBe(1);
    expect(answers[3]?.total).toBe(1);
  });

  test('past the bound the least recently searched lexemes are let go, and are read again when searched', async () => {
    const hold = (lexemes: string[]) => heldPostings({ db, organisationId, query: everything, lexemes, titleTf: 3, postingsHeld: 2 });
    await hold(['legionella']);
    await hold(['electr']);
    await hold(['safe']);
    const execute = vi.spyOn(db, 'execute');
    try {
      // Two postings are kept: "electr" and "safe"; "legionella" was let go and is read again.
      await hold(['safe']);
      expect(JSON.stringify(execute.mock.calls.at(-1)?.[0])).not.toContain('document_terms');
      const held = await hold(['legionella']);
      expect(JSON.stringify(execute.mock.calls.at(-1)?.[0])).toContain('document_terms');
      expect(held.terms[0]?.docs.length).toBe(1);
    } finally {
      execute.mockRestore();
    }
  });
});

describe('code candidates in application code', () => {
  test.each([
    'HTM 06-01',
    'htm 6-1',
    'HTM0601',
    'L8',
    'reg 12',
    'Regulation 12',
    'CQC',
    'Which edition of HTM 06-01 is current?',
    'What does ACoP L8 say about legionella?',
    'Our estates team asked whether the water hygiene plan written under HTM 04-01 still meets ACoP L8, and how reg 12 applies to it',
    'legionella',
    'how often',
    '',
  ])('%j selects the documents the SQL condition selects', async (q) => {
    const rows = rowsOf<{ id: string; code_compact: string; code_tokens: string; candidate: boolean }>(
      await db.execute(sql`select d.id, d.code_compact, d.code_tokens, ${codeCandidate(q)} as candidate from documents d order by d.id`),
    );
    const isCode = codeCandidateTest(q);
    expect(rows.map((row) => isCode(row.code_compact, row.code_tokens))).toEqual(rows.map((row) => row.candidate));
  });
});

describe('best', () => {
  test('keeps the first items in order, as a full sort would', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % 50;
    };
    const items = Array.from({ length: 500 }, (_, i) => ({ i, score: random() }));
    const before = (a: { i: number; score: number }, b: { i: number; score: number }) => b.score - a.score || a.i - b.i;
    for (const count of [0, 1, 10, 100, 499, 500, 600]) {
      expect(best(items, count, before)).toEqual([...items].sort(before).slice(0, count));
    }
  });
});
