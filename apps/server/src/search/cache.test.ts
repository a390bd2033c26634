import type { SearchResponse } from '@verity/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { buildDocument, buildUser, type TestUser } from '../test/factories.ts';

/**
 * Search answers kept in memory are used only while the library is unchanged, however it changes
 * (a document added, edited or removed, by the app or straight in the database), and only for the
 * organisation they were made for.
 */
describe('search answers kept in memory', () => {
  let t: TestApp;
  let user: TestUser;
  let colleague: TestUser;
  let outsider: TestUser;
  const search = async (who: TestUser, q: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/docs/search?q=${encodeURIComponent(q)}`, headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SearchResponse>();
  };
  const titles = async (who: TestUser, q: string) => (await search(who, q)).results.map((result) => result.reference.title);

  beforeAll(async () => {
    t = await buildTestApp();
    user = await buildUser(t);
    colleague = await buildUser(t, { organisationId: user.user.organisationId });
    outsider = await buildUser(t);
    await buildDocument(t, {
      code: 'HTM 77-01',
      filename: 'htm-77-01.pdf',
      title: 'Quartz tiling maintenance',
      elements: [{ type: 'paragraph', text: 'Quartz tiles in plant rooms are inspected every quarter.' }],
    });
  });
  afterAll(async () => t.close());

  test('an answer is kept: a change made with the library count held still is not seen', async () => {
    expect(await titles(user, 'quartz tiles')).toEqual(['Quartz tiling maintenance']);
    // As if the count had not moved: the triggers off for this transaction.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update documents set title = 'Renamed without the count' where code = 'HTM 77-01'`);
    });
    expect(await titles(user, 'quartz tiles')).toEqual(['Quartz tiling maintenance']);
    await t.db.execute(sql`update documents set title = 'Quartz tiling maintenance' where code = 'HTM 77-01'`);
  });

  test('a document added, edited or removed shows in the very next search', async () => {
    expect(await titles(user, 'quartz tiles')).toEqual(['Quartz tiling maintenance']);
    const added = await buildDocument(t, {
      code: 'HTM 77-02',
      filename: 'htm-77-02.pdf',
      title: 'Quartz tiles in theatres',
      elements: [{ type: 'paragraph', text: 'Quartz tiles in theatres are sealed every year.' }],
    });
    expect((await titles(user, 'quartz tiles')).sort()).toEqual(['Quartz tiles in theatres', 'Quartz tiling maintenance']);
    await t.db.execute(sql`update documents set title = 'Sealed quartz tiles' where id = ${added}`);
    expect(await titles(user, 'quartz tiles')).toContain('Sealed quartz tiles');
    await t.db.execute(sql`delete from documents where id = ${added}`);
    expect(await titles(user, 'quartz tiles')).toEqual(['Quartz tiling maintenance']);
  });

  test('an organisation’s own document is in its answers only, cached or not', async () => {
    await buildDocument(t, {
      code: 'OWN-QZ-1',
      filename: 'own-quartz.docx',
      title: 'Our quartz tile register',
      organisationId: user.user.organisationId,
      elements: [{ type: 'paragraph', text: 'Our quartz tiles are listed here.' }],
    });
    for (let round = 0; round < 2; round++) {
      expect(await titles(user, 'quartz tiles')).toContain('Our quartz tile register');
      expect(await titles(colleague, 'quartz tiles')).toContain('Our quartz tile register');
      expect(await titles(outsider, 'quartz tiles')).not.toContain('Our quartz tile register');
    }
  });

  test('with SEARCH_CACHE_ENTRIES=0 every search reads the library', async () => {
    const uncached = await buildTestApp({ SEARCH_CACHE_ENTRIES: '0' }, { database: t.database });
    try {
      const ask = async () =>
        (await uncached.app.inject({ method: 'GET', url: '/api/docs/search?q=quartz%20tiles', headers: user.headers }))
          .json<SearchResponse>()
          .results.flatMap((result) => result.snippets.map((snippet) => snippet.text_html));
      expect((await ask()).join(' ')).toContain('every quarter');
      // Without the count moving, what ranking holds (postings, positions, the documents' columns)
      // stays as it was, but the answer is made again: its snippet reads the element's text anew.
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(
          sql`update document_elements set text = 'Quartz tiles in plant rooms are inspected every month.'
            where document_id = (select id from documents where code = 'HTM 77-01')`,
        );
      });
      expect((await ask()).join(' ')).toContain('every month');
    } finally {
      await uncached.close();
    }
  });
});
