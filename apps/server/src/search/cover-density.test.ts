import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type DatabaseHandle, rowsOf } from '../db/connect.ts';
import { openTestDatabase } from '../test/database.ts';
import { coverDensity } from './cover-density.ts';

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
];

const CONJUNCTIONS = [
  ['water'],
  ['water', 'safeti'],
  ['fire', 'risk', 'assess'],
  ['risk', 'fire'],
  ['temperatur', 'control', 'legionella'],
  ['fire', 'water'],
];

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
          const [row] = rowsOf<{ rank: number; positions: [string, number[]][] | null }>(
            await handle.db.execute(sql`
              select ts_rank_cd(to_tsvector('english', ${text}), ${query}::tsquery, 32)::float8 as rank,
                (select json_agg(json_build_array(u.lexeme, u.positions)) from unnest(to_tsvector('english', ${text})) u) as positions`),
          );
          const held = new Map(row?.positions ?? []);
          expect(
            coverDensity(
              lexemes.map((lexeme) => held.get(lexeme)),
              mode,
            ),
            `${query} in "${text}"`,
          ).toBe(Number(row?.rank));
          compared++;
        }
      }
    }
    expect(compared).toBe(TEXTS.length * CONJUNCTIONS.length * 2);
  });

  test('is 0 when a lexeme of a conjunction is missing, every lexeme of a disjunction is, or there are none', () => {
    expect(coverDensity([[1, 4], []])).toBe(0);
    expect(coverDensity([undefined, [2]])).toBe(0);
    expect(coverDensity([undefined, []], 'any')).toBe(0);
    expect(coverDensity([undefined, [2]], 'any')).toBeGreaterThan(0);
    expect(coverDensity([])).toBe(0);
  });
});
