/**
 * What a search query asks for: strict (websearch syntax, every word) and, for plain multi-word
 * queries, relaxed (any of its words), as the tsqueries every search statement reads from its q CTE.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/connect.ts';
import { documentVisibleToSql } from '../core/policies/documents.ts';
import { each, float, list, w } from './sql.ts';

/** A bound on the per-word checks each matching row pays; a question rarely has more distinct words. */
const RELAXED_MAX_WORDS = 24;

/** websearch syntax beyond plain words (phrases, exclusions, OR) asks for strict matching only. */
function usesOperators(q: string): boolean {
  return /["]|(^|\s)-\S|\bor\b/i.test(q);
}

/** A question as plain words: its quotes, leading dashes and "or" are how people write, not websearch operators ("is \"augmented care\" just NICU or ITU?"). */
export function withoutOperators(q: string): string {
  return q
    .replace(/"/g, ' ')
    .replace(/\bor\b/gi, ' ')
    .replace(/(^|\s)-+(?=\S)/g, '$1');
}

/** The query's distinct words, letters and digits only (safe to join into a tsquery), at most RELAXED_MAX_WORDS. */
export function queryWords(q: string): string[] {
  return [...new Set(q.toLowerCase().match(/[a-z0-9]+/g) ?? [])].slice(0, RELAXED_MAX_WORDS);
}

/** The lexeme to_tsvector gives a word (as in the stored vectors and postings), or null for a stop-word or a word it splits. */
export const lexemeOf = (word: SQL): SQL =>
  sql`(select case when count(*) = 1 then min(lexeme) end from unnest(to_tsvector('english', ${word})))`;

/** A query word and its lexeme, the key of its postings in document_terms. */
export interface SearchTerm {
  word: string;
  lexeme: string;
}

/**
 * Words whose lexemes a process keeps per database: query words and the words of the snippets
 * shown (highlight.ts), a bound past the library's vocabulary.
 */
const LEXEME_CACHE_WORDS = 200_000;

/**
 * Each word's lexeme (null for a stop-word or a word the parser splits), per database: they come
 * from the text search configuration alone, never from the library, so a word asked once is never
 * sent to the database again (a round trip per search saved). Kept per database, as another
 * server version could stem differently; emptied when full.
 */
const lexemeCache = new WeakMap<Database, Map<string, string | null>>();

export async function lexemesOf(db: Database, words: readonly string[]): Promise<(string | null)[]> {
  let known = lexemeCache.get(db);
  if (!known) {
    known = new Map();
    lexemeCache.set(db, known);
  }
  const cache = known;
  const missing = [...new Set(words.filter((word) => !cache.has(word)))];
  if (missing.length === 0) return words.map((word) => cache.get(word) ?? null);
  // One array parameter, however many words: a page of snippets can bring a few thousand new ones.
  const lexemes =
    rowsOf<{ lexemes: (string | null)[] }>(
      await db.execute(
        sql`select array(select ${lexemeOf(sql`u.word`)} from unnest(${sql.param(missing)}::text[]) with ordinality as u(word, i) order by u.i) as lexemes`,
      ),
    )[0]?.lexemes ?? [];
  const fetched = new Map(missing.map((word, i) => [word, lexemes[i] ?? null]));
  const answer = words.map((word) => (fetched.has(word) ? (fetched.get(word) ?? null) : (cache.get(word) ?? null)));
  if (cache.size + missing.length > LEXEME_CACHE_WORDS) cache.clear();
  if (missing.length <= LEXEME_CACHE_WORDS) for (const [word, lexeme] of fetched) cache.set(word, lexeme);
  return answer;
}

/** Strict queries kept per database, a bound past the queries people ask between library changes (emptied when full). */
const STRICT_CACHE_QUERIES = 10_000;
const strictCache = new WeakMap<Database, Map<string, string>>();

/**
 * websearch_to_tsquery of a query, as text: it depends on the text search configuration alone, so
 * a query asked once is never sent to the database again.
 */
export async function strictQueryOf(db: Database, q: string): Promise<string> {
  let known = strictCache.get(db);
  if (!known) {
    known = new Map();
    strictCache.set(db, known);
  }
  const kept = known.get(q);
  if (kept !== undefined) return kept;
  const [row] = rowsOf<{ strict: string }>(await db.execute(sql`select websearch_to_tsquery('english', ${q})::text as strict`));
  const strict = row?.strict ?? '';
  if (known.size >= STRICT_CACHE_QUERIES) known.clear();
  known.set(q, strict);
  return strict;
}

/**
 * One term per distinct lexeme, stop-words left out, in the query's order. The lexeme is the one
 * to_tsvector gives the word, as in the stored vectors and postings; a word the parser splits into
 * several lexemes (none does among letter-and-digit runs, but the parser decides) is left out.
 */
async function distinctTerms(db: Database, words: readonly string[]): Promise<SearchTerm[]> {
  const lexemes = await lexemesOf(db, words);
  const seen = new Set<string>();
  const terms: SearchTerm[] = [];
  words.forEach((word, i) => {
    const lexeme = lexemes[i] ?? null;
    if (lexeme === null || seen.has(lexeme)) return;
    seen.add(lexeme);
    terms.push({ word, lexeme });
  });
  return terms;
}

/** A query made ready for the search statements. */
export interface ParsedQuery {
  /** The query as searched (trimmed). */
  q: string;
  /**
   * The select of the q CTE: strict, relaxed, n (documents the organisation can see: counted by the
   * statement, or as given when the caller already knows it) and w<i> per term.
   */
  queries: (n?: number) => SQL;
  /** Whether the query uses websearch operators (phrases, exclusions, OR). */
  operators: boolean;
  /** The plain query's distinct lexemes; none for a query with operators. */
  terms: SearchTerm[];
  /** The relaxed query's words, one per term; none when the query is not run relaxed. */
  words: string[];
}

/**
 * Natural-language questions rarely have every word in one element, and the element that does is
 * often a passing mention in another document: plain multi-word queries are also run relaxed (any
 * of their words), so ranking can score documents by their best element and a document-level BM25.
 */
export async function parseQuery(options: { db: Database; organisationId: string; q: string }): Promise<ParsedQuery> {
  const { db, organisationId } = options;
  const q = options.q.trim();
  const operators = usesOperators(q);
  const allWords = operators ? [] : queryWords(q);
  const relaxedOn = allWords.length > 1;
  // Stop-words and repeated stems ("temperature", "temperatures") would cost a check per matching row for nothing.
  const terms = allWords.length > 0 ? await distinctTerms(db, allWords) : [];
  const words = relaxedOn ? terms.map((term) => term.word) : [];

  const queries = (n?: number) => sql`select websearch_to_tsquery('english', ${q}) as strict,
      ${relaxedOn ? sql`to_tsquery('english', ${(words.length > 0 ? words : allWords).join(' | ')})` : sql`websearch_to_tsquery('english', ${q})`} as relaxed,
      ${n === undefined ? sql`(select count(*) from documents d where ${documentVisibleToSql(organisationId, 'd')})::float8` : float(n)} as n
      ${list(each(terms.length, (i) => sql`to_tsquery('english', ${terms[i]?.word ?? ''}) as ${w(i)}`))}`;
  return { q, queries, operators, terms, words };
}
