import type { ApiErrorBody, CompareElement, CompareResponse, CompareRow, CompareSegment } from '@verity/shared';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { documents } from '../../db/schema.ts';
import type { TestApp } from '../../test/app.ts';
import { buildDocument, buildLibraryTestApp, buildUser, type TestUser } from '../../test/factories.ts';
import { compareElements, diffSequences, diffWords, historyOf, item, MAX_EDIT_DISTANCE, normaliseText, sectionChanges } from './compare.ts';

let nextId = 0;
function element(text: string, type: CompareElement['type'] = 'paragraph'): CompareElement {
  return { id: `e${++nextId}`, type, text, heading_path: [] };
}

function rebuild(segments: CompareSegment[], side: 'removed' | 'added'): string {
  return segments
    .filter((segment) => segment.kind === 'equal' || segment.kind === side)
    .map((segment) => segment.text)
    .join('');
}

/** Every row is consistent: both sides in their original order, changed rows rebuild both texts. */
function expectConsistent(rows: CompareRow[], left: CompareElement[], right: CompareElement[]) {
  expect(rows.flatMap((row) => (row.left ? [row.left] : []))).toEqual(left);
  expect(rows.flatMap((row) => (row.right ? [row.right] : []))).toEqual(right);
  for (const row of rows) {
    if (row.change === 'equal') expect(normaliseText(row.left?.text ?? '')).toBe(normaliseText(row.right?.text ?? ''));
    if (row.change === 'added') expect(row.left).toBeNull();
    if (row.change === 'removed') expect(row.right).toBeNull();
    if (row.change === 'changed') {
      expect(rebuild(row.segments ?? [], 'removed')).toBe(row.left?.text);
      expect(rebuild(row.segments ?? [], 'added')).toBe(row.right?.text);
    } else {
      expect(row.segments).toBeUndefined();
    }
  }
}

function within(section: string, text: string, type: CompareElement['type'] = 'paragraph'): CompareElement {
  return { id: `e${++nextId}`, type, text, heading_path: [section] };
}

describe('what changed', () => {
  test('sections only on one side, and edited sections with their counts, in reading order', () => {
    const left = [
      element('Doc', 'title'),
      element('Scope', 'heading'),
      within('Scope', 'Hot water is stored at 60°C or above.'),
      element('What it covered', 'heading'),
      within('What it covered', 'Old text about coverage.'),
      element('Records', 'heading'),
      within('Records', 'Records are kept.'),
    ];
    const right = [
      element('Doc', 'title'),
      element('Scope', 'heading'),
      within('Scope', 'Hot water is stored at 60°C or above and distributed at 55°C.'),
      element('Records', 'heading'),
      within('Records', 'Records are kept.'),
      element('Intervals', 'heading'),
      within('Intervals', 'Sentinel outlets are checked monthly.'),
    ];
    expect(sectionChanges(compareElements(left, right))).toEqual([
      { heading: 'Scope', change: 'changed', added: 0, removed: 0, changed: 1 },
      { heading: 'What it covered', change: 'removed', added: 0, removed: 2, changed: 0 },
      { heading: 'Intervals', change: 'added', added: 2, removed: 0, changed: 0 },
    ]);
    expect(sectionChanges(compareElements(left, left))).toEqual([]);
  });

  test("a document's own history section gives its first passages, long ones cut at a sentence", () => {
    const long = `${'The first edition was replaced. '.repeat(30)}`.trim();
    const elements = [
      element('Doc', 'title'),
      element('Scope', 'heading'),
      within('Scope', 'Not history.'),
      element('History and what changed', 'heading'),
      within('History and what changed', 'It replaced the 2006 edition.'),
      within('History and what changed', long),
    ];
    const history = historyOf(elements);
    expect(history?.heading).toBe('History and what changed');
    expect(history?.passages[0]).toBe('It replaced the 2006 edition.');
    expect(history?.passages[1]?.length).toBeLessThanOrEqual(600);
    expect(history?.passages[1]).toMatch(/replaced\.$/);
    expect(historyOf(elements.slice(0, 3))).toBeNull();
  });
});

