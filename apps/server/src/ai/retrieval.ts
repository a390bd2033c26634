/**
 * Passage retrieval for chat: candidate documents from the wiki search, then the best elements of
 * each scored against the question's terms (weighted by how rare each term is in the library),
 * expanded to carry their list and heading context, de-duplicated and capped. The answer starts
 * from the document the question names by its title, or else the one most about the question (its
 * best passage and its title), cites beside it the law or the guidance on that law that is on the
 * subject, and cites another only when that one answers a part of the question the documents
 * already chosen leave open, or the first sends the reader there (at most three). A question whose
 * best passage covers too little of its distinctive terms gets no passages: the engines then say
 * that the library holds nothing relevant rather than answer from a passing mention.
 */
import { performance } from 'node:perf_hooks';
import { type ChatFilters, type CitationSource, type DocumentLink, SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX_LENGTH } from '@verity/shared';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/connect.ts';
import { documents } from '../db/schema.ts';
import { rankSearch } from '../modules/documents/search.ts';
import { type AttachmentSource, selectAttachmentPassages, withoutFileText, withoutReferenceWords } from './attachment-passages.ts';

export interface QueryTerm {
  word: string;
  lexeme: string;
  /** Inverse document frequency in the library, halved for terms carried over from earlier questions. */
  weight: number;
  carried: boolean;
}

interface PassageElement {
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
  /** A library document, or a file attached to the conversation (documentId is then the attachment's id; code and edition are empty). */
  source: CitationSource;
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
  /**
   * Files of the conversation in scope for the question (the caller has checked they are the
   * asker's, in this conversation): their passages are scored with the same terms and come first.
   */
  attachments?: readonly AttachmentSource[];
  /**
   * What the passages are for: an answer cites a further document only when it answers a part of the
   * question the first leaves open; a draft gathers requirements from every document nearly as
   * relevant as the first (default 'answer').
   */
  purpose?: 'answer' | 'draft';
  /**
   * A semantic ranking of documents to fuse with the lexical one (the provider engine, with
   * AI_EMBEDDING_MODEL): best first, or null when it could not be had (search stays lexical).
   */
  semantic?: (query: string, scope: { filters: ChatFilters; includeInternal: boolean }) => Promise<readonly { id: string }[] | null>;
}

/**
 * The share of the question's term weight a passage must hold for the library to count as
 * answering it. Below this, a match is a passing mention of one or two of the question's words.
 */
const RELEVANCE_THRESHOLD = 0.5;
const MAX_PASSAGES = 8;
const MAX_DOCUMENTS = 4;
/** An answer cites at most this many documents (a draft gathers up to MAX_DOCUMENTS). */
const MAX_ANSWER_DOCUMENTS = 3;
const CANDIDATE_DOCUMENTS = 8;
const SEEDS_PER_DOCUMENT = 3;
/** A further passage of a document is kept only when it scores at least this share of the document's best. */
const RELATIVE_CUT = 0.6;
/** A further document is kept only when it is at least this share as much about the question as the first (for a draft: its best passage as the first's). */
const DOCUMENT_CUT = 0.7;
/** …and only when the wiki search scores it at least this share of the best-scoring document. */
const SEARCH_CUT = 0.55;
const MAX_LIST_ITEMS = 8;
const MAX_QUERY_WORDS = 24;
/** A heading or title holding a term counts for this share of the element holding it. */
const CONTEXT_HIT = 0.5;
const CARRIED_WEIGHT = 0.5;
/**
 * The score of each sentence of an attachment's opening passage (see retrievePassages): about what a
 * fair partial match scores, so the file's opening is quoted even beside library passages.
 */
const OPENING_SENTENCE_SCORE = 0.4;
/** The library is searched beside matching files only when the files leave at least this share of the question's own term weight open. */
const OPEN_SHARE = 0.25;
/**
 * What a document is about: its best passage's share of the question's terms, raised by this many
 * times the share its title and code hold. The document that answers first is the one most about the question.
 */
const TITLE_WEIGHT = 1;
/**
 * Documents within this share of each other's aboutness are tied; the one the wiki search scores
 * higher answers first (it weighs how much of the whole document is on the question), and between
 * search ties, the one with more strong passages.
 */
