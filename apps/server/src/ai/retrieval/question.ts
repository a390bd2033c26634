/**
 * Stage one of retrieval, the question against the library: its terms (the text to search, read by
 * question/read.ts) weighted by how rare each is in the library, and the abbreviations in it that
 * name exactly one document.
 */
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/connect.ts';
import { lexemeOf } from '../../search/query.ts';
import { documentVisibleToSql } from '../../core/policies/documents.ts';
import { anyOf } from '../../search/sql.ts';
import type { QueryTerm } from '../passage-scoring.ts';
import { subjectShare } from '../../core/language/everyday.ts';
import { contentWords } from '../question/follow-up.ts';
import { type Talk, talkWords } from '../question/speech.ts';

/** Enough for any question people type; a longer text is a pasted document, and each term costs a check per element. */
const MAX_QUERY_WORDS = 24;
/**
 * A word at most this many documents hold is scarce in the library: its rarity there says more about
 * how the library is written than about the question ("actually" is in one document), so it weighs
 * by how much it says about a subject in everyday English (core/language/everyday.ts).
 */
const SCARCE_DF = 3;
/**
 * A word a question uses only to put itself (question/speech.ts: "actually", "someone") weighs by how
 * much it says about a subject in everyday English, however many documents hold it, when that is
 * less than half (an adverb as rare as "thoroughly" or "legally" is part of the subject). A verb
 * weighs more the more of the library uses it: at this share of the documents it names the
 * library's own business ("test", "manage", "dispose"), below it the way the question is put
 * ("asked", "wait", "handled").
 */
const VERB_SHARE = 0.25;
/** Below this subject share (everyday.ts) a word other than a verb that puts the question is everyday talk. */
const EVERYDAY_SHARE = 0.5;
/** A word no document holds keeps at least this share of its weight: the question may be on a subject the library does not cover ("who won the football"). */
const ABSENT_FLOOR = 0.15;
/** A word only in a parenthesised aside ("(skin checks etc)") weighs half: it illustrates the question rather than states it. Names in capitals and numbers keep their weight. */
const ASIDE_WEIGHT = 0.5;
/**
 * A number the asker states about their own site or case ("a 40 bed home", "20m high", "drop it to
 * 50C", "6 side rooms") weighs half: the library answers with its own figures, not theirs. A number
 * naming a document or a provision ("HTM 04-01", "Regulation 12", "Part 2") or a year keeps its weight.
 */
const STATED_NUMBER_WEIGHT = 0.5;
/**
 * A word naming where the asker works or whom their case is about, in their own words ("at the
 * health centre", "in the estates workshop", "the resident", "ICU staff"), weighs half: the library
 * states the duty for every such place and person, rarely in those words.
 */
const SITE_WEIGHT = 0.5;
const SITE_WORDS = new Set(
  (
    'ward wards centre centres residence residences lab labs laboratory laboratories workshop workshops wing wings ' +
    'suite suites department departments dept depts clinic clinics office offices store stores kitchen kitchens ' +
    'laundry laundries corridor corridors floor floors site sites icu itu nicu picu resident residents ' +
    'carer carers nurse nurses porter porters client clients colleague colleagues lads'
  ).split(' '),
);
/** Words a number after them belongs to: a reference, not a quantity. */
const REFERENCE_WORD =
  /^(?:reg|regs|regulation|regulations|section|sections|s|part|parts|schedule|article|paragraph|para|chapter|annex|appendix|clause|table|level|tier|type|category|criterion|outcome|edition|amendment|version|no|number|htm|hbn|hsg|hfn|bs|en|iso|acop|cfpp|l)$/i;
/** A word held by at most this share of the documents is specific (passage-scoring.ts QueryTerm.specific). */
const SPECIFIC_SHARE = 0.1;
/** A term carried from an earlier question weighs half: it is context for the follow-up, not what it asks. */
const CARRIED_WEIGHT = 0.5;

/** The words of a query found only inside parentheses, in lower case; words written in capitals or with digits are names, not asides. */
function asideWords(query: string): Set<string> {
  const inside = (query.match(/\([^()]*\)/g) ?? []).join(' ');
  if (inside === '') return new Set();
  const outside = new Set(contentWords(query.replace(/\([^()]*\)/g, ' ')));
  const named = new Set((inside.match(/\b(?:[A-Z][A-Z0-9]+|\w*\d\w*)\b/g) ?? []).map((word) => word.toLowerCase()));
  return new Set(contentWords(inside).filter((word) => !outside.has(word) && !named.has(word)));
}

/** The numbers of a query, in lower case, that state a quantity rather than name a document, a provision or a year. */
export function statedNumbers(query: string): Set<string> {
  const tokens = query.match(/[A-Za-z0-9]+/g) ?? [];
  const stated = new Set<string>();
  let reference = false;
  tokens.forEach((token, i) => {
    const previous = tokens[i - 1] ?? '';
    if (!/^\d/.test(token)) {
      reference = false;
      return;
    }
    // A number after a capitalised word ("HTM 04", "Part 2"), a reference word, or another reference number ("04-01") is a reference.
    reference = reference || REFERENCE_WORD.test(previous) || /^[A-Z]/.test(previous);
    if (!reference && !/^(?:1[89]|20)\d\d$/.test(token)) stated.add(token.toLowerCase());
  });
  return stated;
}

