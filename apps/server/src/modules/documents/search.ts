import { SEARCH_PAGE_SIZE, type SearchQuery, type SearchResponse, type SearchSnippet } from '@verity/shared';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/connect.ts';
import { documentElements, documents } from '../../db/schema.ts';
import { type DocumentRow, toReference } from './service.ts';

const SNIPPETS_PER_DOCUMENT = 3;
/** Per document, how many of the elements holding the most query words are ranked for snippets. */
const SNIPPET_SHORTLIST = 8;
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
function codeTokens(value: string): string[] {
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
function openingSnippet(text: string): string {
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

/** A query word and its lexeme, the key of its postings in document_terms. */
interface QueryTerm {
  word: string;
  lexeme: string;
}

/**
 * One term per distinct lexeme, stop-words left out, in the query's order. The lexeme is the one
 * to_tsvector gives the word, as in the stored vectors and postings; a word the parser splits into
 * several lexemes (none does among letter-and-digit runs, but the parser decides) is left out.
 */
async function distinctTerms(db: Database, words: readonly string[]): Promise<QueryTerm[]> {
  const lexemes = rowsOf<{ lexemes: (string | null)[] }>(
    await db.execute(
      sql`select array[${sql.join(
        words.map((word) => sql`(select case when count(*) = 1 then min(lexeme) end from unnest(to_tsvector('english', ${word})))`),
        sql`, `,
      )}] as lexemes`,
    ),
  )[0]?.lexemes;
  const seen = new Set<string>();
  const terms: QueryTerm[] = [];
  words.forEach((word, i) => {
    const lexeme = lexemes?.[i] ?? null;
    if (lexeme === null || seen.has(lexeme)) return;
    seen.add(lexeme);
    terms.push({ word, lexeme });
  });
  return terms;
}

/**
 * Documents scored exactly beyond the requested page, so code matches, the superseded caps and
 * the exact scores can still re-order them. Every element of these documents that matches is read,
 * so this bounds the second stage's work.
 */
const RANK_WINDOW = 40;

/** A comma-separated list of bound values, for `in (…)`. */
function valueList(values: readonly string[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

/** The documents (alias d) the organisation may search: visible, filtered, and only the newest edition of each file name. */
export function searchable(organisationId: string, query: Pick<SearchQuery, 'category' | 'domain' | 'subdomain'>): SQL {
  const conditions: SQL[] = [
    sql`(d.organisation_id is null or d.organisation_id = ${organisationId})`,
    sql`(not d.has_newer_edition or not exists (select 1 from documents newer where newer.filename = d.filename and (newer.organisation_id is null or newer.organisation_id = ${organisationId}) and (newer.created_at, newer.id) > (d.created_at, d.id)))`,
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

const w = (i: number) => sql.raw(`w${i}`);
const tf = (i: number) => sql.raw(`tf${i}`);
const df = (i: number) => sql.raw(`df${i}`);
const num = (value: number) => sql.raw(String(value));
const float = (value: number) => sql.raw(`${value}::float8`);
/** `, a, b, c`, or nothing for no parts: for appending columns to a select list. */
const list = (parts: SQL[]): SQL => (parts.length === 0 ? sql`` : sql`, ${sql.join(parts, sql`, `)}`);
/** One SQL part per index below count. */
const each = (count: number, build: (i: number) => SQL): SQL[] => Array.from({ length: count }, (_, i) => build(i));
const sum = (parts: SQL[]): SQL => (parts.length === 0 ? sql`0` : sql.join(parts, sql` + `));

/** BM25 inverse document frequency of word i, from the columns n and df<i>. */
const idf = (i: number) => sql`ln(1 + (n - ${df(i)} + 0.5) / (${df(i)} + 0.5))`;

/** Document-level BM25 over the columns tf<i>, df<i> and n, and its largest possible value for normalising. */
function bm25(count: number): { score: SQL; max: SQL; usable: SQL } {
  const indices = Array.from({ length: count }, (_, i) => i);
  return {
    score: sum(indices.map((i) => sql`case when ${tf(i)} > 0 then ${idf(i)} * ${tf(i)} / (${tf(i)} + ${float(BM25_K1)}) else 0 end`)),
    max: sum(indices.map((i) => sql`case when ${df(i)} > 0 then ${idf(i)} else 0 end`)),
    usable: sum(indices.map((i) => sql`(${df(i)} > 0)::int`)),
  };
}

/** What the first stage hands the second: the documents to score exactly, the match count and each word's document frequency. */
interface Candidates {
  ids: string[];
  total: number;
  df: number[];
}

interface RankInput {
  db: Database;
  /** The select of the q CTE: strict, relaxed, n and w<i> per term. */
  queries: SQL;
  organisationId: string;
  query: SearchQuery;
  q: string;
  window: number;
}

/**
 * Stage one: every searchable document holding a query lexeme in its elements, title or code
 * (from the postings, read from the primary key alone) or named by the query as a code, with each
 * word's document frequency among them and the match count — the same figures the exact ranking
 * uses. Elements are not read. The best `window` are kept by an estimate of the exact score: code
 * candidates first, then documents that hold every word somewhere (only they can match strictly),
 * then the share of words held plus a normalised BM25 whose idf counts every document holding the
 * word (one count per word, not per searchable document), superseded editions halved. While the
 * library has no more matching documents than the window, every one is scored exactly.
 */
async function rankCandidates(input: RankInput & { terms: readonly QueryTerm[] }): Promise<Candidates> {
  const { db, queries, terms, organisationId, query, q, window } = input;
  const lexemes = valueList(terms.map((term) => term.lexeme));
  // Each word is a bit, so a document's postings fold into one row without a column per word.
  const words = sql.join(
    terms.map((term, i) => sql`(${term.lexeme}::text, ${num(2 ** i)})`),
    sql`, `,
  );
  const tfOf = sql`(t.elements + ${num(TITLE_TF)} * t.in_title::int)`;
  const rows = rowsOf<{ id: string; total: number; df: number[] }>(
    await db.execute(sql`
      with q as materialized (${queries}),
      words (lexeme, bit) as (values ${words}),
      -- For the estimate only: idf over every document holding the word, whoever may see it.
      weights as (
        select w.lexeme, w.bit, ln(1 + (q.n - c.df + 0.5) / (c.df + 0.5)) as idf
        from words w
          join (select lexeme, count(*)::float8 as df from document_terms where lexeme in (${lexemes}) group by lexeme) c on c.lexeme = w.lexeme
          cross join q
      ),
      postings as (
        select t.document_id, count(*)::int as present, bit_or(w.bit) as mask,
          sum(w.idf * ${tfOf} / (${tfOf} + ${float(BM25_K1)})) as bm25
        from document_terms t join weights w on w.lexeme = t.lexeme
        where t.lexeme in (${lexemes})
        group by t.document_id
      ),
      matched as (
        select d.id, d.status, ${codeCandidate(q)} as code_candidate,
          coalesce(p.present, 0) as present, coalesce(p.mask, 0) as mask, coalesce(p.bm25, 0) as bm25
        from documents d left join postings p on p.document_id = d.id
        where (p.document_id is not null or ${codeCandidate(q)}) and ${searchable(organisationId, query)}
      ),
      counts as (
        select count(*)::int as total,
          array[${sql.join(
            terms.map((_, i) => sql`count(*) filter (where mask & ${num(2 ** i)} <> 0)::int`),
            sql`, `,
          )}] as df
        from matched
      ),
      norm as (
        select count(*)::int as usable, coalesce(sum(idf), 0) as max_bm25 from weights
      )
      select m.id, c.total, c.df
      from matched m cross join counts c cross join norm
      order by m.code_candidate desc,
        (case when m.present >= norm.usable then 1.5 else 0 end
          + 0.5 * (m.present::float8 / greatest(norm.usable, 1) + m.bm25 / greatest(norm.max_bm25, 1e-9)))
          * case when m.status = 'superseded' then ${float(SUPERSEDED_FACTOR)} else 1 end desc,
        m.id
      limit ${window}`),
  );
  return { ids: rows.map((row) => row.id), total: rows[0]?.total ?? 0, df: rows[0]?.df.map(Number) ?? [] };
}

/**
 * Exact scores over the elements, for the first stage's candidates or, without them, for every
 * document matching the query (one stage; document frequencies counted among the matches).
 */
async function rankDocuments(input: RankInput & { words: readonly string[]; candidates: Candidates | null }): Promise<RankedRow[]> {
  const { db, queries, words, organisationId, query, q, window, candidates } = input;
  const count = words.length;
  const indexes = Array.from({ length: count }, (_, i) => i);
  let relaxedScore = sql`0`;
  if (count > 0) {
    const { score, max, usable } = bm25(count);
    relaxedScore = sql`${float(RELAXED_WEIGHT)} * (case when is_strict then 1 else 0 end + best_cover::float8 / greatest(${usable}, 1) + ${float(BM25_WEIGHT)} * (${score}) / greatest(${max}, 1e-9))`;
  }
  // Candidates' elements are read through the document index (offset 0 keeps the planner from
  // scanning the query's GIN postings across the whole library instead).
  const elements = candidates
    ? sql`(select document_id, search_vector from document_elements where document_id in (${valueList(candidates.ids)}) offset 0)`
    : sql`document_elements`;
  const frequencies = candidates
    ? list(indexes.map((i) => sql`${num(candidates.df[i] ?? 0)}::float8 as ${df(i)}`))
    : list(indexes.map((i) => sql`sum((${tf(i)} > 0)::int) over () as ${df(i)}`));
  const scope = candidates ? sql`d.id in (${valueList(candidates.ids)})` : searchable(organisationId, query);
  return rowsOf<RankedRow>(
    await db.execute(sql`
      with q as materialized (${queries}),
      element_hits as (
        select document_id,
          bool_or(is_strict) as strict_hit,
          max(strict_rank) as strict_best,
          ${count > 0 ? sql`max(${sum(indexes.map(tf))})` : sql`0`} as best_cover
          ${list(indexes.map((i) => sql`sum(${tf(i)}) as ${tf(i)}`))}
        from (
          -- The rank is taken before grouping, so the vectors are not carried into the grouping sort.
          select document_id, is_strict, case when is_strict then ts_rank_cd(search_vector, strict, 32) else 0 end as strict_rank
            ${list(indexes.map(tf))}
          from (
            -- offset 0 keeps this a separate step, so each row's checks run once, not once per use.
            select e.document_id, e.search_vector, q.strict, e.search_vector @@ q.strict as is_strict
              ${list(indexes.map((i) => sql`(e.search_vector @@ q.${w(i)})::int as ${tf(i)}`))}
            from ${elements} e cross join q
            where e.search_vector @@ q.relaxed
            offset 0
          ) checked
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
          ${list(indexes.map((i) => sql`coalesce(h.${tf(i)}, 0) + ${num(TITLE_TF)} * (d.search_vector @@ q.${w(i)})::int as ${tf(i)}`))}
        from documents d cross join q left join element_hits h on h.document_id = d.id
        where (h.document_id is not null or d.search_vector @@ q.relaxed or ${codeCandidate(q)}) and ${scope}
      ),
      counted as (
        select m.* ${frequencies} from matched m
      ),
      scored as (
        select id, code, status, superseded_by_code, is_strict, text_match, code_candidate,
          strict_score + ${relaxedScore} as base
        from counted
      )
      select id, code, status, superseded_by_code, base, is_strict, text_match, (count(*) over ())::int as total
      from scored
      order by code_candidate desc, base * case when status = 'superseded' then ${float(SUPERSEDED_FACTOR)} else 1 end desc, id
      limit ${window}`),
  );
}

/** A search's documents in rank order with their scores (a window past the requested page), before paging and snippets. */
export interface RankedSearch {
  scored: { row: RankedRow; score: number }[];
  /** Matching documents in all, for the response's total. */
  total: number;
  /** The CTE select shared with the snippet query, and the relaxed query's words. */
  queries: SQL;
  words: string[];
}

/**
 * The ranking half of searchDocuments: the documents matching the query, scored and ordered as the
 * wiki shows them. Chat retrieval uses it directly, since it needs the order and scores but no snippets.
 */
export async function rankSearch(options: { db: Database; organisationId: string; query: SearchQuery }): Promise<RankedSearch> {
  const { db, organisationId, query } = options;
  const q = query.q.trim();

  // Natural-language questions rarely have every word in one element, and the element that does
  // is often a passing mention in another document: plain multi-word queries are also run relaxed
  // (any of their words), scoring each document by its best element and a document-level BM25
  // (how many of its elements hold each word, its title/code counting extra), kept below strict matches.
  const allWords = usesOperators(q) ? [] : queryWords(q);
  const relaxedOn = allWords.length > 1;
  // Stop-words and repeated stems ("temperature", "temperatures") would cost a check per matching row for nothing.
  const terms = allWords.length > 0 ? await distinctTerms(db, allWords) : [];
  const words = relaxedOn ? terms.map((term) => term.word) : [];

  const queries = sql`select websearch_to_tsquery('english', ${q}) as strict,
      ${relaxedOn ? sql`to_tsquery('english', ${(words.length > 0 ? words : allWords).join(' | ')})` : sql`websearch_to_tsquery('english', ${q})`} as relaxed,
      (select count(*) from documents d where d.organisation_id is null or d.organisation_id = ${organisationId})::float8 as n
      ${list(each(terms.length, (i) => sql`to_tsquery('english', ${terms[i]?.word ?? ''}) as ${w(i)}`))}`;

  const window = query.page * SEARCH_PAGE_SIZE + RANK_WINDOW;
  // Plain queries rank in two stages: candidates from the postings of their lexemes, then exact
  // scores from the elements of the best few only. Queries with operators (phrases, exclusions,
  // OR) need every element that matches them, so they take the one-stage path over the elements.
  const candidates = terms.length > 0 ? await rankCandidates({ db, queries, terms, organisationId, query, q, window }) : null;
  if (candidates && candidates.ids.length === 0) return { scored: [], total: 0, queries, words };
  const ranked = await rankDocuments({ db, queries, words, organisationId, query, q, window, candidates });
  const matched = candidates ? candidates.total : (ranked[0]?.total ?? 0);
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
  return { scored, total: matched - dropped, queries, words };
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
  const { db, query } = options;
  const { scored, total, queries, words } = await rankSearch(options);
  const pageRows = scored.slice((query.page - 1) * SEARCH_PAGE_SIZE, query.page * SEARCH_PAGE_SIZE);
  if (pageRows.length === 0) return { results: [], page: query.page, page_size: SEARCH_PAGE_SIZE, total };

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
            with q as materialized (${queries}),
            page_elements as (
              -- The page's documents' elements, read through the document index (offset 0): the
              -- query's own GIN postings would cover the whole library.
              select id, document_id, position, text, search_vector
              from document_elements where document_id in (${valueList([...strictIds, ...otherIds])})
              offset 0
            ),
            matching as (
              select e.*, case when e.search_vector @@ q.strict then q.strict else q.relaxed end as rank_query
              from page_elements e cross join q
              where ${elementMatch}
            ),
            shortlist as (
              -- ts_rank_cd is the costly part: for a relaxed query only each document's elements holding the most query words are ranked.
              select m.*, row_number() over (partition by m.document_id order by ${sum(
                each(words.length, (i) => sql`(m.search_vector @@ q.${w(i)})::int`),
              )} desc, m.position) as cover_rank
              from matching m cross join q
            ),
            best as (
              select s.id, s.document_id, s.text,
                row_number() over (partition by s.document_id order by ts_rank_cd(s.search_vector, s.rank_query, 32) desc, s.position) as n
              from shortlist s
              where ${words.length > 1 ? sql`s.cover_rank <= ${num(SNIPPET_SHORTLIST)}` : sql`true`}
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
    total,
  };
}