const ABOUTNESS_TIE = 0.02;
/** The first document must score at least this share of the best wiki-search score (a title match alone is not enough). */
const PRIMARY_SEARCH_CUT = 0.5;
/**
 * A further document is cited only when its passages hold at least this share of the question's own
 * term weight that the documents already chosen do not: it must answer a part of the question they
 * leave open, not repeat them.
 */
const NEW_TERMS_CUT = 0.15;
/** …or, when less, this many average terms' worth of it: a long question has more parts, each with a smaller share. */
const NEW_TERM_SHARE = 0.5;
/** A sentence of the first document that names another must hold this share of the question's own terms to send the reader there. */
const POINTER_SHARE = 0.3;
/**
 * When the first document is the law, the best guidance document (or when it is guidance, the best
 * law) is cited beside it if it is at least this share as much about the question as the first…
 */
const KIND_CUT = 0.65;
/** …and its title holds at least this share of the question's own term weight (it is about the subject, not a passing mention). */
const KIND_TITLE = 0.1;
/** A passage that points at other documents (a "Related documents" entry, "HTM 07-01 — …") counts for this share of its score. */
const CROSS_REFERENCE_FACTOR = 0.5;
/** A passage from a section the question does not ask about (a document's history, its common failings) counts for this share. */
const ASIDE_FACTOR = 0.7;

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

/** Words that, after "how", ask for a measure ("how long", "how quickly") rather than name a topic. */
const MEASURE_WORDS = new Set('long quickly soon frequently regularly many much far'.split(' '));

function contentWords(text: string): string[] {
  const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return words.filter((word, i) => !QUESTION_WORDS.has(word) && !(MEASURE_WORDS.has(word) && words[i - 1] === 'how'));
}

/** Section headings under which a passage lists other documents rather than saying anything itself. */
const CROSS_REFERENCE_HEADING =
  /\b(related (documents|guidance|legislation|standards|regulations)|see also|further (reading|information))\b/i;
/** An entry that opens with a document code and a dash: "HTM 07-01 — sharps as healthcare waste …". */
const CROSS_REFERENCE_ENTRY =
  /^(?:[A-Z][A-Za-z()&+]*[A-Z)][A-Za-z()&+]*(?:\s+(?:Reg|Regs|Part|s\.)?\s*[0-9A-Z][\w.()-]*)*(?:,\s+)?)+\s+[—–-]\s/;

/** Sections that tell a document's history: quoted only when the question asks about history or editions. */
const HISTORY_SECTION = /\b(history|what changed|previous (edition|version|legislation|guidance)|changes from)\b/i;
/** Sections that list what goes wrong: never quoted as requirements unless the question asks about failings. */
const GAPS_SECTION = /\b(gaps|pitfalls|mistakes|failings|common (problems|findings|issues|failures))\b/i;
const ASKS_HISTORY =
  /\b(history|histories|edition|editions|version|versions|changed?|previous|replaced|superseded?|introduced|became|become|when (did|was|were))\b/i;
const ASKS_GAPS = /\b(gaps?|pitfalls?|mistakes?|failings?|failures?|go(es)? wrong|common (problems|findings|issues))\b/i;

/** Whether a passage's section is one the question does not ask about (a document's history, its common failings). */
export function offQuestionSection(headingPath: readonly string[], question: string): boolean {
  const section = headingPath.join(' › ');
  return (HISTORY_SECTION.test(section) && !ASKS_HISTORY.test(question)) || (GAPS_SECTION.test(section) && !ASKS_GAPS.test(question));
}