describe('element diff', () => {
  const base = [
    element('Scope', 'heading'),
    element('Hot water is stored at 60°C or above.'),
    element('Cold water is kept below 20°C.'),
    element('Records are kept for five years.'),
  ];

  test('identical documents are all equal, whitespace and case aside', () => {
    const copy = base.map((original) => element(original.text.toUpperCase().replace(/ /g, '  '), original.type));
    const rows = compareElements(base, copy);
    expect(rows.map((row) => row.change)).toEqual(['equal', 'equal', 'equal', 'equal']);
    expectConsistent(rows, base, copy);
  });

  test('an inserted element is one added row in its place', () => {
    const inserted = element('Sentinel outlets are tested monthly.', 'list_item');
    const right = [item(base, 0), item(base, 1), inserted, item(base, 2), item(base, 3)];
    const rows = compareElements(base, right);
    expect(rows.map((row) => row.change)).toEqual(['equal', 'equal', 'added', 'equal', 'equal']);
    expect(rows[2]?.right).toEqual(inserted);
    expectConsistent(rows, base, right);
  });

  test('a deleted element is one removed row in its place', () => {
    const right = [item(base, 0), item(base, 2), item(base, 3)];
    const rows = compareElements(base, right);
    expect(rows.map((row) => row.change)).toEqual(['equal', 'removed', 'equal', 'equal']);
    expect(rows[1]?.left).toEqual(base[1]);
    expectConsistent(rows, base, right);
  });

  test('an edited element is one changed row whose segments rebuild both texts', () => {
    const edited = element('Hot water is stored at 60°C or higher and circulated at 55°C.');
    const right = [item(base, 0), edited, item(base, 2), item(base, 3)];
    const rows = compareElements(base, right);
    expect(rows.map((row) => row.change)).toEqual(['equal', 'changed', 'equal', 'equal']);
    expect(rows[1]?.segments).toEqual([
      { kind: 'equal', text: 'Hot water is stored at 60°C or ' },
      { kind: 'removed', text: 'above' },
      { kind: 'added', text: 'higher and circulated at 55°C' },
      { kind: 'equal', text: '.' },
    ]);
    expectConsistent(rows, base, right);
  });

  test('a replaced element unlike the old one, or of another type, stays removed + added', () => {
    const right = [
      item(base, 0),
      element('Dead legs are removed.'),
      element('Cold water is always kept below 20°C.', 'list_item'),
      item(base, 3),
    ];
    const rows = compareElements(base, right);
    expect(rows.map((row) => row.change)).toEqual(['equal', 'removed', 'removed', 'added', 'added', 'equal']);
    expectConsistent(rows, base, right);
  });

  test('word segments for a pure insertion and a pure deletion', () => {
    expect(diffWords('Keep records.', 'Keep written records.')).toEqual([
      { kind: 'equal', text: 'Keep ' },
      { kind: 'added', text: 'written ' },
      { kind: 'equal', text: 'records.' },
    ]);
    expect(diffWords('Keep written records.', 'Keep records.')).toEqual([
      { kind: 'equal', text: 'Keep ' },
      { kind: 'removed', text: 'written ' },
      { kind: 'equal', text: 'records.' },
    ]);
  });

  test('two unrelated documents beyond the edit limit are one removed block then one added block', () => {
    const left = Array.from({ length: MAX_EDIT_DISTANCE }, (_, i) => `left ${i}`);
    const right = Array.from({ length: MAX_EDIT_DISTANCE }, (_, i) => `right ${i}`);
    const ops = diffSequences(['same', ...left, 'end'], ['same', ...right, 'end']);
    expect(ops.map((op) => op.kind)).toEqual(['equal', ...left.map(() => 'removed'), ...right.map(() => 'added'), 'equal']);
  });

  test('the edit script is the shortest one', () => {
    const ops = diffSequences(['a', 'b', 'c', 'a', 'b', 'b', 'a'], ['c', 'b', 'a', 'b', 'a', 'c']);
    expect(ops.filter((op) => op.kind !== 'equal')).toHaveLength(5);
  });

  test('any two sequences: every row consistent, edits minimal against an LCS table', () => {
    const text = fc
      .array(fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'water', 'heat'), { maxLength: 6 })
      .map((words) => words.join(' '));
    const items = fc.array(fc.tuple(text, fc.constantFrom<CompareElement['type']>('paragraph', 'heading')), { maxLength: 12 });
    fc.assert(
      fc.property(items, items, (leftItems, rightItems) => {
        const left = leftItems.map(([value, type]) => element(value, type));
        const right = rightItems.map(([value, type]) => element(value, type));
        expectConsistent(compareElements(left, right), left, right);
        const a = left.map((entry) => normaliseText(entry.text));
        const b = right.map((entry) => normaliseText(entry.text));
        // lcs[i][j]: the longest common subsequence of a[i..] and b[j..], the classic table.
        const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
        for (let i = a.length - 1; i >= 0; i--) {
          const row = item(lcs, i);
          const below = item(lcs, i + 1);
          for (let j = b.length - 1; j >= 0; j--)
            row[j] = a[i] === b[j] ? item(below, j + 1) + 1 : Math.max(item(below, j), item(row, j + 1));
        }
        expect(diffSequences(a, b).filter((op) => op.kind === 'equal')).toHaveLength(item(item(lcs, 0), 0));
      }),
      { numRuns: 300 },
    );
  });

  test('any two texts: word segments rebuild both', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.string({ maxLength: 80 }), (left, right) => {
        const segments = diffWords(left, right);
        expect(rebuild(segments, 'removed')).toBe(left);
        expect(rebuild(segments, 'added')).toBe(right);
      }),
      { numRuns: 300 },
    );
  });
});

