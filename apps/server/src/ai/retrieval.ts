/**
 * Passage retrieval for chat: candidate documents from the wiki search, then the best elements of
 * each scored against the question's terms (weighted by how rare each term is in the library),
 * expanded to carry their list and heading context, de-duplicated and capped. A question whose
 * best passage covers too little of its distinctive terms gets no passages: the engines then say
 * that the library holds nothing relevant rather than answer from a passing mention.
 */
import { performance } from 'node:perf_hooks';
import { type ChatFilters, type DocumentLink, SEARCH_QUERY_MAX_LENGTH } from '@verity/shared';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/connect.ts';
import { documents } from '../db/schema.ts';
import { searchDocuments } from '../modules/documents/search.ts';

export interface QueryTerm {
  word: string;
  lexeme: string;
  /** Inverse document frequency in the library, halved for terms carried over from earlier questions. */
  weight: number;
  carried: boolean;
}

export interface PassageElement {
  id: string;
  type: 'title' | 'heading' | 'paragraph' | 'list_item' | 'table';
  text: string;
}

export interface PassageSentence {
  text: string;
  elementId: string;
  /** Whether the sentence is a whole list item (quoted as a bullet of its own). */
  listItem: boolean;
  /** Share of the question's term weight the sentence holds, in [0, 1]. */
  score: number;
}

export interface Passage {
  documentId: string;
  code: string;
  title: string;
  edition: string;
  status: 'current' | 'superseded';
  supersededByCode: string | null;
  /** The current edition that replaced this one, when the organisation can see it. */
  supersededBy: DocumentLink | null;
  headingPath: string[];
  elements: PassageElement[];
  /** Share of the question's term weight held by the passage's best element and its headings. */
  score: number;
  sentences: PassageSentence[];
}

export interface RetrievalResult {
  /** The text searched: the question, with earlier questions' terms and codes for a follow-up. */
  query: string;
  followUp: boolean;
  terms: QueryTerm[];
  passages: Passage[];
  filters: ChatFilters;
  includeInternal: boolean;
  /** Milliseconds spent retrieving. */
  elapsedMs: number;
}

export interface RetrievePassagesOptions {
  db: Database;
  organisationId: string;
  question: string;
  /** Earlier questions of the conversation, oldest first. */
  history?: readonly string[];
  filters?: Partial<ChatFilters>;
  /** Whether the organisation's own documents are searched as well as the shared library. */
  includeInternal?: boolean;
}

/**
 * The share of the question's term weight a passage must hold for the library to count as
 * answering it. Below this, a match is a passing mention of one or two of the question's words.
 */
export const RELEVANCE_THRESHOLD = 0.5;
const MAX_PASSAGES = 8;
const MAX_DOCUMENTS = 4;
const CANDIDATE_DOCUMENTS = 8;
const SEEDS_PER_DOCUMENT = 3;
/** A further passage of a document is kept only when it scores at least this share of the document's best. */
const RELATIVE_CUT = 0.6;
/** A further document is kept only when its best passage scores at least this share of the best document's. */
const DOCUMENT_CUT = 0.7;
/** …and only when the wiki search scores it at least this share of the best-scoring document. */
const SEARCH_CUT = 0.55;
const MAX_LIST_ITEMS = 8;
const MAX_QUERY_WORDS = 24;
/** A heading or title holding a term counts for this share of the element holding it. */
const CONTEXT_HIT = 0.5;
const CARRIED_WEIGHT = 0.5;

/**
 * Words that say what kind of answer is wanted rather than what it is about; the database's
 * English stop-words are dropped as well.
 */
const QUESTION_WORDS = new Set(
  'what which who whom whose when where why how often must should shall need needs needed require requires required does do did say says tell mean means cover covers use used can could would may might please explain describe list give show there about also'.split(
    ' ',
  ),
);

/** Openings and pronouns that mark a question as leaning on the previous one. */
const ANAPHORIC =
  /^(and|or|but|also|what about|how about|same|then)\b|\b(it|its|this|that|these|those|they|them|their|there|same|above|such)\b/i;
const FOLLOW_UP_MAX_WORDS = 5;
const INCLUDE_SUPERSEDED = /\b(edition|editions|superseded|supersede|replaced|previous|older|old|version|history|withdrawn)\b/i;

/** Document codes as people write them: "HTM 06-01", "CQC Reg 12", "ACoP L8", "RIDDOR 2013", "DSPT". */
const CODE_PATTERN = /\b(?:[A-Z][A-Za-z()&+]*\s?(?:Reg\s)?[A-Z]?\d[\d\-.]*[A-Za-z]?|[A-Z]{3,}\d*)\b/g;