/** One term per distinct lexeme of the query, stop-words dropped, weighted by rarity in the library. */
export async function queryTerms(db: Database, organisationId: string, query: string, carried: string): Promise<QueryTerm[]> {
  const carriedWords = new Set(contentWords(carried));
  const ownWords = new Set(contentWords(query.slice(0, query.length - carried.length)));
  const words = [...new Set(contentWords(query))].slice(0, MAX_QUERY_WORDS);
  if (words.length === 0) return [];
  const asides = asideWords(query);
  const stated = statedNumbers(query);
  const talk = talkWords(query);
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
  const picked: { word: string; lexeme: string; carried: boolean; aside: boolean; talk: Talk | null; df: number }[] = [];
  words.forEach((word, i) => {
    const lexeme = rows[i]?.lexeme ?? null;
    if (lexeme === null || !/^[a-z0-9]+$/.test(lexeme) || seen.has(lexeme)) return;
    seen.add(lexeme);
    picked.push({
      word,
      lexeme,
      carried: carriedWords.has(word) && !ownWords.has(word),
      aside: asides.has(word),
      talk: talk.get(word) ?? null,
      df: Number(rows[i]?.df ?? 0),
    });
  });
  const n = Number(rows[0]?.n ?? 0);
  // A word the library lacks or barely holds weighs by what it says about the question's subject: an
  // everyday word ("actually", "hang on to") is how the question is put and weighs nothing, so it
  // is left out; a subject's own word ("warfarin") keeps the full weight of a rare word.
  return picked
    .map(({ df, aside, talk, ...term }) => {
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      const everyday = subjectShare(term.word);
      const share =
        df === 0
          ? // A word that only puts the question ("us", "till") is no subject the library lacks.
            talk === 'other'
            ? everyday
            : Math.max(ABSENT_FLOOR, everyday)
          : df <= SCARCE_DF || (talk === 'other' && everyday < EVERYDAY_SHARE)
            ? everyday
            : talk === 'verb'
              ? everyday + (1 - everyday) * Math.min(1, df / (n * VERB_SHARE))
              : 1;
      const factor =
        (term.carried ? CARRIED_WEIGHT : 1) *
        (aside ? ASIDE_WEIGHT : 1) *
        (stated.has(term.word) ? STATED_NUMBER_WEIGHT : 1) *
        (SITE_WORDS.has(term.word) ? SITE_WEIGHT : 1);
      return { ...term, weight: idf * share * factor, specific: df > 0 && df <= n * SPECIFIC_SHARE, absent: df === 0 };
    })
    .filter((term) => term.weight > 0);
}

/**
 * Abbreviations written in capitals in the question ("under RIDDOR", "IRMER") that only one current
 * visible document's code starts with (its brackets aside: "IR(ME)R 2017"). Regulations abbreviated
 * with "regs" after them are the abbreviation with its R ("the EAW regs" for EAWR, "PSS regs" for PSSR).
 */
async function uniqueAliases(db: Database, organisationId: string, question: string): Promise<Set<string>> {
  const regulations = [...question.matchAll(/\b([A-Z][A-Z0-9]{1,5})\s+(?:regs|regulations)\b/gi)]
    .map((match) => match[1] ?? '')
    .filter((word) => /^[A-Z0-9]+$/.test(word))
    .map((word) => `${word}R`);
  const words = [...new Set([...(question.match(/\b[A-Z][A-Z0-9]{2,}\b/g) ?? []), ...regulations].map((word) => word.toLowerCase()))];
  if (words.length === 0) return new Set();
  const rows = rowsOf<{ head: string; n: number }>(
    await db.execute(sql`
      select h.head, count(*)::int as n
      from documents d cross join lateral (select translate(lower(split_part(d.code, ' ', 1)), '()&', '') as head) h
      where d.status = 'current' and ${documentVisibleToSql(organisationId, 'd')} and h.head = ${anyOf(words)}
      group by 1`),
  );
  return new Set(rows.filter((row) => Number(row.n) === 1).map((row) => row.head));
}

/** What retrieval reads from the question before choosing anything: its terms and the abbreviations naming one document. */
export async function understandQuestion(options: {
  db: Database;
  organisationId: string;
  /** The text to search (the question's query, capped to the search's length). */
  q: string;
  carried: string;
}): Promise<{ terms: QueryTerm[]; aliases: Set<string> }> {
  const { db, organisationId, q, carried } = options;
  const [terms, aliases] = await Promise.all([queryTerms(db, organisationId, q, carried), uniqueAliases(db, organisationId, q)]);
  return { terms, aliases };
}
