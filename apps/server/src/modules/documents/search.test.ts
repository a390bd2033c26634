import { type ApiErrorBody, SEARCH_PAGE_SIZE, type SearchResponse } from '@verity/shared';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { documents } from '../../db/schema.ts';
import type { TestApp } from '../../test/app.ts';
import { buildDocument, buildLibraryTestApp, buildUser, type TestUser } from '../../test/factories.ts';
import { completeMetadata, storeDocument } from '../../ingest/store.ts';
import { sha256 } from '../../lib/ids.ts';
import { codeMatch } from '../../core/library/document-codes.ts';
import { queryWords } from '../../search/query.ts';
import { rankSearch } from '../../search/rank.ts';
import { pageSnippets } from '../../search/snippets.ts';

let t: TestApp;
let standard: TestUser;
let guest: TestUser;

beforeAll(async () => {
  ({ t, standard, guest } = await buildLibraryTestApp());
});

afterAll(async () => {
  await t.close();
});

function search(user: TestUser | null, query: string) {
  return t.app.inject({ method: 'GET', url: `/api/docs/search?${query}`, headers: user?.headers ?? {} });
}

async function results(query: string): Promise<SearchResponse> {
  const response = await search(standard, query);
  expect(response.statusCode).toBe(200);
  return response.json<SearchResponse>();
}

async function codes(q: string): Promise<string[]> {
  const body = await results(new URLSearchParams({ q }).toString());
  return body.results.map((result) => result.reference.code);
}

describe('code matching', () => {
  test.each([
    ['HTM 06-01', 'HTM 06-01', 2],
    ['htm 6-1', 'HTM 06-01', 2],
    ['HTM0601', 'HTM 06-01', 2],
    ['L8', 'ACoP L8', 1],
    ['COSHH', 'COSHH 2002', 1],
    ['reg 12', 'CQC Reg 12', 1],
    ['Regulation 12', 'CQC Reg 12', 1],
    ['reg 1', 'CQC Reg 12', 0],
    ['legionella', 'ACoP L8', 0],
    ['Which edition of HTM 07-01 is current?', 'HTM 07-01', 1],
    ['Which edition of HTM 07-01 is current?', 'HTM 07-01 (2013)', 0],
  ])('%s against %s is %i', (query, code, expected) => {
    expect(codeMatch(query, code)).toBe(expected);
  });
});

describe('query words for relaxed matching', () => {
  test('are distinct lower-case letter and digit runs, no tsquery syntax', () => {
    expect(queryWords("What's the 'ICO' \\ deadline?: & | ! ICO")).toEqual(['what', 's', 'the', 'ico', 'deadline']);
  });
});

