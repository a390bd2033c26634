import { SEARCH_PAGE_SIZE, type SearchQuery, type SearchResponse, type SearchSnippet } from '@verity/shared';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { documentElements, documents } from '../../db/schema.ts';
import { type DocumentRow, toReference } from './service.ts';

const SNIPPETS_PER_DOCUMENT = 3;
const SUPERSEDED_FACTOR = 0.5;
const CODE_QUERY_MAX_TOKENS = 4;
/** Weight of the document-level BM25 score (normalised into [0, 1]) in relaxed scoring. */
const BM25_WEIGHT = 1;
/** A title/code match of a word counts as this many elements holding it. */
const TITLE_TF = 3;
/** BM25 term-frequency saturation. */
const BM25_K1 = 1.2;
/** Weight of relaxed scores relative to strict ones, so strict (all-words) matches stay ahead. */
const RELAXED_WEIGHT = 0.5;
/** The most words of one query used in relaxed matching. */
const RELAXED_MAX_WORDS = 24;
/** Length of the opening-paragraph snippet of a document found by its code or title alone. */
const OPENING_WORDS = 35;
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

/** The first OPENING_WORDS words of a text, with an ellipsis when cut. */
export function openingSnippet(text: string): string {
  const words = text.trim().split(/\s+/);
  return words.length <= OPENING_WORDS ? words.join(' ') : `${words.slice(0, OPENING_WORDS).join(' ')} …`;
}

/** ts_headline output escaped, with only its own <mark> tags kept as markup. */
function toSnippetHtml(headline: string): string {
  return escapeHtml(headline)
    .replace(/&lt;mark&gt;/g, '<mark>')
    .replace(/&lt;\/mark&gt;/g, '</mark>');
}

