/**
 * Search ranking: the documents matching a query, scored and ordered as the wiki shows them, in two
 * stages: candidates from the search postings, then exact scores over the best few's elements.
 * Queries with operators take their matches from the full-text indexes first; one that only
 * excludes ranks in one stage over every element.
 */
import { SEARCH_PAGE_SIZE, type SearchQuery } from '@verity/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/connect.ts';
import { codeCandidate, codeCandidateTest, codeMatcher } from '../core/library/document-codes.ts';
import { tsqueryOperands } from './highlight.ts';
import { type Conjunct, conjunctsOf, coverDensity, matchesForm } from './cover-density.ts';
import { type HeldPostings, heldPostings, type TermPostings } from './postings.ts';
import { parseQuery, strictQueryOf } from './query.ts';
import { searchable } from '../core/policies/documents.ts';
import { anyOf, float, list, num, sum, w } from './sql.ts';

/** Halved, a superseded edition is still found by its name but ranks below a current one matching as well. */
const SUPERSEDED_FACTOR = 0.5;
/** Weight of the document-level BM25 score (normalised into [0, 1]) in relaxed scoring: the middle of the grid tried (0.5, 1, 2), not the dev set's best. */
const BM25_WEIGHT = 1;
/** A title/code match of a word counts as this many elements holding it: the middle of the grid tried (1, 3, 6), not the dev set's best. */
const TITLE_TF = 3;
/** BM25 term-frequency saturation: the textbook value, not fitted to the dev set. */
const BM25_K1 = 1.2;
/** Weight of relaxed scores relative to strict ones: halved, a partial match stays below a strict (all-words) one, which earns the relaxed part too. */
const RELAXED_WEIGHT = 0.5;
/** Documents scored exactly beyond the page, so code matches and the superseded caps can re-order them: 40 (down from 100) bounds stage two's reads, same dev-set figures. */
const RANK_WINDOW = 40;

/**
 * Stage two scores a window rounded up to whole blocks, so that the pages of one block are cut from
 * one ranking: with a window that grew with every page, a document that a wider window's newcomers
 * outranked showed on page 1 and again on page 2. Pages 1-3 share the first block.
 */
const RANK_BLOCK = 100;

export interface RankedRow {
  id: string;
  code: string;
  status: 'current' | 'superseded';
  superseded_by_code: string | null;
  base: number;
  is_strict: boolean;
  text_match: boolean;
  total: number;
}

const tf = (i: number) => sql.raw(`tf${i}`);
const df = (i: number) => sql.raw(`df${i}`);
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

/**
 * What the first stage hands the second: the documents to score exactly (and their ordinals), the
 * match count, each word's document frequency, the documents the organisation can see, which
 * candidates the query names as a code, and the postings it read them from.
 */
