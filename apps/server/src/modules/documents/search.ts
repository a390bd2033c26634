import { SEARCH_PAGE_SIZE, type SearchQuery, type SearchResponse, type SearchSnippet } from '@verity/shared';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { documentElements, documents } from '../../db/schema.ts';
import { type DocumentRow, toReference } from './service.ts';

const SNIPPETS_PER_DOCUMENT = 3;
const SUPERSEDED_FACTOR = 0.5;
const CODE_QUERY_MAX_TOKENS = 4;
/** Below this many strictly matching documents a natural-language query is also run relaxed (any of its words). */
const RELAXED_BELOW = 5;
/** Weight of the share of the query's words a document covers, in relaxed scoring. */
const COVERAGE_WEIGHT = 0.5;
/** Weight of a relaxed title/code match relative to an element match. */
const RELAXED_TITLE_WEIGHT = 2;
/** Weight of relaxed scores relative to strict ones, so strict (all-words) matches stay ahead. */
const RELAXED_WEIGHT = 0.5;
/** The most words of one query used in relaxed matching. */
const RELAXED_MAX_WORDS = 24;
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
 * "COSHH 2002", "reg 12" in "CQC Reg 12"), or when a code with a number appears within a longer
 * query ("Which edition of HTM 07-01 is current?"); 0 otherwise.
 */
export function codeMatch(query: string, code: string): 0 | 1 | 2 {
  const queryTokens = codeTokens(query);
  if (queryTokens.length === 0) return 0;
  const tokens = codeTokens(code);
  if (compact(query) === compact(code) || queryTokens.join(' ') === tokens.join(' ')) return 2;
  if (queryTokens.length <= CODE_QUERY_MAX_TOKENS && containsRun(tokens, queryTokens)) return 1;
  if (tokens.length >= 2 && tokens.some((token) => /^[0-9]+$/.test(token)) && containsRun(queryTokens, tokens)) return 1;
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

/** websearch syntax beyond plain words (phrases, exclusions, OR) asks for strict matching only. */
function usesOperators(q: string): boolean {
  return /["]|(^|\s)-\S|\bor\b/i.test(q);
}

/** The query's distinct words, letters and digits only (safe to join into a tsquery), at most RELAXED_MAX_WORDS. */
export function queryWords(q: string): string[] {
  return [...new Set(q.toLowerCase().match(/[a-z0-9]+/g) ?? [])].slice(0, RELAXED_MAX_WORDS);
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

  // Natural-language questions rarely have every word in one element: with few strict matches,
  // also rank by any of the query's words, each document by its best element, the share of the
  // words it covers anywhere, and its title/code (weighted higher), all below strict matches.
  const words = usesOperators(q) ? [] : queryWords(q);
  const strictDocuments = new Set([
    ...hitsByDocument.keys(),
    ...candidates.filter((c) => Number(c.titleRank) > 0).map((c) => c.document.id),
  ]);
  let headlineQuery = tsquery;
  const relaxedByDocument = new Map<string, { score: number; hits: { id: string; rank: number }[] }>();
  if (words.length > 1 && strictDocuments.size < RELAXED_BELOW) {
    const relaxed = sql`to_tsquery('english', ${words.join(' | ')})`;
    headlineQuery = relaxed;
    const covered = sql.join(
      words.map((word, i) => sql`case when ${elementVector} @@ to_tsquery('english', ${word}) then ${i}::int end`),
      sql`, `,
    );
    const titleCovered = sql.join(
      words.map((word, i) => sql`case when ${titleVector} @@ to_tsquery('english', ${word}) then ${i}::int end`),
      sql`, `,
    );
    const [relaxedTitles, relaxedHits] = await Promise.all([
      db
        .select({
          documentId: documents.id,
          rank: sql<number>`ts_rank_cd(${titleVector}, ${relaxed}, 32)`,
          covered: sql<number[]>`array_remove(array[${titleCovered}], null)`,
        })
        .from(documents)
        .where(and(where, sql`${titleVector} @@ ${relaxed}`)),
      db
        .select({
          id: documentElements.id,
          documentId: documentElements.documentId,
          rank: sql<number>`ts_rank_cd(${elementVector}, ${relaxed}, 32)`,
          covered: sql<number[]>`array_remove(array[${covered}], null)`,
        })
        .from(documentElements)
        .innerJoin(documents, eq(documents.id, documentElements.documentId))
        .where(and(where, sql`${elementVector} @@ ${relaxed}`)),
    ]);
    // Words that are stop-words (or match nothing) do not count towards coverage.
    const usable = new Set<number>();
    for (const row of [...relaxedTitles, ...relaxedHits]) for (const i of row.covered) usable.add(Number(i));
    const perDocument = new Map<string, { best: number; title: number; covered: Set<number>; hits: { id: string; rank: number }[] }>();
    const entry = (documentId: string) => {
      let value = perDocument.get(documentId);
      if (!value) {
        value = { best: 0, title: 0, covered: new Set(), hits: [] };
        perDocument.set(documentId, value);
      }
      return value;
    };
    for (const row of relaxedTitles) {
      const value = entry(row.documentId);
      value.title = Number(row.rank);
      for (const i of row.covered) value.covered.add(Number(i));
    }
    for (const row of relaxedHits) {
      const value = entry(row.documentId);
      const rank = Number(row.rank);
      value.best = Math.max(value.best, rank);
      value.hits.push({ id: row.id, rank });
      for (const i of row.covered) value.covered.add(Number(i));
    }
    for (const [documentId, value] of perDocument) {
      const coverage = usable.size === 0 ? 0 : value.covered.size / usable.size;
      const score = RELAXED_WEIGHT * (Math.max(value.best, RELAXED_TITLE_WEIGHT * value.title) + COVERAGE_WEIGHT * coverage);
      relaxedByDocument.set(documentId, { score, hits: value.hits });
    }
  }

  const scored: { document: DocumentRow; score: number; elements: string[] }[] = [];
  for (const { document, titleRank } of candidates) {
    const strictHits = (hitsByDocument.get(document.id) ?? []).sort((a, b) => b.rank - a.rank);
    const relaxed = relaxedByDocument.get(document.id);
    const codeScore = codeMatch(q, document.code);
    const strictScore = Math.max(strictHits[0]?.rank ?? 0, Number(titleRank));
    const isStrict = strictDocuments.has(document.id);
    if (codeScore === 0 && !isStrict && !relaxed) continue;
    const raw = codeScore + strictScore + (isStrict && relaxed ? RELAXED_WEIGHT : 0) + (relaxed?.score ?? 0);
    const score = document.status === 'superseded' ? raw * SUPERSEDED_FACTOR : raw;
    const hits = strictHits.length > 0 ? strictHits : (relaxed?.hits ?? []).sort((a, b) => b.rank - a.rank);
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
        headline: sql<string>`ts_headline('english', ${documentElements.text}, ${headlineQuery}, ${HEADLINE_OPTIONS})`,
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
