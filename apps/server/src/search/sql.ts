/** Small builders for the search statements, which are assembled from parts per query word. */
import { type SQL, sql } from 'drizzle-orm';

/**
 * `any($1::text[])`: a list of values bound as one array parameter, for `x = any(…)` (or `x <> all(…)`
 * with allOf). One parameter instead of one per value: Drizzle builds the statement from a single part
 * and the statement sent is shorter (a search's id lists run to ~100 ids each), while the planner still
 * sees the values, as the statements are planned with their parameters.
 */
export function anyOf(values: readonly string[]): SQL {
  return sql`any(${sql.param([...values])}::text[])`;
}

/** `all($1::text[])`, for `x <> all(…)`: x is none of the values. */
export function allOf(values: readonly string[]): SQL {
  return sql`all(${sql.param([...values])}::text[])`;
}

/** The q CTE's column holding query word i as a tsquery. */
export const w = (i: number) => sql.raw(`w${i}`);
/** A number written into the statement rather than bound (it sizes or names parts of the plan). */
export const num = (value: number) => sql.raw(String(value));
/** A float8 constant: arithmetic on numeric constants is slower. */
export const float = (value: number) => sql.raw(`${value}::float8`);
/** `, a, b, c`, or nothing for no parts: for appending columns to a select list. */
export const list = (parts: SQL[]): SQL => (parts.length === 0 ? sql`` : sql`, ${sql.join(parts, sql`, `)}`);
/** One SQL part per index below count. */
export const each = (count: number, build: (i: number) => SQL): SQL[] => Array.from({ length: count }, (_, i) => build(i));
export const sum = (parts: SQL[]): SQL => (parts.length === 0 ? sql`0` : sql.join(parts, sql` + `));