describe('GET /api/docs/compare', () => {
  let t: TestApp;
  let standard: TestUser;
  let guest: TestUser;
  let current: string;
  let superseded: string;

  beforeAll(async () => {
    ({ t, standard, guest } = await buildLibraryTestApp());
    const idOf = async (code: string) =>
      item(await t.db.select({ id: documents.id }).from(documents).where(eq(documents.code, code)), 0).id;
    current = await idOf('ACoP L8');
    superseded = await idOf('ACoP L8 (2000)');
  });

  afterAll(async () => {
    await t.close();
  });

  function compare(user: TestUser | null, query: string) {
    return t.app.inject({ method: 'GET', url: `/api/docs/compare?${query}`, headers: user?.headers ?? {} });
  }

  test('two editions of ACoP L8 show their differences, every element once and in order', async () => {
    const response = await compare(standard, `left=${superseded}&right=${current}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<CompareResponse>();
    expect(body.left.code).toBe('ACoP L8 (2000)');
    expect(body.left.status).toBe('superseded');
    expect(body.right.code).toBe('ACoP L8');
    const { summary, rows } = body;
    expect(summary.added + summary.removed + summary.changed).toBeGreaterThan(0);
    expect(summary.equal + summary.added + summary.removed + summary.changed).toBe(rows.length);
    const [leftDocument, rightDocument] = await Promise.all(
      [superseded, current].map(async (id) =>
        (await t.app.inject({ method: 'GET', url: `/api/docs/document/${id}`, headers: standard.headers })).json<{
          elements: { id: string }[];
        }>(),
      ),
    );
    expect(rows.flatMap((row) => (row.left ? [row.left.id] : []))).toEqual(leftDocument?.elements.map((entry) => entry.id));
    expect(rows.flatMap((row) => (row.right ? [row.right.id] : []))).toEqual(rightDocument?.elements.map((entry) => entry.id));
    for (const row of rows.filter((entry) => entry.change === 'changed')) {
      expect(rebuild(row.segments ?? [], 'removed')).toBe(row.left?.text);
      expect(rebuild(row.segments ?? [], 'added')).toBe(row.right?.text);
    }
    // What changed: the current edition's own history first, and the sections that differ.
    expect(body.what_changed.history[0]).toMatchObject({ side: 'right', code: 'ACoP L8' });
    expect(body.what_changed.history[0]?.passages.length).toBeGreaterThan(0);
    expect(body.what_changed.sections.length).toBeGreaterThan(0);
  });

  test('a document against itself is all equal', async () => {
    const body = (await compare(standard, `left=${current}&right=${current}`)).json<CompareResponse>();
    expect(body.rows.length).toBeGreaterThan(10);
    expect(body.summary).toEqual({ equal: body.rows.length, added: 0, removed: 0, changed: 0 });
    expect(body.what_changed.sections).toEqual([]);
    expect(body.what_changed.history.length).toBeLessThanOrEqual(1);
  });

  test('the caller may compare their own internal document with a library one', async () => {
    const owner = await buildUser(t);
    const own = await buildDocument(t, {
      code: 'INT L8 local',
      filename: 'local-legionella.md',
      organisationId: owner.user.organisationId,
      elements: [{ type: 'paragraph', text: 'Our local legionella procedure.' }],
    });
    const response = await t.app.inject({ method: 'GET', url: `/api/docs/compare?left=${own}&right=${current}`, headers: owner.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json<CompareResponse>().rows[0]?.left?.text).toBe('Our local legionella procedure.');
  });

  test('without a token 401, as a guest 403', async () => {
    expect((await compare(null, `left=${superseded}&right=${current}`)).statusCode).toBe(401);
    expect((await compare(guest, `left=${superseded}&right=${current}`)).statusCode).toBe(403);
  });

  test("another organisation's internal document is a 404 exactly like a missing one", async () => {
    const other = await buildUser(t);
    const internal = await buildDocument(t, {
      code: 'INT secret',
      filename: 'secret-policy.md',
      organisationId: other.user.organisationId,
      elements: [{ type: 'paragraph', text: 'Confidential procedure.' }],
    });
    const hidden = await compare(standard, `left=${internal}&right=${current}`);
    const missing = await compare(standard, `left=${current}&right=${'0'.repeat(26)}`);
    expect(hidden.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    const { request_id: _hiddenRequest, ...hiddenBody } = hidden.json<ApiErrorBody>();
    const { request_id: _missingRequest, ...missingBody } = missing.json<ApiErrorBody>();
    expect(hiddenBody).toEqual(missingBody);
    expect(hiddenBody.message).toBe('The requested document could not be found.');
    expect(hidden.body).not.toContain('Confidential');
  });

  test.each([
    ['no parameters', ''],
    ['right missing', 'left=CURRENT'],
    ['left malformed', 'left=abc&right=CURRENT'],
    ['right too long', `left=CURRENT&right=${'A'.repeat(27)}`],
    ['right with punctuation', `left=CURRENT&right=${'A'.repeat(25)}%21`],
  ])('%s is a 422', async (_name, query) => {
    const response = await compare(standard, query.replace(/CURRENT/g, current));
    expect(response.statusCode).toBe(422);
    expect(response.json<ApiErrorBody>().detail?.length).toBeGreaterThan(0);
  });
});