function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((word) => !QUESTION_WORDS.has(word));
}

/**
 * The text to search for a question in its conversation: a short or anaphoric question ("and for
 * medical locations?") also carries the previous question's content words and codes, themselves
 * carried forward when that question was a follow-up too.
 */
export function buildQuery(question: string, history: readonly string[] = []): { query: string; carried: string; followUp: boolean } {
  let previous = '';
  for (const earlier of history) previous = expand(earlier, previous).full;
  const { full, carried } = expand(question, previous);
  return { query: full, carried, followUp: carried.length > 0 };
}

function expand(question: string, previous: string): { full: string; carried: string } {
  const own = question.trim();
  if (previous.length === 0) return { full: own, carried: '' };
  const words = contentWords(own);
  const leans = words.length <= FOLLOW_UP_MAX_WORDS && (ANAPHORIC.test(own) || words.length <= 2);
  if (!leans) return { full: own, carried: '' };
  const codes = previous.match(CODE_PATTERN) ?? [];
  const ownWords = new Set(words);
  const carriedWords = contentWords(previous).filter((word) => !ownWords.has(word));
  const carried = [...new Set([...codes, ...carriedWords])].join(' ');
  return { full: `${own} ${carried}`.trim(), carried };
}

function valueList(values: readonly string[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

/** A lexeme as a one-term tsquery, without stemming it again (lexemes are letters and digits only). */
const lexemeQuery = (lexeme: string) => sql`cast(${lexeme} as tsquery)`;

/** The documents the organisation can see: the shared library and its own. */
function visible(organisationId: string): SQL {
  return sql`(d.organisation_id is null or d.organisation_id = ${organisationId})`;
}

/** One term per distinct lexeme of the query, stop-words dropped, weighted by rarity in the library. */
async function queryTerms(db: Database, organisationId: string, query: string, carried: string): Promise<QueryTerm[]> {
  const carriedWords = new Set(contentWords(carried));
  const ownWords = new Set(contentWords(query.slice(0, query.length - carried.length)));
  const words = [...new Set(contentWords(query))].slice(0, MAX_QUERY_WORDS);
  if (words.length === 0) return [];
  // Each word's lexeme (null for a stop-word) and how many visible documents hold it, in one round trip.
  const rows = rowsOf<{ i: number; lexeme: string | null; df: number; n: number }>(
    await db.execute(sql`
      with w(i, word) as (values ${sql.join(
        words.map((word, i) => sql`(${i}::int, ${word}::text)`),
        sql`, `,
      )}),
      l as (select i, (select case when count(*) = 1 then min(lexeme) end from unnest(to_tsvector('english', w.word))) as lexeme from w)
      select l.i, l.lexeme,
        case when l.lexeme ~ '^[a-z0-9]+$' then
          (select count(distinct e.document_id) from document_elements e join documents d on d.id = e.document_id
           where e.search_vector @@ cast(l.lexeme as tsquery) and ${visible(organisationId)})
        else 0 end::int as df,
        (select count(*) from documents d where ${visible(organisationId)})::int as n
      from l order by l.i`),
  );
  const seen = new Set<string>();
  const picked: { word: string; lexeme: string; carried: boolean; df: number }[] = [];
  words.forEach((word, i) => {
    const lexeme = rows[i]?.lexeme ?? null;
    if (lexeme === null || !/^[a-z0-9]+$/.test(lexeme) || seen.has(lexeme)) return;
    seen.add(lexeme);
    picked.push({ word, lexeme, carried: carriedWords.has(word) && !ownWords.has(word), df: Number(rows[i]?.df ?? 0) });
  });
  const n = Number(rows[0]?.n ?? 0);
  return picked.map(({ df, ...term }) => {
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    return { ...term, weight: idf * (term.carried ? CARRIED_WEIGHT : 1) };
  });
}

interface DocumentRow {
  id: string;
  organisation_id: string | null;
  code: string;
  title: string;
  edition: string;
  status: 'current' | 'superseded';
  superseded_by_code: string | null;
  title_hits: number[];
}

interface ElementRow {
  id: string;
  document_id: string;
  position: number;
  type: PassageElement['type'];
  text: string;
  heading_path: string[];
  hits: number[];
  /** Whether a heading above the element holds each term (from the heading elements' own hits). */
  heading_hits: number[];
}

const hitArray = (terms: readonly QueryTerm[], vector: SQL): SQL =>
  terms.length === 0
    ? sql`array[]::int[]`
    : sql`array[${sql.join(
        terms.map((term) => sql`(${vector} @@ ${lexemeQuery(term.lexeme)})::int`),
        sql`, `,
      )}]`;

/** Letters and digits only, lower-case, number groups without leading zeros: "HTM 06-01" and "htm 6-1" agree. */
function codeKey(value: string): string {
  return (value.toLowerCase().match(/[a-z]+|[0-9]+/g) ?? [])
    .map((group) => (/^[0-9]+$/.test(group) ? String(Number(group)) : group))
    .join(' ');
}

/** Whether the question names this code (a code with a number, or an all-capitals code written as such). */
function namesCode(question: string, code: string): boolean {
  const key = codeKey(code);
  if (key.length === 0) return false;
  if (/[0-9]/.test(code)) return ` ${codeKey(question)} `.includes(` ${key} `);
  return /^[A-Z]{2,}$/.test(code) && new RegExp(`\\b${code}\\b`).test(question);
}

function splitSentences(element: {
  id: string;
  type: PassageElement['type'];
  text: string;
}): { text: string; elementId: string; listItem: boolean }[] {
  const text = element.text.replace(/\s+/g, ' ').trim();
  if (text.length === 0) return [];
  if (element.type === 'list_item' || element.type === 'table')
    return [{ text, elementId: element.id, listItem: element.type === 'list_item' }];
  return text
    .split(/(?<=[.!?])\s+(?=["“(]?[A-Z0-9])/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0)
    .map((sentence) => ({ text: sentence, elementId: element.id, listItem: false }));
}

interface Scored {
  row: ElementRow;
  score: number;
}

/** The seed element and its context: the whole list around a list item, with the paragraph introducing it. */
function expandSeed(seed: ElementRow, elements: readonly ElementRow[]): ElementRow[] {
  const index = elements.indexOf(seed);
  const sameSection = (row: ElementRow | undefined) =>
    row !== undefined && row.heading_path.join('\u0000') === seed.heading_path.join('\u0000');
  let first = index;
  let last = index;
  const isListItem = (row: ElementRow | undefined) => row?.type === 'list_item' && sameSection(row);
  if (seed.type === 'list_item') {
    while (isListItem(elements[first - 1]) && index - first < MAX_LIST_ITEMS - 1) first--;
    while (isListItem(elements[last + 1]) && last - first < MAX_LIST_ITEMS - 1) last++;
    const before = elements[first - 1];
    if (before?.type === 'paragraph' && sameSection(before)) first--;
  } else if (seed.type === 'paragraph' && /:\s*$/.test(seed.text)) {
    while (isListItem(elements[last + 1]) && last - first < MAX_LIST_ITEMS) last++;
  }
  return elements.slice(first, last + 1);
}

export async function retrievePassages(options: RetrievePassagesOptions): Promise<RetrievalResult> {
  const started = performance.now();
  const { db, organisationId, question } = options;
  const includeInternal = options.includeInternal ?? false;
  const filters: ChatFilters = {
    category: [...(options.filters?.category ?? [])],
    domain: [...(options.filters?.domain ?? [])],
    subDomain: [...(options.filters?.subDomain ?? [])],
  };
  const { query, carried, followUp } = buildQuery(question, options.history);
  const base = { query, followUp, filters, includeInternal };
  const nothing = (terms: QueryTerm[]): RetrievalResult => ({ ...base, terms, passages: [], elapsedMs: performance.now() - started });
  const q = query.slice(0, SEARCH_QUERY_MAX_LENGTH).trim();
  if (q.length === 0) return nothing([]);

  const [terms, search] = await Promise.all([
    queryTerms(db, organisationId, q, carried),
    searchDocuments({
      db,
      organisationId,
      query: { q, category: filters.category, domain: filters.domain, subdomain: filters.subDomain, page: 1 },
    }),
  ]);
  const ranked = search.results.map((result) => result.reference.short_id);
  const searchScores = new Map(search.results.map((result) => [result.reference.short_id, result.score]));
  if (ranked.length === 0) return nothing(terms);

  const documentRows = rowsOf<DocumentRow>(
    await db.execute(sql`
      select d.id, d.organisation_id, d.code, d.title, d.edition, d.status, d.superseded_by_code,
        ${hitArray(terms, sql`d.search_vector`)} as title_hits
      from documents d
      where d.id in (${valueList(ranked)}) and ${visible(organisationId)}`),
  );
  const byId = new Map(documentRows.map((row) => [row.id, row]));
  const candidates = ranked
    .map((id) => byId.get(id))
    .filter((row): row is DocumentRow => row !== undefined && (includeInternal || row.organisation_id === null))
    .slice(0, CANDIDATE_DOCUMENTS);
  if (candidates.length === 0) return nothing(terms);

  const elementRows = rowsOf<ElementRow>(
    await db.execute(sql`
      select e.id, e.document_id, e.position, e.type, e.text, e.heading_path,
        ${hitArray(terms, sql`e.search_vector`)} as hits
      from document_elements e
      where e.document_id in (${valueList(candidates.map((row) => row.id))})
      order by e.document_id, e.position`),
  );
  const elementsByDocument = new Map<string, ElementRow[]>();
  const headingHits = new Map<string, number[]>();
  for (const row of elementRows) {
    if (row.type !== 'heading') continue;
    const key = `${row.document_id}\u0000${row.text}`;
    const known = headingHits.get(key);
    headingHits.set(key, known ? known.map((hit, i) => hit | (row.hits[i] ?? 0)) : row.hits);
  }
  for (const row of elementRows) {
    row.heading_hits = terms.map((_, i) =>
      row.heading_path.some((heading) => headingHits.get(`${row.document_id}\u0000${heading}`)?.[i]) ? 1 : 0,
    );
    const list = elementsByDocument.get(row.document_id) ?? [];
    list.push(row);
    elementsByDocument.set(row.document_id, list);
  }

  // Only the question's own terms decide whether the library answers it; carried terms (a
  // follow-up's context) help choose among passages that do.
  const totalWeight = terms.reduce((total, term) => total + term.weight, 0);
  const ownWeight = terms.reduce((total, term) => total + (term.carried ? 0 : term.weight), 0);
  const coverage = (row: ElementRow, document: DocumentRow, ownOnly: boolean): number => {
    const denominator = ownOnly ? ownWeight : totalWeight;
    if (denominator <= 0) return 0;
    let held = 0;
    terms.forEach((term, i) => {
      if (ownOnly && term.carried) return;
      if (row.hits[i]) held += term.weight;
      else if (row.heading_hits[i] || document.title_hits[i]) held += term.weight * CONTEXT_HIT;
    });
    return held / denominator;
  };

  interface Candidate {
    document: DocumentRow;
    elements: ElementRow[];
    seeds: Scored[];
    best: number;
    relevance: number;
    named: boolean;
  }
  const scoredDocuments: Candidate[] = [];
  for (const document of candidates) {
    const elements = elementsByDocument.get(document.id) ?? [];
    const named = namesCode(q, document.code);
    const seeds = elements
      .filter((row) => row.type !== 'title' && row.type !== 'heading')
      .map((row) => ({ row, score: coverage(row, document, false), relevance: coverage(row, document, true) }))
      .sort((a, b) => b.score - a.score || a.row.position - b.row.position);
    const top = seeds[0];
    if (!top) continue;
    const relevance = Math.max(...seeds.map((seed) => seed.relevance));
    // A document named by its code answers with its best passages, or its opening when the
    // question holds nothing but the code.
    const best = named ? Math.max(top.score, 1) : top.score;
    scoredDocuments.push({ document, elements, seeds, best, relevance: named ? 1 : relevance, named });
  }
  const relevant = scoredDocuments.filter((entry) => entry.relevance >= RELEVANCE_THRESHOLD);
  if (relevant.length === 0) return nothing(terms);

  // Documents stay in search order: it weighs how often a document uses the terms, which one
  // element cannot show. A question naming a code is about that document (and its editions) only.
  const named = relevant.filter((entry) => entry.named);
  const pool = named.length > 0 ? named : relevant;
  const bestScore = Math.max(...pool.map((entry) => entry.best));
  const keptCodes = new Set(pool.map((entry) => entry.document.code));
  const wantsEditions = INCLUDE_SUPERSEDED.test(question);
  const topSearch = Math.max(...pool.map((entry) => searchScores.get(entry.document.id) ?? 0));
  const chosen = pool
    .filter(
      (entry) =>
        entry.named || (entry.best >= bestScore * DOCUMENT_CUT && (searchScores.get(entry.document.id) ?? 0) >= topSearch * SEARCH_CUT),
    )
    .filter(
      (entry) =>
        entry.named ||
        wantsEditions ||
        entry.document.status !== 'superseded' ||
        entry.document.superseded_by_code === null ||
        !keptCodes.has(entry.document.superseded_by_code),
    )
    .slice(0, MAX_DOCUMENTS);

  const replacements = [
    ...new Set(chosen.map((entry) => entry.document.superseded_by_code).filter((code): code is string => code !== null)),
  ];
  const currentEditions = new Map<string, DocumentLink>();
  if (replacements.length > 0) {
    const rows = await db
      .select({
        id: documents.id,
        code: documents.code,
        title: documents.title,
        organisationId: documents.organisationId,
        status: documents.status,
      })
      .from(documents)
      .where(inArray(documents.code, replacements));
    for (const row of rows) {
      if (row.status === 'current' && (row.organisationId === null || row.organisationId === organisationId)) {
        currentEditions.set(row.code, { id: row.id, code: row.code, title: row.title });
      }
    }
  }

  interface Draft {
    passage: Omit<Passage, 'sentences'>;
    rows: ElementRow[];
    rank: number;
  }
  const drafts: Draft[] = [];
  chosen.forEach((entry, documentRank) => {
    const { document, elements } = entry;
    const covered = new Set<string>();
    const docBest = entry.seeds[0]?.score ?? 0;
    let taken = 0;
    const seeds =
      entry.named && docBest < RELEVANCE_THRESHOLD ? entry.seeds.slice().sort((a, b) => a.row.position - b.row.position) : entry.seeds;
    for (const seed of seeds) {
      if (taken >= SEEDS_PER_DOCUMENT) break;
      if (taken > 0 && (seed.score < docBest * RELATIVE_CUT || seed.score <= 0)) break;
      if (covered.has(seed.row.id)) continue;
      const rows = expandSeed(seed.row, elements).filter((row) => !covered.has(row.id));
      if (rows.length === 0) continue;
      for (const row of rows) covered.add(row.id);
      taken++;
      drafts.push({
        rank: documentRank,
        rows,
        passage: {
          documentId: document.id,
          code: document.code,
          title: document.title,
          edition: document.edition,
          status: document.status,
          supersededByCode: document.superseded_by_code,
          supersededBy: document.superseded_by_code ? (currentEditions.get(document.superseded_by_code) ?? null) : null,
          headingPath: seed.row.heading_path,
          elements: rows.map((row) => ({ id: row.id, type: row.type, text: row.text })),
          score: Math.max(seed.score, entry.named ? entry.best : 0),
        },
      });
    }
  });

  // Every chosen document keeps its best passage; the rest of the room goes to the best-scoring others.
  const firsts = chosen
    .map((_, rank) => drafts.find((draft) => draft.rank === rank))
    .filter((draft): draft is Draft => draft !== undefined);
  const others = drafts.filter((draft) => !firsts.includes(draft)).sort((a, b) => b.passage.score - a.passage.score);
  const kept = [...firsts, ...others.slice(0, Math.max(0, MAX_PASSAGES - firsts.length))].sort(
    (a, b) => a.rank - b.rank || (a.rows[0]?.position ?? 0) - (b.rows[0]?.position ?? 0),
  );

  const passages = await withSentences(db, kept, terms, totalWeight);
  return { ...base, terms, passages, elapsedMs: performance.now() - started };
}

/** Splits the passages into sentences and scores each by the term weight it holds (stemmed by the database). */
async function withSentences(
  db: Database,
  kept: readonly { passage: Omit<Passage, 'sentences'>; rows: ElementRow[] }[],
  terms: readonly QueryTerm[],
  totalWeight: number,
): Promise<Passage[]> {
  const split = kept.map((draft) => draft.passage.elements.flatMap((element) => splitSentences(element)));
  const all = split.flat();
  let hits: number[][] = [];
  if (all.length > 0 && terms.length > 0) {
    hits = rowsOf<{ hits: number[] }>(
      await db.execute(sql`
        select ${hitArray(terms, sql`to_tsvector('english', s.text)`)} as hits
        from (values ${sql.join(
          all.map((sentence, i) => sql`(${i}::int, ${sentence.text}::text)`),
          sql`, `,
        )}) as s(i, text)
        order by s.i`),
    ).map((row) => row.hits);
  }
  let cursor = 0;
  return kept.map((draft, i) => ({
    ...draft.passage,
    sentences: (split[i] ?? []).map((sentence) => {
      const sentenceHits = hits[cursor++] ?? [];
      const held = terms.reduce((total, term, t) => total + (sentenceHits[t] ? term.weight : 0), 0);
      return { ...sentence, score: totalWeight > 0 ? held / totalWeight : 0 };
    }),
  }));
}