interface Candidates {
  ids: string[];
  ordinals: number[];
  total: number;
  df: number[];
  n: number;
  code: Uint8Array;
  held: HeldPostings;
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
 * (from the postings) or named by the query as a code, with each word's document frequency among
 * them and the match count — the same figures the exact ranking uses. Elements are not read. The
 * best `window` are kept by an estimate of the exact score: code candidates first, then documents
 * that hold every word somewhere (only they can match strictly), then the share of words held plus
 * a normalised BM25 whose idf counts every document holding the word (one count per word, not per
 * searchable document), superseded editions halved. While the library has no more matching
 * documents than the window, every one is scored exactly. The postings, the documents and the
 * caller's scope are read from memory (postings.ts).
 *
 * `matching`, for a query with operators: the documents that match it (operatorMatches). They, and
 * the code candidates, are the matches, estimated by the lexemes the query needs present.
 */
async function rankCandidates(
  input: Omit<RankInput, 'queries'> & {
    lexemes: readonly string[];
    matching?: readonly string[];
    alongside?: readonly string[];
    /** The postings of exactly these lexemes, when the caller has read them already. */
    held?: HeldPostings;
  },
): Promise<Candidates> {
  const { db, lexemes, organisationId, query, q, window, matching } = input;
  // Lexemes held alongside the query's (a strict phrase's that no query word gives) are read in the
  // same statement for stage two; stage one's figures are the query words' alone.
  const held =
    input.held ?? (await heldPostings({ db, organisationId, query, lexemes: [...lexemes, ...(input.alongside ?? [])], titleTf: TITLE_TF }));
  const { scope } = held;
  const size = held.ids.length;
  const present = new Int32Array(size);
  const bm25 = new Float64Array(size);
  const matched: number[] = [];
  const listed = new Uint8Array(size);
  const admit = (ordinal: number) => {
    if (listed[ordinal] === 1) return;
    listed[ordinal] = 1;
    matched.push(ordinal);
  };
  if (matching) {
    for (const id of matching) {
      const ordinal = held.ordinals.get(id);
      if (ordinal !== undefined && scope.member[ordinal] === 1) admit(ordinal);
    }
  }
  // Each word's documents among those the caller may search (a document holds a lexeme once).
  const df = lexemes.map(() => 0);
  let usable = 0;
  let maxBm25 = 0;
  held.terms.slice(0, lexemes.length).forEach((postings, i) => {
    if (!postings || postings.docs.length === 0) return;
    const documents = postings.docs.length;
    const idf = Math.log(1 + (scope.n - documents + 0.5) / (documents + 0.5));
    usable++;
    maxBm25 += idf;
    for (let k = 0; k < documents; k++) {
      const ordinal = postings.docs[k] as number;
      if (scope.member[ordinal] !== 1) continue;
      df[i] = (df[i] as number) + 1;
      if (!matching) admit(ordinal);
      present[ordinal] = (present[ordinal] as number) + 1;
      const tf = postings.tf[k] as number;
      bm25[ordinal] = (bm25[ordinal] as number) + (idf * tf) / (tf + BM25_K1);
    }
  });
  const isCode = codeCandidateTest(q);
  const code = new Uint8Array(size);
  for (let ordinal = 0; ordinal < size; ordinal++) {
    if (scope.member[ordinal] !== 1 || !isCode(held.codeCompact[ordinal] ?? '', held.codeTokens[ordinal] ?? '')) continue;
    code[ordinal] = 1;
    admit(ordinal);
  }
  const estimate = (ordinal: number) =>
    ((present[ordinal] as number) >= usable ? 1.5 : 0) +
    0.5 * ((present[ordinal] as number) / Math.max(usable, 1) + (bm25[ordinal] as number) / Math.max(maxBm25, 1e-9));
  const score = new Float64Array(size);
  for (const ordinal of matched) score[ordinal] = estimate(ordinal) * (held.superseded[ordinal] === 1 ? SUPERSEDED_FACTOR : 1);
  const before = (a: number, b: number) =>
    (code[b] as number) - (code[a] as number) ||
    (score[b] as number) - (score[a] as number) ||
    compareIds(held.ids[a] ?? '', held.ids[b] ?? '');
  const ordinals = best(matched, window, before);
  return { ids: ordinals.map((ordinal) => held.ids[ordinal] ?? ''), ordinals, total: matched.length, df, n: scope.n, code, held };
}

/**
 * operatorMatches in memory, for a query with operators whose strict form is a conjunction of
 * lexemes and phrases (quoted phrases) with any exclusions ("-laundry", "-\"hot water\""): every
 * document with an element or a title-and-code vector matching it, from the positions held for its
 * lexemes, excluded ones included; null when they cannot be held (a lexeme in too many elements,
 * or the library changed meanwhile).
 */
async function heldMatches(input: {
  db: Database;
  organisationId: string;
  query: SearchQuery;
  strict: { lexemes: string[]; conjuncts: Conjunct[]; exclusions: Conjunct[][] };
}): Promise<{ ids: string[]; held: HeldPostings } | null> {
  const { db, organisationId, query, strict } = input;
  const held = await heldPostings({ db, organisationId, query, lexemes: strict.lexemes, titleTf: TITLE_TF });
  if (!(await held.holdPositions())) return null;
  // Only a document holding every lexeme of the conjuncts (the first ones) can have an element or
  // a title holding them all.
  const required = requiredLexemes(strict.conjuncts);
  const holding = new Int32Array(held.ids.length);
  for (const postings of held.terms.slice(0, required)) {
    for (const ordinal of postings?.docs ?? []) holding[ordinal] = (holding[ordinal] as number) + 1;
  }
  const documents: number[] = [];
  holding.forEach((count, ordinal) => {
    if (count === required) documents.push(ordinal);
  });
  const { elements } = heldElements(held.terms, documents, held.ids.length);
  const ids = documents.flatMap((ordinal, i) => {
    const title = held.terms.map((postings) => postings?.positions?.titles.get(ordinal));
    const matches =
      matchesForm(title, strict) ||
      [...(elements[i] as Map<number, HeldElement>).values()].some((element) => matchesForm(element.positions, strict));
    return matches ? [held.ids[ordinal] ?? ''] : [];
  });
  return { ids, held };
}

/**
 * A query with operators (phrases, exclusions, OR): every document matching it in an element or in
 * its title and code, through the full-text indexes and before any scope (stage one keeps the
 * caller's), and the lexemes it needs present (not under an exclusion), which estimate their
 * scores. No lexemes: the query only excludes, and would match nearly every element.
 */
async function operatorMatches(db: Database, q: string): Promise<{ ids: string[]; lexemes: string[] }> {
  const [row] = rowsOf<{ strict: string; ids: string | null }>(
    await db.execute(sql`
      with q as materialized (select websearch_to_tsquery('english', ${q}) as strict)
      select q.strict::text as strict, (
        select string_agg(id, ' ') from (
          select e.document_id as id from document_elements e cross join q where e.search_vector @@ q.strict
          union
          select d.id from documents d cross join q where d.search_vector @@ q.strict
        ) matches) as ids
      from q`),
  );
  const lexemes = [
    ...new Set(
      tsqueryOperands(row?.strict ?? '')
        .filter((operand) => !operand.negated)
        .map((operand) => operand.lexeme),
    ),
  ];
  return { ids: row?.ids ? row.ids.split(' ') : [], lexemes };
}

/** Equal scores are shown by code, numbers in codes by value ("HTM 04" before "HTM 10"), then by id; one collator each, not one per comparison. */
const byCode = new Intl.Collator('en', { numeric: true });
const byId = new Intl.Collator();

/** Ids in the database's order for them (letters and digits: code-unit order). */
const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The first `count` items in `before` order, in that order, without sorting them all (a bounded heap, worst first). */
export function best<T>(items: readonly T[], count: number, before: (a: T, b: T) => number): T[] {
  const heap: T[] = [];
  const worse = (i: number, j: number) => before(heap[i] as T, heap[j] as T) > 0;
  const swap = (i: number, j: number) => {
    const kept = heap[i] as T;
    heap[i] = heap[j] as T;
    heap[j] = kept;
  };
  for (const item of items) {
    if (heap.length < count) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0 && worse(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
    } else if (count > 0 && before(item, heap[0] as T) < 0) {
      heap[0] = item;
      for (let i = 0; ; ) {
        const left = 2 * i + 1;
        const right = left + 1;
        let worst = i;
        if (left < heap.length && worse(left, worst)) worst = left;
        if (right < heap.length && worse(right, worst)) worst = right;
        if (worst === i) break;
        swap(i, worst);
        i = worst;
      }
    }
  }
  return heap.sort(before);
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
    ? sql`(select document_id, search_vector from document_elements where document_id = ${anyOf(candidates.ids)} offset 0)`
    : sql`document_elements`;
  const frequencies = candidates
    ? list(indexes.map((i) => sql`${num(candidates.df[i] ?? 0)}::float8 as ${df(i)}`))
    : list(indexes.map((i) => sql`sum((${tf(i)} > 0)::int) over () as ${df(i)}`));
  const scope = candidates ? sql`d.id = ${anyOf(candidates.ids)}` : searchable(organisationId, query);
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

/** Held terms at most (a bit each in an element's mask): the query's words (at most 24) and the strict form's other lexemes. */
const HELD_TERMS = 30;

/**
 * The strict form of a plain query, for stage two in memory: a conjunction of lexemes and phrases,
 * over the query words' terms and the lexemes held alongside them. Null for any other form; and
 * for a single word (whose relaxed query is its strict one), unless it is that word alone.
 */
function heldStrictForm(
  strictText: string,
  termLexemes: readonly string[],
  relaxedOn: boolean,
): { held: HeldStrict; alongside: string[] } | null {
  const parsed = conjunctsOf(strictText);
  if (!parsed) return null;
  const single = parsed.conjuncts.every((conjunct) => conjunct.lexemes.length === 1);
  if (!relaxedOn && !(single && sameLexemes(parsed.lexemes, termLexemes))) return null;
  const alongside = parsed.lexemes.filter((lexeme) => !termLexemes.includes(lexeme));
  if (termLexemes.length + alongside.length > HELD_TERMS) return null;
  const term = (lexeme: string) => {
    const at = termLexemes.indexOf(lexeme);
    return at >= 0 ? at : termLexemes.length + alongside.indexOf(lexeme);
  };
  return { held: { conjuncts: parsed.conjuncts, exclusions: parsed.exclusions, terms: parsed.lexemes.map(term) }, alongside };
}

/** Whether two lists hold the same lexemes (a strict query repeats a word given twice; the terms do not). */
function sameLexemes(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((lexeme) => right.has(lexeme));
}

/** The number of bits set. */
export function bitCount(mask: number): number {
  let count = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) count++;
  return count;
}

/** An element holding a query lexeme: which ones (a bit per term) and their positions there. */
export interface HeldElement {
  mask: number;
  positions: Uint16Array[];
}

/**
 * The elements of some documents (ordinals) holding the query's terms, from the terms' held
 * postings (a document's elements are told apart by their positions in it, which ingestion numbers
 * from 0): per document, its elements by position, and how many of them hold each term.
 */
export function heldElements(
  terms: readonly (TermPostings | null)[],
  documents: readonly number[],
  libraryDocuments: number,
): { elements: Map<number, HeldElement>[]; holding: Int32Array[] } {
  const slot = new Int32Array(libraryDocuments).fill(-1);
  documents.forEach((ordinal, i) => {
    slot[ordinal] = i;
  });
  const elements = documents.map(() => new Map<number, HeldElement>());
  const holding = documents.map(() => new Int32Array(terms.length));
  terms.forEach((postings, term) => {
    if (!postings?.positions) return;
    const { docs, keys, start, positions } = postings.positions.elements;
    for (let k = 0; k < docs.length; k++) {
      const i = slot[docs[k] as number] as number;
      if (i < 0) continue;
      const byKey = elements[i] as Map<number, HeldElement>;
      const key = keys[k] as number;
      let element = byKey.get(key);
      if (!element) {
        element = { mask: 0, positions: [] };
        byKey.set(key, element);
      }
      element.mask |= 1 << term;
      element.positions[term] = positions.subarray(start[k] as number, start[k + 1] as number);
      (holding[i] as Int32Array)[term] = ((holding[i] as Int32Array)[term] as number) + 1;
    }
  });
  return { elements, holding };
}

/**
 * A query's strict form, when it is a conjunction of lexemes and phrases: its conjuncts over its
 * distinct lexemes, and where each lexeme is among the held terms (after the query words' own).
 */
export interface HeldStrict {
  conjuncts: Conjunct[];
  /** What a match must not hold (an excluded word or phrase), each a conjunction of one. */
  exclusions: Conjunct[][];
  terms: number[];
}

/** How many lexemes the conjuncts use: conjunctsOf numbers theirs first, an exclusion's after. */
const requiredLexemes = (conjuncts: readonly Conjunct[]) => Math.max(-1, ...conjuncts.flatMap((conjunct) => conjunct.lexemes)) + 1;

/** The positions of the strict query's lexemes in an element or title, from each held term's. */
export const strictPositions = (strict: HeldStrict, byTerm: readonly (Uint16Array | undefined)[]) =>
  strict.terms.map((term) => byTerm[term]);

/**
 * Stage two in memory, for a query whose strict form is a conjunction of lexemes and phrases
 * (words, codes such as "HTM 04-01", quoted phrases), with any exclusions: the scores
 * rankDocuments' statement gives, from the positions held beside the postings (the query words'
 * terms first, then the strict form's other lexemes), without reading an element. The arithmetic follows the statement's, operation by
 * operation, so documents come in the same order with the same scores (search.test.ts compares
 * the two over the seed library).
 */
function rankHeld(input: { candidates: Candidates; relaxed: boolean; window: number; termCount: number; strict: HeldStrict }): {
  rows: RankedRow[];
  elements: Map<number, Map<number, HeldElement>>;
} {
  const { candidates, relaxed, window, termCount, strict } = input;
  const { held, ordinals, df, n } = candidates;
  const terms = held.terms;
  const wordMask = (1 << termCount) - 1;
  // The terms a strict match must hold: the conjuncts' lexemes (an excluded one it must not).
  const strictMask = strict.terms.slice(0, requiredLexemes(strict.conjuncts)).reduce((mask, term) => mask | (1 << term), 0);
  const { elements, holding } = heldElements(terms, ordinals, held.ids.length);
  const idf = df.map((count) => Math.log(1 + (n - count + 0.5) / (count + 0.5)));
  let usable = 0;
  let maxBm25 = 0;
  df.forEach((count, term) => {
    usable += count > 0 ? 1 : 0;
    maxBm25 += count > 0 ? (idf[term] as number) : 0;
  });

  const rows: (RankedRow & { code_candidate: boolean })[] = [];
  ordinals.forEach((ordinal, candidate) => {
    let strictHit = false;
    let strictBest = 0;
    let bestCover = 0;
    let hasElements = false;
    // The elements matching the relaxed query: holding a query word, or (a single word, or a
    // query with operators, whose relaxed query is its strict one) matching the strict query.
    for (const element of (elements[candidate] as Map<number, HeldElement>).values()) {
      if (relaxed && (element.mask & wordMask) === 0) continue;
      const positions = (element.mask & strictMask) === strictMask ? strictPositions(strict, element.positions) : null;
      const isStrict = positions !== null && matchesForm(positions, strict);
      if (!relaxed && !isStrict) continue;
      hasElements = true;
      bestCover = Math.max(bestCover, bitCount(element.mask & wordMask));
      if (!isStrict || !positions) continue;
      strictHit = true;
      strictBest = Math.max(strictBest, coverDensity(positions, strict.conjuncts));
    }
    const titles = terms.map((postings) => postings?.positions?.titles.get(ordinal));
    const titleMask = titles.reduce((mask, positions, term) => (positions ? mask | (1 << term) : mask), 0);
    const titlePositions = strictPositions(strict, titles);
    const titleStrict = (titleMask & strictMask) === strictMask && matchesForm(titlePositions, strict);
    const codeCandidate = candidates.code[ordinal] === 1;
    const titleRelaxed = relaxed ? (titleMask & wordMask) !== 0 : titleStrict;
    if (!hasElements && !titleRelaxed && !codeCandidate) return;
    const isStrict = strictHit || titleStrict;
    const strictScore = Math.max(strictBest, titleStrict ? coverDensity(titlePositions, strict.conjuncts) : 0);
    let base = strictScore;
    if (relaxed) {
      let bm25 = 0;
      for (let term = 0; term < termCount; term++) {
        const tf = ((holding[candidate] as Int32Array)[term] as number) + TITLE_TF * ((titleMask >> term) & 1);
        bm25 += tf > 0 ? ((idf[term] as number) * tf) / (tf + BM25_K1) : 0;
      }
      base =
        strictScore +
        RELAXED_WEIGHT * ((isStrict ? 1 : 0) + bestCover / Math.max(usable, 1) + (BM25_WEIGHT * bm25) / Math.max(maxBm25, 1e-9));
    }
    rows.push({
      id: held.ids[ordinal] ?? '',
      code: held.documents[ordinal]?.code ?? '',
      status: held.superseded[ordinal] === 1 ? 'superseded' : 'current',
      superseded_by_code: held.supersededBy[ordinal] ?? null,
      base,
      is_strict: isStrict,
      text_match: hasElements || titleRelaxed,
      total: 0,
      code_candidate: codeCandidate,
    });
  });
  const weighed = (row: RankedRow) => row.base * (row.status === 'superseded' ? SUPERSEDED_FACTOR : 1);
  const ranked = best(
    rows,
    window,
    (a, b) => Number(b.code_candidate) - Number(a.code_candidate) || weighed(b) - weighed(a) || compareIds(a.id, b.id),
  );
  return {
    rows: ranked.map(({ code_candidate: _, ...row }) => ({ ...row, total: rows.length })),
    elements: new Map(ordinals.map((ordinal, candidate) => [ordinal, elements[candidate] as Map<number, HeldElement>])),
  };
}

/** A search's documents in rank order with their scores (a window past the requested page), before paging and snippets. */
export interface RankedSearch {
  scored: { row: RankedRow; score: number }[];
  /** Matching documents in all, for the response's total. */
  total: number;
  /** The CTE select shared with the snippet query, and the relaxed query's words. */
  queries: SQL;
  words: string[];
  /** When the documents were scored in memory: the terms' held postings, for snippets chosen the same way. */
  held?: HeldTerms;
}

/**
 * The query words' lexemes (in the relaxed query's order), the strict form over the held terms, and
 * what stage one read: the library's documents and the postings held for the query words and then
 * for the strict form's other lexemes.
 */
export interface HeldTerms {
  lexemes: string[];
  /** The lexemes snippets mark: the relaxed query's, then the strict form's others (a code's "-01"). */
  marked: string[];
  strict: HeldStrict;
  library: HeldPostings;
  /** The elements holding the terms, by document ordinal, of every document ranked. */
  elements: ReadonlyMap<number, Map<number, HeldElement>>;
}

/**
 * The ranking half of searchDocuments: the documents matching the query, scored and ordered as the
 * wiki shows them. Chat retrieval uses it directly, since it needs the order and scores but no snippets.
 */
export async function rankSearch(options: {
  db: Database;
  organisationId: string;
  query: SearchQuery;
  /** Score every query by the statement, as queries with operators are (tests compare the two ways). */
  statementOnly?: boolean;
}): Promise<RankedSearch> {
  const { db, organisationId, query } = options;
  const parsed = await parseQuery({ db, organisationId, q: query.q });
  const { q, terms, words } = parsed;

  const window = Math.ceil((query.page * SEARCH_PAGE_SIZE + RANK_WINDOW) / RANK_BLOCK) * RANK_BLOCK;
  // Two stages: candidates from the postings of the query's lexemes, then exact scores from the
  // elements of the best few only. A query with operators (phrases, exclusions, OR) takes its
  // matches from the full-text indexes first (quoted phrases and exclusions: from the positions
  // held), as the postings cannot tell which elements match it; one that only excludes takes the
  // one-stage path over every element.
  const termLexemes = terms.map((term) => term.lexeme);
  // The relaxed query's lexemes: the words', or a query with operators' own (its relaxed query is its strict one).
  let relaxedLexemes = termLexemes;
  // A query whose strict form is a conjunction of lexemes and phrases is scored in memory when its
  // positions can be held, with any exclusions; others (or, words too common to hold) by the statement.
  let strict =
    terms.length > 0 && !parsed.operators && !options.statementOnly
      ? heldStrictForm(await strictQueryOf(db, q), termLexemes, words.length > 0)
      : null;
  let candidates: Candidates | null = null;
  if (terms.length > 0) {
    candidates = await rankCandidates({ db, lexemes: termLexemes, alongside: strict?.alongside ?? [], organisationId, query, q, window });
  } else if (parsed.operators) {
    // Quoted phrases and exclusions (a conjunction of lexemes and phrases, some excluded) find their matches in memory too.
    const form = options.statementOnly ? null : conjunctsOf(await strictQueryOf(db, q));
    const phrased = form && form.lexemes.length <= HELD_TERMS ? form : null;
    const held = phrased ? await heldMatches({ db, organisationId, query, strict: phrased }) : null;
    const matches =
      held && phrased
        ? { ids: held.ids, lexemes: phrased.lexemes.slice(0, requiredLexemes(phrased.conjuncts)) }
        : await operatorMatches(db, q);
    if (held && phrased) {
      strict = {
        held: { conjuncts: phrased.conjuncts, exclusions: phrased.exclusions, terms: phrased.lexemes.map((_, i) => i) },
        alongside: [],
      };
      relaxedLexemes = phrased.lexemes;
    }
    if (matches.lexemes.length > 0) {
      candidates = await rankCandidates({
        db,
        lexemes: matches.lexemes,
        matching: matches.ids,
        organisationId,
        query,
        q,
        window,
        ...(held ? { held: held.held } : {}),
      });
    }
  }
  // Stage one counted the documents the organisation can see; the statements after it need not.
  const queries = parsed.queries(candidates?.n);
  if (candidates && candidates.ids.length === 0) return { scored: [], total: 0, queries, words };
  const inMemory = candidates !== null && strict !== null && (await candidates.held.holdPositions());
  const rankedHeld =
    inMemory && candidates && strict
      ? rankHeld({ candidates, relaxed: words.length > 0, window, termCount: relaxedLexemes.length, strict: strict.held })
      : null;
  const ranked = rankedHeld ? rankedHeld.rows : await rankDocuments({ db, queries, words, organisationId, query, q, window, candidates });
  const matched = candidates ? candidates.total : (ranked[0]?.total ?? 0);
  const scored: { row: RankedRow; score: number }[] = [];
  let dropped = 0;
  const codeScoreOf = codeMatcher(q);
  for (const row of ranked) {
    const codeScore = codeScoreOf(row.code);
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
  scored.sort((a, b) => b.score - a.score || byCode.compare(a.row.code, b.row.code) || byId.compare(a.row.id, b.row.id));
  const held =
    rankedHeld && candidates && strict
      ? {
          lexemes: relaxedLexemes,
          marked: [...relaxedLexemes, ...strict.alongside],
          strict: strict.held,
          library: candidates.held,
          elements: rankedHeld.elements,
        }
      : undefined;
  return { scored, total: matched - dropped, queries, words, ...(held ? { held } : {}) };
}