describe('GET /api/docs/search', () => {
  test('a natural-language query finds documents that have its words in different places', async () => {
    const found = (await codes('legionella temperature monitoring')).slice(0, 10);
    expect(found).toEqual(expect.arrayContaining(['ACoP L8', 'HSG274', 'HTM 04-01 Part B']));
  });

  test('a question with tsquery punctuation is searched, not an error', async () => {
    const body = await results(new URLSearchParams({ q: "what's the 'ICO' \\ deadline?: & | !" }).toString());
    expect(body.results.length).toBeGreaterThan(0);
  });

  test.each(['what is the', 'the the the', 'and of'])(
    'a query of stop-words only (%s) answers with no results, not an error',
    async (q) => {
      const body = await results(new URLSearchParams({ q }).toString());
      expect(body.results).toEqual([]);
      expect(body.total).toBe(0);
    },
  );

  test('a code named inside a question ranks that document first', async () => {
    expect((await codes('Which edition of HTM 07-01 is current?'))[0]).toBe('HTM 07-01');
  });

  test('without a token 401, as a guest 403', async () => {
    expect((await search(null, 'q=legionella')).statusCode).toBe(401);
    expect((await search(guest, 'q=legionella')).statusCode).toBe(403);
  });

  test.each(['HTM 06-01', 'htm 6-1', 'HTM0601', 'htm 06-01', 'HTM 6-01', 'What does HTM 06-01 say about medical IT systems?'])(
    '%s finds HTM 06-01 first',
    async (q) => {
      expect((await codes(q))[0]).toBe('HTM 06-01');
    },
  );

  test.each([
    ['L8', 'ACoP L8'],
    ['COSHH', 'COSHH 2002'],
    ['reg 12', 'CQC Reg 12'],
    ['Reg12', 'CQC Reg 12'],
    ['Regulation 12', 'CQC Reg 12'],
    ['regulation 12', 'CQC Reg 12'],
    ['CQC Regulation 12', 'CQC Reg 12'],
    ['What does Regulation 12 require?', 'CQC Reg 12'],
    ['HSG274', 'HSG274'],
  ])('%s finds %s first', async (q, code) => {
    expect((await codes(q))[0]).toBe(code);
  });

  test('the superseded edition ranks below the current one and is labelled superseded', async () => {
    const body = await results('q=HTM+06-01');
    const found = body.results.map((result) => result.reference);
    const current = found.findIndex((reference) => reference.code === 'HTM 06-01');
    const superseded = found.findIndex((reference) => reference.code === 'HTM 06-01 (2007)');
    expect(current).toBe(0);
    expect(superseded).toBeGreaterThan(current);
    expect(found[superseded]?.status).toBe('superseded');
    expect(found[current]?.status).toBe('current');
  });

  test('for a plain-English query the superseded ACoP L8 (2000) ranks below the current ACoP L8', async () => {
    const body = await results(new URLSearchParams({ q: 'legionella temperature monitoring' }).toString());
    const found = body.results.map((result) => result.reference);
    const current = found.findIndex((reference) => reference.code === 'ACoP L8');
    const superseded = found.findIndex((reference) => reference.code === 'ACoP L8 (2000)');
    expect(current).toBeGreaterThanOrEqual(0);
    expect(superseded).toBeGreaterThan(current);
    expect(found[superseded]?.status).toBe('superseded');
  });

  test('a superseded edition stays below its current edition even when only it mentions the words', async () => {
    const body = await results(new URLSearchParams({ q: 'legionella 3rd edition Part 2' }).toString());
    const found = body.results.map((result) => result.reference.code);
    expect(found).toContain('ACoP L8 (2000)');
    if (found.includes('ACoP L8')) expect(found.indexOf('ACoP L8 (2000)')).toBeGreaterThan(found.indexOf('ACoP L8'));
  });

  test('the document about a topic ranks above passing mentions of it elsewhere', async () => {
    expect((await codes('written scheme of examination for pressure systems'))[0]).toBe('PSSR 2000');
    expect((await codes('duty to manage asbestos'))[0]).toBe('CAR 2012');
  });

  test.each(['HTM0601', 'COSHH', 'L8'])('a hit by code alone (%s) still has a snippet of the document', async (q) => {
    const body = await results(new URLSearchParams({ q }).toString());
    const first = body.results[0];
    expect(first?.snippets.length).toBeGreaterThan(0);
    expect(first?.snippets[0]?.text_html.replace(/<\/?mark>/g, '').length).toBeGreaterThan(40);
  });

  test('a code-only snippet is the opening paragraph, escaped', async () => {
    const owner = await buildUser(t);
    await buildDocument(t, {
      code: 'QQX 99-01',
      filename: 'qqx-99-01.md',
      title: 'Quokka enclosure guidance',
      organisationId: owner.user.organisationId,
      elements: [
        { type: 'title', text: 'QQX 99-01 Quokka enclosure guidance' },
        { type: 'paragraph', text: 'Keep <b>quokkas</b> & wallabies apart "always".' },
      ],
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/search?q=qqx9901', headers: owner.headers });
    const [first] = response.json<SearchResponse>().results;
    expect(first?.reference.code).toBe('QQX 99-01');
    expect(first?.snippets[0]?.text_html).toBe('Keep &lt;b&gt;quokkas&lt;/b&gt; &amp; wallabies apart &quot;always&quot;.');
  });

  test('snippets highlight the matched words with <mark>', async () => {
    const body = await results('q=legionella');
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.page).toBe(1);
    expect(body.page_size).toBe(20);
    expect(body.total).toBeGreaterThanOrEqual(body.results.length);
    const first = body.results[0];
    expect(first?.snippets.length).toBeGreaterThan(0);
    expect(first?.snippets[0]?.text_html).toMatch(/<mark>legionella<\/mark>/i);
    expect(first?.snippets[0]?.element_id).toMatch(/^[A-Za-z0-9]{26}$/);
  });

  test('every part of a code is marked, the number after its hyphen too', async () => {
    const body = await results('q=HTM%2004-01');
    const html = body.results.flatMap((result) => result.snippets.map((snippet) => snippet.text_html)).join(' ');
    expect(html).toMatch(/<mark>HTM<\/mark> <mark>04<\/mark>-<mark>01<\/mark>/);
  });

  test('a quoted phrase matches the words next to each other', async () => {
    const body = await results(new URLSearchParams({ q: '"water hygiene"' }).toString());
    expect(body.results.length).toBeGreaterThan(0);
    for (const result of body.results) {
      for (const snippet of result.snippets) {
        expect(snippet.text_html.replace(/<\/?mark>/g, '').toLowerCase()).toMatch(/water\W+hygiene/);
      }
    }
  });

  test('a domain filter excludes other domains; repeated values are OR', async () => {
    const all = await results('q=risk+assessment');
    const domains = new Set(all.results.map((result) => result.reference.tags.domain));
    expect(domains.size).toBeGreaterThan(1);
    const [first, second] = [...domains];
    const one = await results(`q=risk+assessment&domain=${encodeURIComponent(first ?? '')}`);
    expect(one.results.length).toBeGreaterThan(0);
    expect(one.results.every((result) => result.reference.tags.domain === first)).toBe(true);
    const two = await results(`q=risk+assessment&domain=${encodeURIComponent(first ?? '')}&domain=${encodeURIComponent(second ?? '')}`);
    expect(new Set(two.results.map((result) => result.reference.tags.domain))).toEqual(new Set([first, second].filter(Boolean)));
    const none = await results(`q=risk+assessment&domain=${encodeURIComponent(first ?? '')}&category=no-such-category`);
    expect(none.results).toEqual([]);
    expect(none.total).toBe(0);
  });

  test("another organisation's internal documents are never found; the caller's own are", async () => {
    const other = await buildUser(t);
    const id = await buildDocument(t, {
      code: 'INT zebrafinch',
      filename: 'zebrafinch-policy.md',
      title: 'Zebrafinch aviary policy',
      organisationId: other.user.organisationId,
      elements: [{ type: 'paragraph', text: 'Zebrafinch aviaries are cleaned weekly.' }],
    });
    expect((await results('q=zebrafinch')).total).toBe(0);
    const own = await t.app.inject({ method: 'GET', url: '/api/docs/search?q=zebrafinch', headers: other.headers });
    expect(own.json<SearchResponse>().results.map((result) => result.reference.short_id)).toEqual([id]);
  });

  test('paging: page 2 continues page 1', async () => {
    const page1 = await results('q=safety');
    const page2 = await results('q=safety&page=2');
    expect(page2.page).toBe(2);
    expect(page2.total).toBe(page1.total);
    const ids1 = new Set(page1.results.map((result) => result.reference.short_id));
    expect(page2.results.some((result) => ids1.has(result.reference.short_id))).toBe(false);
  });

  test('a document stored by ingestion is found by a word only it holds, alone or within a question', async () => {
    const owner = await buildUser(t);
    const { documentId } = await storeDocument({
      db: t.db,
      organisationId: owner.user.organisationId,
      filename: 'axolotl-tanks.md',
      contentHash: sha256('axolotl-tanks'),
      metadata: completeMetadata(
        { code: 'AXO-1', category: 'Policy', domain: 'Water', subdomain: 'Tanks' },
        { title: 'Tank care' },
        'axolotl-tanks.md',
      ),
      elements: [
        { type: 'title', text: 'Tank care', page: 1, headingPath: [] },
        { type: 'paragraph', text: 'Axolotl tanks are drained and disinfected monthly.', page: 1, headingPath: ['Cleaning'] },
      ],
      sourceKind: 'upload',
    });
    for (const q of ['axolotl', 'How often are axolotl tanks disinfected?']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/docs/search?${new URLSearchParams({ q })}`, headers: owner.headers });
      const [first] = response.json<SearchResponse>().results;
      expect(first?.reference.short_id).toBe(documentId);
      expect(first?.snippets[0]?.text_html).toMatch(/<mark>Axolotl<\/mark>/);
    }
  });

  test('only the newest edition of a file name is found; a newer internal edition hides the external one from its organisation only', async () => {
    const owner = await buildUser(t);
    const store = (organisationId: string | null, text: string) =>
      storeDocument({
        db: t.db,
        organisationId,
        filename: 'ocelot-guidance.md',
        contentHash: sha256(text),
        metadata: completeMetadata(
          { code: 'OCE-1', category: 'Guidance', domain: 'Water', subdomain: 'Pens' },
          { title: 'Pen guidance' },
          'ocelot-guidance.md',
        ),
        elements: [{ type: 'paragraph', text, page: 1, headingPath: [] }],
        sourceKind: 'upload',
      });
    const first = await store(null, 'Ocelot pens are inspected weekly.');
    const second = await store(null, 'Ocelot pens are inspected daily.');
    const ids = async (user: TestUser) => {
      const response = await t.app.inject({ method: 'GET', url: '/api/docs/search?q=ocelot', headers: user.headers });
      return response.json<SearchResponse>().results.map((result) => result.reference.short_id);
    };
    expect(await ids(standard)).toEqual([second.documentId]);
    const internal = await store(owner.user.organisationId, 'Ocelot pens are inspected hourly here.');
    expect(await ids(owner)).toEqual([internal.documentId]);
    expect(await ids(standard)).toEqual([second.documentId]);
    // The older external edition is flagged; the newest rows are not.
    const flags = await t.db
      .select({ id: documents.id, hasNewerEdition: documents.hasNewerEdition })
      .from(documents)
      .where(inArray(documents.id, [first.documentId, second.documentId, internal.documentId]));
    expect(Object.fromEntries(flags.map((row) => [row.id, row.hasNewerEdition]))).toEqual({
      [first.documentId]: true,
      [second.documentId]: true,
      [internal.documentId]: false,
    });
  });

  test('with more matching documents than are scored exactly, the best still ranks first and paging counts them all', async () => {
    const owner = await buildUser(t);
    const many = 130;
    for (let i = 0; i < many; i++) {
      await buildDocument(t, {
        code: `PNG ${i}`,
        filename: `pangolin-${i}.md`,
        title: 'Enclosure note',
        organisationId: owner.user.organisationId,
        elements: [{ type: 'paragraph', text: `Pangolin enclosure note ${i}.` }],
      });
    }
    // Stored last, so neither insertion order nor id puts it first: only its postings do.
    const best = await buildDocument(t, {
      code: 'PNG best',
      filename: 'pangolin-best.md',
      title: 'Pangolin husbandry',
      organisationId: owner.user.organisationId,
      elements: [
        { type: 'paragraph', text: 'Pangolin husbandry basics.' },
        { type: 'paragraph', text: 'Pangolin diets and pangolin enclosures.' },
        { type: 'paragraph', text: 'Pangolin health checks.' },
      ],
    });
    const page = async (q: string, n: number) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/docs/search?${new URLSearchParams({ q, page: String(n) })}`,
        headers: owner.headers,
      });
      return response.json<SearchResponse>();
    };
    const first = await page('pangolin', 1);
    expect(first.total).toBe(many + 1);
    expect(first.results[0]?.reference.short_id).toBe(best);
    // The question's other words also match a few seed documents; the pangolin document with all three still leads.
    expect((await page('pangolin husbandry diets', 1)).results[0]?.reference.short_id).toBe(best);
    const seen = new Set<string>();
    for (let n = 1; n <= 7; n++) {
      for (const result of (await page('pangolin', n)).results) seen.add(result.reference.short_id);
    }
    expect(seen.size).toBe(many + 1);
    expect((await page('pangolin', 8)).results).toEqual([]);

    // A query with operators takes its matches from the full-text indexes: an exclusion leaves out
    // every document whose pangolin passages all mention an enclosure, however many hold the word.
    const excluding = await page('pangolin -enclosure', 1);
    expect(excluding.total).toBe(1);
    expect(excluding.results.map((result) => result.reference.short_id)).toEqual([best]);
    // A phrase more documents match than are scored exactly: every one counted and paged once.
    expect((await page('"pangolin enclosure"', 1)).total).toBe(many + 1);
    const phrased = new Set<string>();
    for (let n = 1; n <= 7; n++) {
      for (const result of (await page('"pangolin enclosure"', n)).results) phrased.add(result.reference.short_id);
    }
    expect(phrased.size).toBe(many + 1);
    expect(phrased.has(best)).toBe(true);
    // Nobody else sees them.
    expect((await results('q=pangolin')).total).toBe(0);
  });

  test.each([
    ['no q', ''],
    ['empty q', 'q='],
    ['whitespace q', 'q=%20%20%20'],
    ['q over 500 characters', `q=${'a'.repeat(501)}`],
    ['page 0', 'q=water&page=0'],
    ['page not a number', 'q=water&page=abc'],
    ['page not whole', 'q=water&page=1.5'],
  ])('%s is a 422', async (_name, query) => {
    const response = await search(standard, query);
    expect(response.statusCode).toBe(422);
    expect(response.json<ApiErrorBody>().detail?.length).toBeGreaterThan(0);
  });
});