/** Whether an element points at other documents instead of stating requirements. */
export function isCrossReference(element: { text: string; heading_path?: readonly string[] }): boolean {
  const heading = element.heading_path?.at(-1) ?? '';
  return CROSS_REFERENCE_HEADING.test(heading) || CROSS_REFERENCE_ENTRY.test(element.text.trim());
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
  // Each word's lexeme (null for a stop-word) and how many visible documents hold it in an element,
  // in one round trip; the search postings (document_terms) count them without reading elements.
  const rows = rowsOf<{ i: number; lexeme: string | null; df: number; n: number }>(
    await db.execute(sql`
      with w(i, word) as (values ${sql.join(
        words.map((word, i) => sql`(${i}::int, ${word}::text)`),
        sql`, `,
      )}),
      l as (select i, (select case when count(*) = 1 then min(lexeme) end from unnest(to_tsvector('english', w.word))) as lexeme from w)
      select l.i, l.lexeme,
        case when l.lexeme ~ '^[a-z0-9]+$' then
          (select count(*) from document_terms t join documents d on d.id = t.document_id
           where t.lexeme = l.lexeme and t.elements > 0 and ${visible(organisationId)})
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
  /** Legislation, Guidance, Approved Code of Practice, Assurance…: what kind of source the document is. */
  category: string;
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

/**
 * A query term as text matching reads it: the database's stem as a word prefix ("examin" in
 * "examined"); Snowball writes a final "y" as "i" ("safety" → "safeti"), so that "i" is left off.
 */
export function termPattern(lexeme: string): RegExp {
  const prefix = lexeme.length > 4 ? lexeme.replace(/i$/, '') : lexeme;
  return new RegExp(`\\b${prefix}`, 'i');
}

/** Whether a passage's text names a document by its code as written ("… recommended in HTM 06-01 and …"). */
function mentionsCode(text: string, code: string): boolean {
  const index = text.indexOf(code);
  if (index < 0 || code.trim().length === 0) return false;
  const after = text.charAt(index + code.length);
  return !/[\w-]/.test(text.charAt(index - 1)) && !/[\w]/.test(after);
}

/** Whether a code is one abbreviation and a number or year ("RIDDOR 2013", "COSHH 2002"), so the abbreviation alone can name it. */
function codeHead(code: string): boolean {
  return /^[A-Z][A-Z0-9]{2,}(?:\s+[0-9][\w.()-]*)*$/.test(code.trim());
}

/** Abbreviations written in capitals in the question ("under RIDDOR") that only one current visible document's code starts with. */
async function uniqueAliases(db: Database, organisationId: string, question: string): Promise<Set<string>> {
  const words = [...new Set((question.match(/\b[A-Z][A-Z0-9]{2,}\b/g) ?? []).map((word) => word.toLowerCase()))];
  if (words.length === 0) return new Set();
  const rows = rowsOf<{ head: string; n: number }>(
    await db.execute(sql`
      select lower(split_part(d.code, ' ', 1)) as head, count(*)::int as n
      from documents d
      where d.status = 'current' and ${visible(organisationId)} and lower(split_part(d.code, ' ', 1)) in (${valueList(words)})
      group by 1`),
  );
  return new Set(rows.filter((row) => Number(row.n) === 1).map((row) => row.head));
}

/**
 * A document's title as people write it when naming the document: without parenthetical asides,
 * what follows a dash or a comma ("…, section 34 — waste duty of care"), and a trailing year
 * ("Electricity at Work Regulations 1989 (with HSE memorandum HSR25)" → "electricity at work regulations").
 */
function titleName(title: string): string {
  const main = title.replace(/\([^)]*\)/g, ' ').split(/\s[—–-]\s|,\s/)[0] ?? '';
  // "Health and Safety at Work etc. Act 1974" is written without its "etc.".
  const words = (main.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((word) => word !== 'etc');
  while (words.length > 0 && /^(1[89]|20)\d\d$/.test(words.at(-1) ?? '')) words.pop();
  return words.join(' ');
}

/** The law, or guidance on meeting it (codes of practice included); null for anything else (assurance frameworks). */
export function sourceKind(category: string): 'law' | 'guidance' | null {
  if (/^legislation$/i.test(category)) return 'law';
  if (/^(guidance|approved code of practice|code of practice)$/i.test(category)) return 'guidance';
  return null;
}

/** Title words that do not make a title distinctive on their own. */
const TITLE_FILLER = new Set('a an and at for in of on the to with'.split(' '));

/**
 * Whether the question names a document by its title ("under the Electricity at Work Regulations").
 * Only a title of at least three words, two of them not fillers, counts: "Lifts" or "Staffing" in a
 * question is a topic, not a name.
 */
export function namesTitle(question: string, title: string): boolean {
  const name = titleName(title);
  const words = name.split(' ').filter((word) => word.length > 0);
  if (words.length < 3 || words.filter((word) => !TITLE_FILLER.has(word)).length < 2) return false;
  const text = (question.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((word) => word !== 'etc').join(' ');
  return ` ${text} `.includes(` ${name} `);
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
  /** Share of the question's own terms (not those carried from earlier questions) the element holds. */
  relevance: number;
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

/** Reciprocal rank fusion (k = 60) of rankings, best first: each id scores Σ 1 / (60 + rank). Hybrid ranking with embeddings uses it. */
export function fuseRankings(rankings: readonly (readonly string[])[]): { id: string; score: number }[] {
  const scores = new Map<string, number>();
  for (const ranking of rankings) {
    ranking.forEach((id, i) => {
      scores.set(id, (scores.get(id) ?? 0) + 1 / (60 + i + 1));
    });
  }
  return [...scores.entries()].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
}

/**
 * The passages for a question: the library's and, when the conversation has files in scope, the
 * attachments' (first, as a question asked with a file is mostly about it). The words that only
 * point at the file ("the attached document") are left out of the search. The files are scored
 * first; the library then answers the part of the question they leave open (the words their
 * passages hold are left out of its search), and is not searched at all when that part is too
 * small to be a question of its own ("what does my policy say about fire wardens?").
 */
export async function retrievePassages(options: RetrievePassagesOptions): Promise<RetrievalResult> {
  const attachments = options.attachments ?? [];
  if (attachments.length === 0) return retrieveLibraryPassages(options);
  const started = performance.now();
  const { db, organisationId } = options;
  const question = withoutReferenceWords(options.question);
  const { query, carried, followUp } = buildQuery(question, options.history);
  const q = query.slice(0, SEARCH_QUERY_MAX_LENGTH).trim();
  const terms = q.length === 0 ? [] : await queryTerms(db, organisationId, q, carried);
  const selection = await selectAttachmentPassages({ db, attachments, terms, question: options.question, threshold: RELEVANCE_THRESHOLD });

  const ownWeight = terms.reduce((total, term) => total + (term.carried ? 0 : term.weight), 0);
  const openWeight = terms.reduce((total, term, i) => total + (term.carried || selection.held.has(i) ? 0 : term.weight), 0);
  const heldWords = new Set(terms.filter((_, i) => selection.held.has(i)).map((term) => term.word));
  // Codes and abbreviations stay: they name a document even when the file names it too.
  const open = question.replace(/\b[A-Za-z]+\b/g, (word) =>
    heldWords.has(word.toLowerCase()) && word !== word.toUpperCase() ? ' ' : word,
  );
  const library =
    selection.held.size === 0 || (ownWeight > 0 && openWeight / ownWeight >= OPEN_SHARE)
      ? await retrieveLibraryPassages({ ...options, question: selection.held.size === 0 ? question : open })
      : null;

  const drafts = selection.drafts((library?.passages.length ?? 0) > 0);
  const totalWeight = terms.reduce((total, term) => total + term.weight, 0);
  const scored = await withoutFileText('scoring attached files', () => withSentences(db, drafts, terms, totalWeight));
  const attached = scored.map((passage, i) =>
    // A file's opening matched nothing, yet is what a question about the whole file wants: its
    // sentences get an even score, so composition quotes them.
    drafts[i]?.opening
      ? { ...passage, sentences: passage.sentences.map((s) => ({ ...s, score: Math.max(s.score, OPENING_SENTENCE_SCORE) })) }
      : passage,
  );
  return {
    query,
    followUp,
    terms,
    passages: [...attached, ...(library?.passages ?? [])],
    filters: {
      category: [...(options.filters?.category ?? [])],
      domain: [...(options.filters?.domain ?? [])],
      subDomain: [...(options.filters?.subDomain ?? [])],
    },
    includeInternal: options.includeInternal ?? false,
    elapsedMs: performance.now() - started,
  };
}

async function retrieveLibraryPassages(options: RetrievePassagesOptions): Promise<RetrievalResult> {
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

  const [terms, search, aliases, semantic] = await Promise.all([
    queryTerms(db, organisationId, q, carried),
    rankSearch({
      db,
      organisationId,
      query: { q, category: filters.category, domain: filters.domain, subdomain: filters.subDomain, page: 1 },
    }),
    uniqueAliases(db, organisationId, q),
    options.semantic ? options.semantic(q, { filters, includeInternal }) : Promise.resolve(null),
  ]);
  // The wiki's first page of results, in its order (no snippets: passages are chosen below).
  const firstPage = search.scored.slice(0, SEARCH_PAGE_SIZE);
  let ranked = firstPage.map((entry) => entry.row.id);
  let searchScores = new Map(firstPage.map((entry) => [entry.row.id, entry.score]));
  if (semantic && semantic.length > 0) {
    // Hybrid: reciprocal rank fusion of the two rankings; the fused score, relative to the best,
    // stands in for the search score in the cut-offs below.
    const fused = fuseRankings([ranked, semantic.map((entry) => entry.id)]).slice(0, SEARCH_PAGE_SIZE);
    const top = fused[0]?.score ?? 1;
    const lexicalTop = firstPage[0]?.score ?? 1;
    ranked = fused.map((entry) => entry.id);
    const lexical = searchScores;
    searchScores = new Map(fused.map((entry) => [entry.id, lexical.get(entry.id) ?? (entry.score / top) * lexicalTop]));
  }
  if (ranked.length === 0) return nothing(terms);

  const documentRows = rowsOf<DocumentRow>(
    await db.execute(sql`
      select d.id, d.organisation_id, d.code, d.title, d.edition, d.status, d.superseded_by_code, d.category,
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

  // Hundreds of rows, read as one JSON value: PGlite decodes a row column by column, which cost
  // twice the query itself (15 ms against 8 ms over the dev set's candidates).
  const [elementsJson] = rowsOf<{ rows: string | null }>(
    await db.execute(sql`
      select json_agg(json_build_object('id', e.id, 'document_id', e.document_id, 'position', e.position,
        'type', e.type, 'text', e.text, 'heading_path', e.heading_path,
        'hits', ${hitArray(terms, sql`e.search_vector`)}) order by e.document_id, e.position)::text as rows
      from document_elements e
      where e.document_id in (${valueList(candidates.map((row) => row.id))})`),
  );
  const elementRows = JSON.parse(elementsJson?.rows ?? '[]') as ElementRow[];
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
    /** Best share of the question's own terms held by one passage (raw, before a code match counts). */
    ownBest: number;
    relevance: number;
    named: boolean;
    /** Named by an abbreviation only it uses ("under RIDDOR", "COSHH"). */
    aliased: boolean;
    /** Share of the question's own term weight held by the title and code. */
    title: number;
  }
  const ownShare = (held: (i: number) => boolean): number =>
    ownWeight <= 0 ? 0 : terms.reduce((total, term, i) => total + (!term.carried && held(i) ? term.weight : 0), 0) / ownWeight;
  /** The question's own terms a document's strongest passages hold themselves (not through a heading or the title). */
  const held = new Map<Candidate, Set<number>>();
  const heldTerms = (entry: Candidate): Set<number> => {
    let set = held.get(entry);
    if (!set) {
      set = new Set<number>();
      const top = entry.seeds[0]?.score ?? 0;
      for (const seed of entry.seeds.slice(0, SEEDS_PER_DOCUMENT)) {
        if (seed.score < top * RELATIVE_CUT || seed.score <= 0) break;
        seed.row.hits.forEach((hit, i) => {
          if (hit && !terms[i]?.carried) set?.add(i);
        });
      }
      held.set(entry, set);
    }
    return set;
  };
  const headingWeight = (row: ElementRow): number => terms.reduce((total, term, i) => total + (row.heading_hits[i] ? term.weight : 0), 0);
  const scoredDocuments: Candidate[] = [];
  for (const document of candidates) {
    const elements = elementsByDocument.get(document.id) ?? [];
    const named = namesCode(q, document.code);
    const seeds = elements
      .filter((row) => row.type !== 'title' && row.type !== 'heading')
      .map((row) => {
        const discount =
          (isCrossReference(row) ? CROSS_REFERENCE_FACTOR : 1) * (offQuestionSection(row.heading_path, question) ? ASIDE_FACTOR : 1);
        return { row, score: coverage(row, document, false) * discount, relevance: coverage(row, document, true) };
      })
      // Equal scores: the element under headings that name the question's terms is in the section
      // asked about ("Roles and responsibilities" for a responsibilities section); then document order.
      .sort((a, b) => b.score - a.score || headingWeight(b.row) - headingWeight(a.row) || a.row.position - b.row.position);
    const top = seeds[0];
    if (!top) continue;
    const relevance = Math.max(...seeds.map((seed) => seed.relevance));
    // A document named by its code answers with its best passages, or its opening when the
    // question holds nothing but the code.
    const best = named ? Math.max(top.score, 1) : top.score;
    const aliased =
      !named && document.status === 'current' && codeHead(document.code) && aliases.has(document.code.split(' ')[0]?.toLowerCase() ?? '');
    scoredDocuments.push({
      document,
      elements,
      seeds,
      best,
      ownBest: relevance,
      relevance: named ? 1 : relevance,
      named,
      aliased,
      title: ownShare((i) => document.title_hits[i] === 1),
    });
  }
  const relevant = scoredDocuments.filter((entry) => entry.relevance >= RELEVANCE_THRESHOLD);
  if (relevant.length === 0) return nothing(terms);

  // A question naming a code is about that document (and its editions) only; one naming an
  // abbreviation only one current document uses ("under COSHH") is about that document.
  const named = relevant.filter((entry) => entry.named);
  const aliasedPool = relevant.filter((entry) => entry.aliased);
  const pool = named.length > 0 ? named : aliasedPool.length > 0 ? aliasedPool : relevant;
  const wantsEditions = INCLUDE_SUPERSEDED.test(question);
  const searchScore = (entry: Candidate) => searchScores.get(entry.document.id) ?? 0;
  const topSearch = Math.max(...pool.map(searchScore));
  const aboutness = (entry: Candidate) => entry.best * (1 + TITLE_WEIGHT * entry.title);
  // Between documents about equally about it, the one with more strong passages (the mean of its best few).
  const depth = (entry: Candidate) =>
    entry.seeds.slice(0, SEEDS_PER_DOCUMENT).reduce((sum, seed) => sum + seed.score, 0) / SEEDS_PER_DOCUMENT;
  const tied = (a: number, b: number) => Math.abs(a - b) <= Math.max(a, b) * ABOUTNESS_TIE;
  const superseded = (entry: Candidate) => entry.document.status === 'superseded' && !wantsEditions && !entry.named;
  let chosen: Candidate[];
  if (named.length > 0) {
    chosen = named.slice(0, MAX_DOCUMENTS);
  } else {
    // The first document is the one most about the question (between ties, the one with more strong
    // passages, then search order: it weighs how often a document uses the terms, which one element
    // cannot show); a superseded edition only when nothing current answers, or the question asks
    // about editions.
    const eligible = pool.filter((entry) => searchScore(entry) >= topSearch * PRIMARY_SEARCH_CUT);
    const ranked = [...eligible].sort(
      (a, b) =>
        Number(superseded(a)) - Number(superseded(b)) ||
        (tied(aboutness(a), aboutness(b))
          ? tied(searchScore(a), searchScore(b))
            ? depth(b) - depth(a)
            : searchScore(b) - searchScore(a)
          : aboutness(b) - aboutness(a)) ||
        pool.indexOf(a) - pool.indexOf(b),
    );
    // A document the question names by its title ("under the Electricity at Work Regulations") answers first.
    const titled = pool
      .filter((entry) => !superseded(entry) && namesTitle(question, entry.document.title))
      .sort((a, b) => aboutness(b) - aboutness(a));
    const primary = titled[0] ?? ranked[0] ?? pool[0];
    chosen = primary ? [primary] : [];
    // Further documents, in search order, only when they are nearly as relevant and answer a part
    // of the question the documents already chosen leave open. What a document covers: the terms
    // its strongest passages hold, and those its title holds (it is about them).
    const covers = (entry: Candidate) =>
      new Set([...heldTerms(entry), ...terms.flatMap((_, i) => (entry.document.title_hits[i] ? [i] : []))]);
    // A long question has more parts: a document answering one of them (half an average term's weight) is enough.
    const ownTerms = terms.filter((term) => !term.carried).length;
    const newTermsCut = Math.min(NEW_TERMS_CUT, ownTerms > 0 ? NEW_TERM_SHARE / ownTerms : NEW_TERMS_CUT);
    const covered = new Set<number>();
    const cover = (entry: Candidate) => {
      for (const i of covers(entry)) covered.add(i);
    };
    if (primary) cover(primary);
    // Documents the first one's own passages send the reader to ("…follows BS 7671 and the regimes
    // recommended in HTM 06-01"): the first source itself says the answer continues there.
    // Only a sentence on the question counts ("… frequencies are given in HSG274"), not one that
    // names a document in passing or to set it aside ("Where HTM 06-01 is about the installation …").
    const pointed = new Set<Candidate>();
    if (primary) {
      const top = primary.seeds[0]?.score ?? 0;
      const patterns = terms.map((term) => (term.carried ? null : termPattern(term.lexeme)));
      const sentenceShare = (text: string) => ownShare((i) => patterns[i]?.test(text) === true);
      const sentences = primary.seeds
        .slice(0, SEEDS_PER_DOCUMENT)
        .filter((seed) => seed.score >= top * RELATIVE_CUT && !isCrossReference(seed.row))
        .flatMap((seed) => splitSentences(seed.row).map((sentence) => sentence.text))
        .filter((text) => sentenceShare(text) >= POINTER_SHARE);
      for (const entry of pool) {
        if (entry !== primary && sentences.some((text) => mentionsCode(text, entry.document.code))) pointed.add(entry);
      }
    }
    const draftMode = options.purpose === 'draft';
    const maxDocuments = draftMode ? MAX_DOCUMENTS : MAX_ANSWER_DOCUMENTS;
    for (const entry of titled) {
      if (chosen.length < maxDocuments && !chosen.includes(entry)) {
        chosen.push(entry);
        cover(entry);
      }
    }
    const kind = primary ? sourceKind(primary.document.category) : null;
    // The law and the guidance that implements it answer together: when no chosen document is of
    // the other kind, the one of that kind most about the question is cited too, if it is nearly as
    // much about it and its title says it is on the subject (LOLER 1998 with HTM 08-02 "Lifts").
    if (!draftMode && primary && kind !== null) {
      const complement = pool
        .filter(
          (entry) =>
            !chosen.includes(entry) &&
            !superseded(entry) &&
            sourceKind(entry.document.category) !== null &&
            sourceKind(entry.document.category) !== kind &&
            entry.title >= KIND_TITLE &&
            aboutness(entry) >= aboutness(primary) * KIND_CUT &&
            searchScore(entry) >= topSearch * SEARCH_CUT,
        )
        .sort((a, b) => (tied(aboutness(a), aboutness(b)) ? pool.indexOf(a) - pool.indexOf(b) : aboutness(b) - aboutness(a)))[0];
      if (complement && !chosen.some((entry) => sourceKind(entry.document.category) !== kind) && chosen.length < maxDocuments) {
        chosen.push(complement);
        cover(complement);
      }
    }
    for (const entry of pool) {
      if (chosen.length >= maxDocuments) break;
      if (chosen.includes(entry) || superseded(entry)) continue;
      // (A draft compares passages alone: a document on the subject need not say it in its title.)
      const draft = options.purpose === 'draft';
      if (primary && (draft ? entry.best : aboutness(entry)) < (draft ? primary.best : aboutness(primary)) * DOCUMENT_CUT) continue;
      if (searchScore(entry) < topSearch * SEARCH_CUT) continue;
      const held = covers(entry);
      const adds = ownShare((i) => held.has(i) && !covered.has(i));
      if (!draft && adds < newTermsCut && !pointed.has(entry)) continue;
      // What it adds must be on the subject: a document whose title holds none of the question's
      // terms shares only the setting ("hospital", "works"), like asbestos beside electrical inspection.
      if (!draft && entry.title === 0 && !pointed.has(entry)) continue;
      chosen.push(entry);
      cover(entry);
    }
  }
  const keptCodes = new Set(chosen.map((entry) => entry.document.code));
  chosen = chosen.filter(
    (entry) =>
      entry.named ||
      wantsEditions ||
      entry.document.status !== 'superseded' ||
      entry.document.superseded_by_code === null ||
      !keptCodes.has(entry.document.superseded_by_code),
  );

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
      // A follow-up's passages must hold its own terms, not only the context carried from before.
      if (!entry.named && seed.relevance < entry.ownBest * RELATIVE_CUT) continue;
      const rows = expandSeed(seed.row, elements).filter((row) => !covered.has(row.id));
      if (rows.length === 0) continue;
      for (const row of rows) covered.add(row.id);
      taken++;
      drafts.push({
        rank: documentRank,
        rows,
        passage: {
          source: 'library',
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
  kept: readonly { passage: Omit<Passage, 'sentences'> }[],
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