/** websearch syntax beyond plain words (phrases, exclusions, OR) asks for strict matching only. */
function usesOperators(q: string): boolean {
  return /["]|(^|\s)-\S|\bor\b/i.test(q);
}

/** The query's distinct words, letters and digits only (safe to join into a tsquery), at most RELAXED_MAX_WORDS. */
export function queryWords(q: string): string[] {
  return [...new Set(q.toLowerCase().match(/[a-z0-9]+/g) ?? [])].slice(0, RELAXED_MAX_WORDS);
}

/** One word per distinct stem, stop-words left out, in the query's order. */
async function distinctStems(db: Database, words: readonly string[]): Promise<string[]> {
  const stems = rowsOf<{ stems: string[] }>(
    await db.execute(
      sql`select array[${sql.join(
        words.map((word) => sql`to_tsquery('english', ${word})::text`),
        sql`, `,
      )}] as stems`,
    ),
  )[0]?.stems;
  const seen = new Set<string>();
  return words.filter((_, i) => {
    const stem = stems?.[i] ?? '';
    if (stem === '' || seen.has(stem)) return false;
    seen.add(stem);
    return true;
  });
}

/** Documents ranked in SQL beyond the requested page, so code matches and superseded caps can still re-order them. */
const RANK_WINDOW = 100;

/** A comma-separated list of bound values, for `in (…)`. */
function valueList(values: readonly string[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

/** The documents (alias d) the organisation may search: visible, filtered, and only the newest edition of each file name. */
function searchable(organisationId: string, query: SearchQuery): SQL {
  const conditions: SQL[] = [
    sql`(d.organisation_id is null or d.organisation_id = ${organisationId})`,
    sql`not exists (select 1 from documents newer where newer.filename = d.filename and (newer.organisation_id is null or newer.organisation_id = ${organisationId}) and (newer.created_at, newer.id) > (d.created_at, d.id))`,
  ];
  if (query.category.length > 0) conditions.push(sql`d.category in (${valueList(query.category)})`);
  if (query.domain.length > 0) conditions.push(sql`d.domain in (${valueList(query.domain)})`);
  if (query.subdomain.length > 0) conditions.push(sql`d.subdomain in (${valueList(query.subdomain)})`);
  return sql.join(conditions, sql` and `);
}

/**
 * Documents whose code the query may name (a superset of codeMatch() > 0), from the code_tokens and
 * code_compact columns the database keeps beside each code.
 */
function codeCandidate(q: string): SQL {
  const tokens = codeTokens(q);
  if (tokens.length === 0) return sql`false`;
  const joined = ` ${tokens.join(' ')} `;
  const conditions = [sql`d.code_compact = ${compact(q)}`, sql`d.code_tokens = ${joined}`, sql`${joined} like '%' || d.code_tokens || '%'`];
  if (tokens.length <= CODE_QUERY_MAX_TOKENS) conditions.push(sql`d.code_tokens like ${`%${joined}%`}`);
  return sql`(${sql.join(conditions, sql` or `)})`;
}

interface RankedRow {
  id: string;
  code: string;
  status: 'current' | 'superseded';
  superseded_by_code: string | null;
  base: number;
  is_strict: boolean;
  text_match: boolean;
  total: number;
}

interface SnippetRow {
  id: string;
  document_id: string;
  headline: string;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Full-text search over element text and document titles and codes, ranked per document in SQL
 * over stored vectors. A document's base score is the better of its best element rank and its
 * title/code rank for the strict (all-words) query, normalised into [0, 1); plain multi-word
 * queries add RELAXED_WEIGHT × (1 for a strict match + the share of the query's words in its best
 * element + BM25_WEIGHT × document-level BM25 normalised into [0, 1]); a named code adds 1 or 2; superseded
 * editions are halved and kept below the edition that replaced them.
 */
export async function searchDocuments(options: { db: Database; organisationId: string; query: SearchQuery }): Promise<SearchResponse> {
  const { db, organisationId, query } = options;
  const q = query.q.trim();
  // Natural-language questions rarely have every word in one element, and the element that does
  // is often a passing mention in another document: plain multi-word queries are also run relaxed
  // (any of their words), scoring each document by its best element and a document-level BM25
  // (how many of its elements hold each word, its title/code counting extra), kept below strict matches.
  const allWords = usesOperators(q) ? [] : queryWords(q);
  const relaxedOn = allWords.length > 1;
  // Stop-words and repeated stems ("temperature", "temperatures") would cost a check per matching row for nothing.
  const words = relaxedOn ? await distinctStems(db, allWords) : [];
  const w = (i: number) => sql.raw(`w${i}`);
  const tf = (i: number) => sql.raw(`tf${i}`);
  const df = (i: number) => sql.raw(`df${i}`);
  const each = (build: (i: number) => SQL): SQL[] => words.map((_, i) => build(i));
  const list = (parts: SQL[]): SQL => (parts.length === 0 ? sql`` : sql`, ${sql.join(parts, sql`, `)}`);

  const queries = sql`select websearch_to_tsquery('english', ${q}) as strict,
      ${relaxedOn ? sql`to_tsquery('english', ${(words.length > 0 ? words : allWords).join(' | ')})` : sql`websearch_to_tsquery('english', ${q})`} as relaxed,
      (select count(*) from documents d where d.organisation_id is null or d.organisation_id = ${organisationId})::float8 as n
      ${list(each((i) => sql`to_tsquery('english', ${words[i]}) as ${w(i)}`))}`;

  let relaxedScore = sql`0`;
  if (words.length > 0) {
    const idf = (i: number) => sql`ln(1 + (n - ${df(i)} + 0.5) / (${df(i)} + 0.5))`;
    const bm25 = sql.join(
      each((i) => sql`case when ${tf(i)} > 0 then ${idf(i)} * ${tf(i)} / (${tf(i)} + ${sql.raw(String(BM25_K1))}) else 0 end`),
      sql` + `,
    );
    const maxBm25 = sql.join(
      each((i) => sql`case when ${df(i)} > 0 then ${idf(i)} else 0 end`),
      sql` + `,
    );
    const usable = sql.join(
      each((i) => sql`(${df(i)} > 0)::int`),
      sql` + `,
    );
    relaxedScore = sql`${sql.raw(String(RELAXED_WEIGHT))} * (case when is_strict then 1 else 0 end + best_cover::float8 / greatest(${usable}, 1) + ${sql.raw(String(BM25_WEIGHT))} * (${bm25}) / greatest(${maxBm25}, 1e-9))`;
  }

  const window = query.page * SEARCH_PAGE_SIZE + RANK_WINDOW;
  const ranked = rowsOf<RankedRow>(
    await db.execute(sql`
      with q as (${queries}),
      element_hits as (
        select document_id,
          bool_or(is_strict) as strict_hit,
          max(case when is_strict then ts_rank_cd(search_vector, strict, 32) else 0 end) as strict_best,
          ${words.length > 0 ? sql`max(${sql.join(each(tf), sql` + `)})` : sql`0`} as best_cover
          ${list(each((i) => sql`sum(${tf(i)}) as ${tf(i)}`))}
        from (
          -- offset 0 keeps this a separate step, so each row's checks run once, not once per use.
          select e.document_id, e.search_vector, q.strict, e.search_vector @@ q.strict as is_strict
            ${list(each((i) => sql`(e.search_vector @@ q.${w(i)})::int as ${tf(i)}`))}
          from document_elements e cross join q
          where e.search_vector @@ q.relaxed
          offset 0
        ) rows
        group by document_id
      ),
      matched as (
        select d.id, d.code, d.status, d.superseded_by_code, q.n,
          coalesce(h.strict_hit, false) or d.search_vector @@ q.strict as is_strict,
          greatest(coalesce(h.strict_best, 0), case when d.search_vector @@ q.strict then ts_rank_cd(d.search_vector, q.strict, 32) else 0 end) as strict_score,
          coalesce(h.best_cover, 0) as best_cover,
          h.document_id is not null or d.search_vector @@ q.relaxed as text_match,
          ${codeCandidate(q)} as code_candidate
          ${list(each((i) => sql`coalesce(h.${tf(i)}, 0) + ${sql.raw(String(TITLE_TF))} * (d.search_vector @@ q.${w(i)})::int as ${tf(i)}`))}
        from documents d cross join q left join element_hits h on h.document_id = d.id
        where (h.document_id is not null or d.search_vector @@ q.relaxed or ${codeCandidate(q)}) and ${searchable(organisationId, query)}
      ),
      counted as (
        select m.* ${list(each((i) => sql`sum((${tf(i)} > 0)::int) over () as ${df(i)}`))} from matched m
      ),
      scored as (
        select id, code, status, superseded_by_code, is_strict, text_match, code_candidate,
          strict_score + ${relaxedScore} as base
        from counted
      )
      select id, code, status, superseded_by_code, base, is_strict, text_match, (count(*) over ())::int as total
      from scored
      order by code_candidate desc, base * case when status = 'superseded' then ${sql.raw(String(SUPERSEDED_FACTOR))} else 1 end desc, id
      limit ${window}`),
  );

  const total = ranked[0]?.total ?? 0;
  const scored: { row: RankedRow; score: number }[] = [];
  let dropped = 0;
  for (const row of ranked) {
    const codeScore = codeMatch(q, row.code);
    if (codeScore === 0 && !row.text_match) {
      dropped++;
      continue;
    }
    const raw = codeScore + Number(row.base);
    scored.push({ row, score: row.status === 'superseded' ? raw * SUPERSEDED_FACTOR : raw });
  }
  // A superseded edition stays below the current edition that replaced it, however well it matches.
  const currentScores = new Map<string, number>();
  for (const { row, score } of scored) {
    if (row.status === 'current') currentScores.set(row.code, Math.max(score, currentScores.get(row.code) ?? 0));
  }
  for (const entry of scored) {
    const replacedBy = entry.row.superseded_by_code;
    const current = entry.row.status === 'superseded' && replacedBy !== null ? currentScores.get(replacedBy) : undefined;
    if (current !== undefined) entry.score = Math.min(entry.score, current * SUPERSEDED_FACTOR);
  }
  scored.sort(
    (a, b) => b.score - a.score || a.row.code.localeCompare(b.row.code, 'en', { numeric: true }) || a.row.id.localeCompare(b.row.id),
  );
  const pageRows = scored.slice((query.page - 1) * SEARCH_PAGE_SIZE, query.page * SEARCH_PAGE_SIZE);
  if (pageRows.length === 0) return { results: [], page: query.page, page_size: SEARCH_PAGE_SIZE, total: total - dropped };

  const pageIds = pageRows.map((entry) => entry.row.id);
  const strictIds = pageRows.filter((entry) => entry.row.is_strict).map((entry) => entry.row.id);
  const otherIds = pageRows.filter((entry) => !entry.row.is_strict && entry.row.text_match).map((entry) => entry.row.id);
  // A strictly matching document shows its best strict elements; others their best relaxed ones.
  const elementMatch = sql.join(
    [
      ...(strictIds.length > 0 ? [sql`(e.document_id in (${valueList(strictIds)}) and e.search_vector @@ q.strict)`] : []),
      ...(otherIds.length > 0 ? [sql`(e.document_id in (${valueList(otherIds)}) and e.search_vector @@ q.relaxed)`] : []),
    ],
    sql` or `,
  );
  const snippetRows =
    strictIds.length + otherIds.length === 0
      ? []
      : rowsOf<SnippetRow>(
          await db.execute(sql`
            with q as (${queries}),
            best as (
              select e.id, e.document_id, e.text,
                row_number() over (partition by e.document_id order by ts_rank_cd(e.search_vector, case when e.search_vector @@ q.strict then q.strict else q.relaxed end, 32) desc, e.position) as n
              from document_elements e cross join q
              where ${elementMatch}
            )
            select best.id, best.document_id, ts_headline('english', best.text, q.relaxed, ${HEADLINE_OPTIONS}) as headline
            from best cross join q
            where best.n <= ${SNIPPETS_PER_DOCUMENT}
            order by best.document_id, best.n`),
        );
  const snippets = new Map<string, SearchSnippet[]>();
  for (const row of snippetRows) {
    const list = snippets.get(row.document_id) ?? [];
    list.push({ element_id: row.id, text_html: toSnippetHtml(row.headline) });
    snippets.set(row.document_id, list);
  }
  // A document found by its code or title alone is shown with its opening paragraph.
  const withoutSnippets = pageIds.filter((id) => !snippets.has(id));
  if (withoutSnippets.length > 0) {
    const openings = await db
      .selectDistinctOn([documentElements.documentId], {
        id: documentElements.id,
        documentId: documentElements.documentId,
        text: documentElements.text,
      })
      .from(documentElements)
      .where(inArray(documentElements.documentId, withoutSnippets))
      .orderBy(documentElements.documentId, sql`${documentElements.type} <> 'paragraph'`, documentElements.position);
    for (const opening of openings) {
      snippets.set(opening.documentId, [{ element_id: opening.id, text_html: escapeHtml(openingSnippet(opening.text)) }]);
    }
  }
  const documentRows = new Map<string, DocumentRow>(
    (await db.select().from(documents).where(inArray(documents.id, pageIds))).map((row) => [row.id, row]),
  );

  return {
    results: pageRows.flatMap(({ row, score }) => {
      const document = documentRows.get(row.id);
      return document
        ? [{ reference: toReference(document), score: Math.round(score * 10000) / 10000, snippets: snippets.get(row.id) ?? [] }]
        : [];
    }),
    page: query.page,
    page_size: SEARCH_PAGE_SIZE,
    total: total - dropped,
  };
}
