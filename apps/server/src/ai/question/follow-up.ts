/**
 * The text a question is searched with in its conversation: a short or anaphoric follow-up ("and
 * for medical locations?") carries the previous question's codes and content words.
 */

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
export function contentWords(text: string): string[] {
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