describe('stage two of ranking in memory', () => {
  // Plain words of every shape the wiki and chat send: one word, a stop-word with one, a word
  // twice, questions, codes the parser reads as phrases ("07-01" is '07' <-> '-01'), hyphenated
  // words, and words few or many documents hold, on two pages of the same block; and queries with
  // operators: quoted phrases, and exclusions of words and phrases (or stays on the statements).
  const QUERIES = [
    'water',
    'the water',
    'fire fires',
    'legionella temperature',
    'fire risk assessment',
    'theatre ventilation air changes',
    'water safety group',
    'hot water storage temperature 60',
    'How often must lifting equipment used to lift patients be thoroughly examined?',
    'Who appoints the Authorising Engineer for low voltage electrical systems?',
    'What must a fire risk assessment cover and who is responsible for it?',
    'How quickly must a personal data breach be reported to the ICO?',
    'Which edition of HTM 07-01 is current?',
    'L8 legionella',
    'HTM 04-01',
    'HTM 06-01 electrical safety',
    'BS 8580-1 risk assessment',
    'self-closing fire doors',
    '"water safety" group',
    '"fire risk assessment"',
    '"written scheme of examination"',
    '"HTM 04-01" water',
    'legionella -temperature',
    'sharps disposal -laundry',
    'water -"hot water"',
    '-legionella water safety',
    'fire -risk -assessment',
    '"water safety" -group',
    'HTM 04-01 -legionella',
    'legionella or temperature',
  ];

  test('orders and scores documents, and picks their snippets, exactly as the statements do', async () => {
    const organisationId = standard.user.organisationId;
    const byStatementToo = new Set<string>();
    for (const q of QUERIES) {
      for (const page of [1, 2]) {
        const query = { q, category: [], domain: [], subdomain: [], page };
        const byStatement = await rankSearch({ db: t.db, organisationId, query, statementOnly: true });
        const execute = vi.spyOn(t.db, 'execute');
        const held = await rankSearch({ db: t.db, organisationId, query }).finally(() => {
          if (execute.mock.calls.some(([statement]) => JSON.stringify(statement).includes('element_hits'))) byStatementToo.add(q);
          execute.mockRestore();
        });
        const ranking = (ranked: typeof held) =>
          ranked.scored.map(({ row }) => [row.id, row.is_strict, row.text_match, row.code, row.status, row.superseded_by_code]);
        expect(ranking(held), `${q} (page ${page})`).toEqual(ranking(byStatement));
        // The statement takes logarithms in PostgreSQL's C library: the last bit may differ.
        held.scored.forEach(({ score }, i) => {
          expect(Math.abs(score - (byStatement.scored[i]?.score ?? Number.NaN)), `${q} (page ${page}), result ${i + 1}`).toBeLessThan(
            1e-12,
          );
        });
        expect(held.total).toBe(byStatement.total);
        expect(held.scored.length).toBeGreaterThan(0);
        // The page's snippets: the same passages, marked the same way.
        const rows = held.scored.slice((page - 1) * SEARCH_PAGE_SIZE, page * SEARCH_PAGE_SIZE).map((entry) => entry.row);
        const snippets = (chosenBy: typeof held) =>
          pageSnippets({ db: t.db, rows, queries: chosenBy.queries, words: chosenBy.words, held: chosenBy.held });
        expect(Object.fromEntries(await snippets(held)), `${q} (page ${page})`).toEqual(Object.fromEntries(await snippets(byStatement)));
      }
    }
    // Quoted phrases and exclusions find their matches in memory too; or is left to the statements.
    expect([...byStatementToo]).toEqual(['legionella or temperature']);
  });
});
