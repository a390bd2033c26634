/** Which documents a search may return, as conditions on the documents table (alias d). */
import type { SearchQuery } from '@verity/shared';
import { type SQL, sql } from 'drizzle-orm';
import { documentVisibleToSql } from '../core/policies/documents.ts';
import { valueList } from './sql.ts';

/** The documents the organisation may search: visible, filtered, and only the newest edition of each file name. */
export function searchable(organisationId: string, query: Pick<SearchQuery, 'category' | 'domain' | 'subdomain'>): SQL {
  const conditions: SQL[] = [
    documentVisibleToSql(organisationId, 'd'),
    // A newer edition the organisation cannot see does not hide this one.
    sql`(not d.has_newer_edition or not exists (select 1 from documents newer where newer.filename = d.filename and ${documentVisibleToSql(organisationId, 'newer')} and (newer.created_at, newer.id) > (d.created_at, d.id)))`,
  ];
  if (query.category.length > 0) conditions.push(sql`d.category in (${valueList(query.category)})`);
  if (query.domain.length > 0) conditions.push(sql`d.domain in (${valueList(query.domain)})`);
  if (query.subdomain.length > 0) conditions.push(sql`d.subdomain in (${valueList(query.subdomain)})`);
  return sql.join(conditions, sql` and `);
}
