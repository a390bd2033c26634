import { SEARCH_PAGE_SIZE, type SearchQuery, type SearchResponse, type SearchSnippet } from '@verity/shared';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { documentElements, documents } from '../../db/schema.ts';
import { type DocumentRow, toReference } from './service.ts';

const SNIPPETS_PER_DOCUMENT = 3;
const SUPERSEDED_FACTOR = 0.5;
const CODE_QUERY_MAX_TOKENS = 4;
const HEADLINE_OPTIONS = 'StartSel=<mark>, StopSel=</mark>, MaxFragments=2, MaxWords=30, MinWords=12';

/** Letter and digit groups, lower-case, leading zeros of number groups stripped ("HTM 06-01" → htm 6 1). */
export function codeTokens(value: string): string[] {
  const groups = value.toLowerCase().match(/[a-z]+|[0-9]+/g) ?? [];
  return groups.map((group) => (/^[0-9]+$/.test(group) ? String(Number.parseInt(group, 10)) : group === 'regulation' ? 'reg' : group));
}

/** Letters and digits only, lower-case, "regulation" spelt "reg" (leading zeros kept: "HTM0601" = "HTM 06-01"). */
function compact(value: string): string {
  return value
    .toLowerCase()
    .replace(/regulation/g, 'reg')
    .replace(/[^a-z0-9]/g, '');
}

function containsRun(haystack: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0 || needle.length > haystack.length) return false;
  for (let start = 0; start + needle.length <= haystack.length; start++) {
    if (needle.every((token, i) => haystack[start + i] === token)) return true;
  }
  return false;
}

/**
 * How well a query names a document code: 2 for the code itself, however written ("htm 6-1",
 * "HTM0601"); 1 when the query is a run of the code's groups ("L8" in "ACoP L8", "COSHH" in
 * "COSHH 2002", "reg 12" in "CQC Reg 12"); 0 otherwise.
 */
export function codeMatch(query: string, code: string): 0 | 1 | 2 {
  const queryTokens = codeTokens(query);
  if (queryTokens.length === 0) return 0;
  const tokens = codeTokens(code);
  if (compact(query) === compact(code) || queryTokens.join(' ') === tokens.join(' ')) return 2;
  if (queryTokens.length <= CODE_QUERY_MAX_TOKENS && containsRun(tokens, queryTokens)) return 1;
  return 0;
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** ts_headline output escaped, with only its own <mark> tags kept as markup. */
function toSnippetHtml(headline: string): string {
  return escapeHtml(headline)
    .replace(/&lt;mark&gt;/g, '<mark>')
    .replace(/&lt;\/mark&gt;/g, '</mark>');
}

/** The documents the organisation may search: visible, filtered, and only the newest edition of each file name. */
function searchable(organisationId: string, query: SearchQuery): SQL {
  const conditions: SQL[] = [
    or(isNull(documents.organisationId), eq(documents.organisationId, organisationId)) as SQL,
    sql`not exists (select 1 from documents newer where newer.filename = ${documents.filename} and (newer.organisation_id is null or newer.organisation_id = ${organisationId}) and (newer.created_at, newer.id) > (${documents.createdAt}, ${documents.id}))`,
  ];
  if (query.category.length > 0) conditions.push(inArray(documents.category, query.category));
  if (query.domain.length > 0) conditions.push(inArray(documents.domain, query.domain));
  if (query.subdomain.length > 0) conditions.push(inArray(documents.subdomain, query.subdomain));
  return and(...conditions) as SQL;
}

/**
 * Full-text search over element text and document titles and codes, grouped by document.
 * A document's score is the better of its best element rank and its title/code rank (ranks
 * normalised into [0, 1)), plus 1 or 2 when the query names its code, halved for superseded editions.
 */
export async function searchDocuments(options: { db: Database; organisationId: string; query: SearchQuery }): Promise<SearchResponse> {
  const { db, organisationId, query } = options;
  const q = query.q.trim();
  const tsquery = sql`websearch_to_tsquery('english', ${q})`;
  const elementVector = sql`to_tsvector('english', ${documentElements.text})`;
  const titleVector = sql`to_tsvector('english', ${documents.title} || ' ' || ${documents.code})`;
  const where = searchable(organisationId, query);

  const [candidates, elementHits] = await Promise.all([
    db
      .select({
        document: documents,
        titleRank: sql<number>`case when ${titleVector} @@ ${tsquery} then ts_rank_cd(${titleVector}, ${tsquery}, 32) else 0 end`,
      })
      .from(documents)
      .where(where),
    db
      .select({
        id: documentElements.id,
        documentId: documentElements.documentId,
        rank: sql<number>`ts_rank_cd(${elementVector}, ${tsquery}, 32)`,
      })
      .from(documentElements)
      .innerJoin(documents, eq(documents.id, documentElements.documentId))
      .where(and(where, sql`${elementVector} @@ ${tsquery}`)),
  ]);

  const hitsByDocument = new Map<string, { id: string; rank: number }[]>();
  for (const hit of elementHits) {
    const list = hitsByDocument.get(hit.documentId) ?? [];
    list.push({ id: hit.id, rank: Number(hit.rank) });
    hitsByDocument.set(hit.documentId, list);
  }

  const scored: { document: DocumentRow; score: number; elements: string[] }[] = [];
  for (const { document, titleRank } of candidates) {
    const hits = (hitsByDocument.get(document.id) ?? []).sort((a, b) => b.rank - a.rank);
    const codeScore = codeMatch(q, document.code);
    const textScore = Math.max(hits[0]?.rank ?? 0, Number(titleRank));
    if (codeScore === 0 && hits.length === 0 && Number(titleRank) === 0) continue;
    const raw = codeScore + textScore;
    const score = document.status === 'superseded' ? raw * SUPERSEDED_FACTOR : raw;
    scored.push({ document, score, elements: hits.slice(0, SNIPPETS_PER_DOCUMENT).map((hit) => hit.id) });
  }
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      a.document.code.localeCompare(b.document.code, 'en', { numeric: true }) ||
      a.document.id.localeCompare(b.document.id),
  );

  const pageRows = scored.slice((query.page - 1) * SEARCH_PAGE_SIZE, query.page * SEARCH_PAGE_SIZE);
  const snippetIds = pageRows.flatMap((row) => row.elements);
  const headlines = new Map<string, string>();
  if (snippetIds.length > 0) {
    const rows = await db
      .select({
        id: documentElements.id,
        headline: sql<string>`ts_headline('english', ${documentElements.text}, ${tsquery}, ${HEADLINE_OPTIONS})`,
      })
      .from(documentElements)
      .where(inArray(documentElements.id, snippetIds));
    for (const row of rows) headlines.set(row.id, row.headline);
  }

  return {
    results: pageRows.map((row) => ({
      reference: toReference(row.document),
      score: Math.round(row.score * 10000) / 10000,
      snippets: row.elements.flatMap((id): SearchSnippet[] => {
        const headline = headlines.get(id);
        return headline === undefined ? [] : [{ element_id: id, text_html: toSnippetHtml(headline) }];
      }),
    })),
    page: query.page,
    page_size: SEARCH_PAGE_SIZE,
    total: scored.length,
  };
}
