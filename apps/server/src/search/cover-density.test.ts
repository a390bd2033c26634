import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type DatabaseHandle, rowsOf } from '../db/connect.ts';
import { openTestDatabase } from '../test/database.ts';
import { conjunctsOf, coverDensity, matchesAll, matchesForm } from './cover-density.ts';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});

afterAll(async () => {
  await handle.close();
});

const TEXTS = [
  'Hot water should be stored at 60°C and distributed so that it reaches 50°C within one minute.',
  'Water, water everywhere: the water safety group reviews the water safety plan every year, and the plan names the responsible person for water.',
  'Fire risk assessment. The responsible person must carry out a fire risk assessment and review the assessment regularly; risk of fire spread is assessed too.',
  'Risk fire assessment fire risk risk assessment fire.',
  'Legionella bacteria grow between 20°C and 45°C; temperature control is the primary method of control.',
  'One fire.',
  'The water safety group meets monthly; the water safety plan and the fire risk assessment are tabled, and water water tanks are listed.',
  'A fire risk assessment, a second fire risk assessment and a safety plan review.',
];

const CONJUNCTIONS = [
  ['water'],
  ['water', 'safeti'],
  ['fire', 'risk', 'assess'],
  ['risk', 'fire'],
  ['temperatur', 'control', 'legionella'],
  ['fire', 'water'],
];

/** Strict queries with phrases, as websearch_to_tsquery writes codes and hyphenated words. */
const PHRASES = [
  "'fire' <-> 'risk' & 'assess'",
  "'risk' <-> 'assess'",
  "'fire' <-> 'risk' <-> 'assess'",
  "'safeti' <2> 'plan'",
  "'water' <-> 'water'",
  "'risk' <-> 'fire' & 'assess'",
  "'water' & 'safeti' <-> 'group' & 'plan'",
];

/** Strict queries with exclusions, as websearch_to_tsquery writes "fire -water" or "water -\"hot water\"". */
const EXCLUSIONS = [
  "'fire' & !'water'",
  "'water' & !'fire'",
  "!'legionella' & 'water'",
  "'water' & !( 'safeti' <-> 'plan' )",
  "'fire' <-> 'risk' & !'assess'",
  "'water' & 'safeti' & !'group' & !( 'fire' <-> 'risk' )",
  "'risk' & !'risk'",
];

async function databaseRank(text: string, query: string) {
  const [row] = rowsOf<{ rank: number; matches: boolean; positions: [string, number[]][] | null }>(
    await handle.db.execute(sql`
      select ts_rank_cd(to_tsvector('english', ${text}), ${query}::tsquery, 32)::float8 as rank,
        to_tsvector('english', ${text}) @@ ${query}::tsquery as matches,
        (select json_agg(json_build_array(u.lexeme, u.positions)) from unnest(to_tsvector('english', ${text})) u) as positions`),
  );
  return { rank: Number(row?.rank), matches: row?.matches === true, positions: new Map(row?.positions ?? []) };
}

describe('cover density in memory', () => {
  test("equals the database's ts_rank_cd(vector, query, 32) for conjunctions and disjunctions of lexemes", async () => {
    let compared = 0;
    for (const text of TEXTS) {
      for (const lexemes of CONJUNCTIONS) {
        for (const [operator, mode] of [
          [' & ', 'all'],
          [' | ', 'any'],
        ] as const) {
          const query = lexemes.map((lexeme) => `'${lexeme}'`).join(operator);
          const database = await databaseRank(text, query);
          expect(
            coverDensity(
              lexemes.map((lexeme) => database.positions.get(lexeme)),
              mode,
            ),
            `${query} in "${text}"`,
          ).toBe(database.rank);
          compared++;
        }
      }
    }
    expect(compared).toBe(TEXTS.length * CONJUNCTIONS.length * 2);
  });

  test('equals it, and matches as @@ does, for conjunctions with phrases', async () => {
    let matched = 0;
    for (const text of TEXTS) {
      for (const query of PHRASES) {
        const parsed = conjunctsOf(query);
        if (!parsed) throw new Error(`not read: ${query}`);
        const database = await databaseRank(text, query);
        const positions = parsed.lexemes.map((lexeme) => database.positions.get(lexeme));
        expect(coverDensity(positions, parsed.conjuncts), `${query} in "${text}"`).toBe(database.rank);
        expect(matchesAll(positions, parsed.conjuncts), `${query} @@ "${text}"`).toBe(database.matches);
        if (database.matches) matched++;
      }
    }
    // Enough of them match for the comparison to mean something.
    expect(matched).toBeGreaterThanOrEqual(15);
  });

  test('matches as @@ does with exclusions, and ranks a match as ts_rank_cd does', async () => {
    let matched = 0;
    let excluded = 0;
    for (const text of TEXTS) {
      for (const query of EXCLUSIONS) {
        const parsed = conjunctsOf(query);
        if (!parsed) throw new Error(`not read: ${query}`);
        const database = await databaseRank(text, query);
        const positions = parsed.lexemes.map((lexeme) => database.positions.get(lexeme));
        expect(matchesForm(positions, parsed), `${query} @@ "${text}"`).toBe(database.matches);
        if (database.matches) {
          // Ranked in memory only where it matches: there, nothing excluded is in the vector.
          expect(coverDensity(positions, parsed.conjuncts), `${query} in "${text}"`).toBe(database.rank);
          matched++;
        } else if (matchesAll(positions, parsed.conjuncts)) {
          excluded++;
        }
      }
    }
    // Some match, and some hold the conjuncts but are excluded.
    expect(matched).toBeGreaterThanOrEqual(10);
    expect(excluded).toBeGreaterThanOrEqual(5);
  });

  test('reads conjunctions of lexemes and phrases with exclusions, and nothing else', () => {
    expect(conjunctsOf("'htm' & '04' <-> '-01'")).toEqual({
      lexemes: ['htm', '04', '-01'],
      conjuncts: [
        { lexemes: [0], gaps: [] },
        { lexemes: [1, 2], gaps: [1] },
      ],
      exclusions: [],
    });
    // The conjuncts' lexemes come first, an exclusion's after, wherever it stands.
    expect(conjunctsOf("!( 'hot' <-> 'water' ) & 'water' & !'laundri'")).toEqual({
      lexemes: ['water', 'hot', 'laundri'],
      conjuncts: [{ lexemes: [0], gaps: [] }],
      exclusions: [[{ lexemes: [1, 0], gaps: [1] }], [{ lexemes: [2], gaps: [] }]],
    });
    expect(conjunctsOf("'water' <2> 'plan' & 'water'")?.conjuncts).toEqual([
      { lexemes: [0, 1], gaps: [2] },
      { lexemes: [0], gaps: [] },
    ]);
    for (const other of ["'a' | 'b'", "!'a'", "!( 'a' <-> 'b' )", "'a' & !( 'b' | 'c' )", "'a':*", "'a':A", "( 'a' | 'b' ) & 'c'", '']) {
      expect(conjunctsOf(other), other).toBeNull();
    }
  });

  test('is 0 when a lexeme of a conjunction is missing, every lexeme of a disjunction is, or there are none', () => {
    expect(coverDensity([[1, 4], []])).toBe(0);
    expect(coverDensity([undefined, [2]])).toBe(0);
    expect(coverDensity([undefined, []], 'any')).toBe(0);
    expect(coverDensity([undefined, [2]], 'any')).toBeGreaterThan(0);
    expect(coverDensity([])).toBe(0);
  });
});
