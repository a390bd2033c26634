/**
 * A chat question, read once into one value that retrieval and composition both carry: its words,
 * the text searched (a follow-up's carried context with it), the kinds of answer it asks for with
 * its setting, phase and nation (kinds.ts), the slots the answer's first sentences must fill
 * (slots.ts), the claim a yes/no question asks about (polar.ts), the codes it names, and the asides it asks about (a document's history, its common
 * failings, editions, what applies). Nothing downstream reads the question's wording for these
 * again; what it still matches against a passage (a term it defines, a role it names) it takes
 * from the words here.
 */
import { SEARCH_QUERY_MAX_LENGTH } from '@verity/shared';
import { codeGroups } from '../../core/library/document-codes.ts';
import { buildQuery } from './follow-up.ts';
import { type QuestionUnderstanding, questionKinds } from './kinds.ts';
import { type PolarQuestion, polarQuestion } from './polar.ts';
import { countAnswers, type Intent, intentsOf } from './slots.ts';
import { subjectShare } from '../../core/language/everyday.ts';
import { talkWords } from './speech.ts';

/** Loads the word list and the part-of-speech model (about 130 ms together) before the server takes requests, so no question waits for them. */
export function prepareQuestionReading(): void {
  subjectShare('question');
  talkWords('How often is it checked?');
}

/** Words asking about a document's history: its history sections are then on the question. */
const ASKS_HISTORY =
  /\b(history|histories|edition|editions|version|versions|changed?|previous|replaced|superseded?|introduced|became|become|when (did|was|were))\b/i;
/** Words asking what goes wrong: the sections listing failings are then on the question. */
const ASKS_GAPS = /\b(gaps?|pitfalls?|mistakes?|failings?|failures?|go(es)? wrong|common (problems|findings|issues))\b/i;
/** Words asking about editions: a superseded edition is then as welcome as the current one. */
const ASKS_EDITIONS = /\b(edition|editions|superseded|supersede|replaced|previous|older|old|version|history|withdrawn)\b/i;
/** Words asking what applies: a sentence saying what does not apply is then an answer, not an aside. */
const ASKS_APPLICATION = /\b(apply|applies|application|scope|cover|covers|excluded|exempt)\b/i;

export interface Question {
  /** The words as asked. */
  text: string;
  /** Its words in lower case, letters and digits ("htm", "04", "01"). */
  words: readonly string[];
  /** Its runs of letters in lower case, for matching a term or role it names ("authorising", "engineer"). */
  letters: readonly string[];
  /** What is searched: the words, with a follow-up's carried context (the earlier question's codes and content words). */
  query: string;
  /** The query as the search takes it (trimmed to its length). */
  search: string;
  /** The carried part of the query (empty unless a follow-up). */
  carried: string;
  followUp: boolean;
  /** The code groups the searched text names, as one key ("htm 6 1"). */
  searchCodes: string;
  /** The code groups the question itself names. */
  codes: string;
  /** The kinds of answer asked for, and the setting, phase and nation asked from. */
  understanding: QuestionUnderstanding;
  /** The slots the first sentences must fill (an interval, a period, a figure, a role…). */
  intents: readonly Intent[];
  /** For "how many …", whether a text gives the count ("34 quality statements"); null for any other question. */
  count: ((text: string) => boolean) | null;
  /** The claim a yes/no question asks about (polar.ts), or null when it asks for more than yes or no. */
  polar: PolarQuestion | null;
  /** Matters that are otherwise asides, asked about. */
  asks: { history: boolean; gaps: boolean; editions: boolean; application: boolean };
}

/**
 * The question read once. A draft (`purpose: 'draft'`) is asked for as a subject ("roles and
 * responsibilities of …"): it is a draft, of a policy that is run.
 */
export function readQuestion(text: string, options: { history?: readonly string[]; purpose?: 'answer' | 'draft' } = {}): Question {
  const lower = text.toLowerCase();
  const letters = lower.match(/[a-z]+/g) ?? [];
  const understanding = questionKinds(text);
  const count = countAnswers(text);
  const intents = intentsOf({ text, letters, count }, understanding.kinds);
  if (options.purpose === 'draft') {
    understanding.kinds.add('draft');
    understanding.phase ??= 'operation';
  }
  const { query, carried, followUp } = buildQuery(text, options.history);
  const search = query.slice(0, SEARCH_QUERY_MAX_LENGTH).trim();
  return {
    text,
    words: lower.match(/[a-z0-9]+/g) ?? [],
    letters,
    query,
    search,
    carried,
    followUp,
    searchCodes: codeGroups(search).join(' '),
    codes: codeGroups(text).join(' '),
    understanding,
    intents,
    count,
    polar: options.purpose === 'draft' ? null : polarQuestion(text),
    asks: {
      history: ASKS_HISTORY.test(text),
      gaps: ASKS_GAPS.test(text),
      editions: ASKS_EDITIONS.test(text),
      application: ASKS_APPLICATION.test(text),
    },
  };
}
