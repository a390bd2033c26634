import { eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { documents } from '../../db/schema.ts';
import type { SearchQuery } from '@verity/shared';
import { notFound } from '../../lib/errors.ts';

/**
 * Who may see a library document: everyone sees the external library (no organisation); an
 * internal document is its own organisation's alone. Every query that reads documents for a
 * person filters with one of these, and a document outside them is answered exactly like a
 * missing one (`documentNotFound`), so ids of other organisations' documents reveal nothing.
 */

/** The condition on the `documents` table (Drizzle queries). */
export function documentVisibleTo(organisationId: string): SQL {
  return or(isNull(documents.organisationId), eq(documents.organisationId, organisationId)) as SQL;
}

/** The same condition for SQL written out, on the documents table under `alias`. */
export function documentVisibleToSql(organisationId: string, alias: string): SQL {
  const column = sql.raw(`${alias}.organisation_id`);
  return sql`(${column} is null or ${column} = ${organisationId})`;
}

/** The shared library alone, without any organisation's internal documents (a question asked with them left out). */
export function externalLibrarySql(alias: string): SQL {
  return sql`${sql.raw(`${alias}.organisation_id`)} is null`;
}

export const DOCUMENT_NOT_FOUND = 'The requested document could not be found.';

export const documentNotFound = () => notFound(DOCUMENT_NOT_FOUND);

/** The documents the organisation may search: visible, filtered, and only the newest edition of each file name. */
export function searchable(organisationId: string, query: Pick<SearchQuery, 'category' | 'domain' | 'subdomain'>): SQL {
  const conditions: SQL[] = [
    documentVisibleToSql(organisationId, 'd'),
    // A newer edition the organisation cannot see does not hide this one. The few flagged rows are
    // checked once per statement (a hashed set, from their partial index, migration 0030): written
    // as a check per row, the planner costed it for every document, which at 17,000 documents
    // crossed PostgreSQL's JIT threshold (about 250 ms of compiling per search).
    sql`d.id not in (select older.id from documents older where older.has_newer_edition and exists (select 1 from documents newer where newer.filename = older.filename and ${documentVisibleToSql(organisationId, 'newer')} and (newer.created_at, newer.id) > (older.created_at, older.id)))`,
  ];
  if (query.category.length > 0) conditions.push(sql`d.category in (${valueList(query.category)})`);
  if (query.domain.length > 0) conditions.push(sql`d.domain in (${valueList(query.domain)})`);
  if (query.subdomain.length > 0) conditions.push(sql`d.subdomain in (${valueList(query.subdomain)})`);
  return sql.join(conditions, sql` and `);
}

/** A comma-separated list of bound values, for `in (…)`. */
function valueList(values: readonly string[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}
