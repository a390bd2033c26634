/**
 * Stage one of retrieval, understanding the question: the text to search (a follow-up carries the
 * earlier question's context), its terms weighted by how rare each is in the library, and the
 * abbreviations in it that name exactly one document.
 */
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/connect.ts';
import { lexemeOf } from '../../search/query.ts';
import { documentVisibleToSql } from '../../core/policies/documents.ts';
import { valueList } from '../../search/sql.ts';
import type { QueryTerm } from '../passage-scoring.ts';

/** Enough for any question people type; a longer text is a pasted document, and each term costs a check per element. */
const MAX_QUERY_WORDS = 24;
/** A term carried from an earlier question weighs half: it is context for the follow-up, not what it asks. */
const CARRIED_WEIGHT = 0.5;

/**
 * Words that say what kind of answer is wanted rather than what it is about; the database's
 * English stop-words are dropped as well.
 */
const QUESTION_WORDS = new Set(
  'what which who whom whose when where why how often must should shall need needs needed require requires required does do did say says tell mean means define defined definition stated cover covers use used can could would may might please explain describe list give show there about also'.split(
    ' ',
  ),
);

/** Openings and pronouns that mark a question as leaning on the previous one. */
const ANAPHORIC =
  /^(and|or|but|also|what about|how about|same|then)\b|\b(it|its|this|that|these|those|they|them|their|there|same|above|such)\b/i;
/** A follow-up is short: a longer question says what it is about, even when it opens with "and". */
const FOLLOW_UP_MAX_WORDS = 5;

/** Document codes as people write them: "HTM 06-01", "CQC Reg 12", "ACoP L8", "RIDDOR 2013", "DSPT". */
const CODE_PATTERN = /\b(?:[A-Z][A-Za-z()&+]*\s?(?:Reg\s)?[A-Z]?\d[\d\-.]*[A-Za-z]?|[A-Z]{3,}\d*)\b/g;

/** Words that, after "how", ask for a measure ("how long", "how quickly") rather than name a topic. */
const MEASURE_WORDS = new Set('long quickly soon frequently regularly many much far'.split(' '));

/** The words of a text that say what it is about. */
function contentWords(text: string): string[] {
  const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return words.filter((word, i) => !QUESTION_WORDS.has(word) && !(MEASURE_WORDS.has(word) && words[i - 1] === 'how'));
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

/** One term per distinct lexeme of the query, stop-words dropped, weighted by rarity in the library. */
export async function queryTerms(db: Database, organisationId: string, query: string, carried: string): Promise<QueryTerm[]> {
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
      l as (select i, ${lexemeOf(sql`w.word`)} as lexeme from w)
      select l.i, l.lexeme,
        case when l.lexeme ~ '^[a-z0-9]+$' then
          (select count(*) from document_terms t join documents d on d.id = t.document_id
           where t.lexeme = l.lexeme and t.elements > 0 and ${documentVisibleToSql(organisationId, 'd')})
        else 0 end::int as df,
        (select count(*) from documents d where ${documentVisibleToSql(organisationId, 'd')})::int as n
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

/** Abbreviations written in capitals in the question ("under RIDDOR") that only one current visible document's code starts with. */
async function uniqueAliases(db: Database, organisationId: string, question: string): Promise<Set<string>> {
  const words = [...new Set((question.match(/\b[A-Z][A-Z0-9]{2,}\b/g) ?? []).map((word) => word.toLowerCase()))];
  if (words.length === 0) return new Set();
  const rows = rowsOf<{ head: string; n: number }>(
    await db.execute(sql`
      select lower(split_part(d.code, ' ', 1)) as head, count(*)::int as n
      from documents d
      where d.status = 'current' and ${documentVisibleToSql(organisationId, 'd')} and lower(split_part(d.code, ' ', 1)) in (${valueList(words)})
      group by 1`),
  );
  return new Set(rows.filter((row) => Number(row.n) === 1).map((row) => row.head));
}

/** What retrieval reads from the question before choosing anything: its terms and the abbreviations naming one document. */
export async function understandQuestion(options: {
  db: Database;
  organisationId: string;
  /** The text to search (buildQuery's, capped to the search's length). */
  q: string;
  carried: string;
}): Promise<{ terms: QueryTerm[]; aliases: Set<string> }> {
  const { db, organisationId, q, carried } = options;
  const [terms, aliases] = await Promise.all([queryTerms(db, organisationId, q, carried), uniqueAliases(db, organisationId, q)]);
  return { terms, aliases };
}
