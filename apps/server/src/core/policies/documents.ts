import { eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { documents } from '../../db/schema.ts';
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
