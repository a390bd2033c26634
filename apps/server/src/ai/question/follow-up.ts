/**
 * The text a question is searched with in its conversation: a short or anaphoric follow-up ("and
 * for medical locations?") carries the previous question's codes and content words.
 */

/**
 * Words that say what kind of answer is wanted rather than what it is about, and "etc" (which says
 * only that there is more); the database's English stop-words are dropped as well.
 */
const QUESTION_WORDS = new Set(
  'what which who whom whose when where why how often must should shall need needs needed require requires required does do did say says tell mean means define defined definition stated cover covers use used can could would may might please explain describe list give show there about also etc'.split(
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

/** Contractions written out, with or without the apostrophe, so "we've" is not read as a word "ve" nor "whats" as "what". */
const CONTRACTIONS: readonly [RegExp, string][] = [
  [/\bwon['’]?t\b/gi, 'will not'],
  [/\bcan['’]?t\b/gi, 'cannot'],
  [/\b(do|does|did|is|are|was|were|has|have|had|should|would|could|must|need)n['’]?t\b/gi, '$1 not'],
  [/\b(what|that|there|who|where|here)['’]?s\b/gi, '$1'],
  [/\b(it|he|she)['’]s\b/gi, '$1'],
  [/\b(i|we|you|they|who)['’](ve|re|d|ll|m)\b/gi, '$1'],
  [/\b(i['’]?m|ive|weve|youve|theyve|youre|theyre)\b/gi, ''],
  [/['’](ve|re|d|ll|m|s)\b/gi, ''],
];

/** A question with its contractions written out. */
function withoutContractions(text: string): string {
  return CONTRACTIONS.reduce((current, [pattern, replacement]) => current.replace(pattern, replacement), text);
}

/** Where a typed question's clauses part: after a sentence's end, and at a dash set off by spaces. */
const CLAUSE_BREAK = /(?<=[?.!;])\s+|\s+[-–—]+\s+/;
/** How a clause asking something opens. */
const ASKING =
  /^(?:what|which|who|whom|whose|when|where|why|how|can|could|do|does|did|is|are|was|were|must|should|shall|will|would|may|might|has|have|need|any)\b/i;
/** Words too slight to say what an asking clause is about. */
const SLIGHT = new Set(
  'our the and for you your they them their this that with from into any all are was were has have had not but get got its there then'.split(
    ' ',
  ),
);
/** An asking clause pointing back at the scene ("is that still right?", "is it every year?", "in there") asks about it: it is asked whole. */
const POINTS_BACK =
  /\bit\b|\b(?:is|was|are|were|does|do|did|can|could|will|would|should|has|have)\s+(?:that|this)\b|\b(?:that|this|there)\s*\??$/i;
/** A plural pronoun, and the clause before it. */
const PLURAL_PRONOUN = /\b(?:they|them|these|those)\b/i;

/**
 * Whether a plural pronoun in an asking clause points back at the scene ("how often are we meant to
 * take them"): it does unless a plural noun comes before it in the clause itself ("check the outlets
 * before anyone uses them").
 */
function pluralPointsBack(asking: string): boolean {
  const match = PLURAL_PRONOUN.exec(asking);
  if (!match) return false;
  return !contentWords(asking.slice(0, match.index)).some((word) => word.length >= 4 && /[^su]s$/.test(word));
}

/** An asking clause says what it is about in at least this many words: "can we?" leans on the clause before it. */
const ASK_MIN_WORDS = 2;

/**
 * A question typed with its circumstances ("we're a nursing home, TMVs fitted", "porter off work 9
 * days after an injury - what's the deadline?") asks in one clause and sets the scene in the others:
 * the clause ending in a question mark (the last such), else the one opening as a question. The
 * scene is context, carried like an earlier question's words; a question of one clause, or whose
 * asking clause names too little, is asked whole.
 */
export function askAndContext(question: string): { ask: string; context: string } {
  const clauses = question
    .split(CLAUSE_BREAK)
    .map((clause) => clause.trim())
    .filter((clause) => clause.length > 0);
  if (clauses.length < 2) return { ask: question, context: '' };
  const asking = clauses.findLast((clause) => clause.endsWith('?')) ?? clauses.find((clause) => ASKING.test(clause));
  if (!asking) return { ask: question, context: '' };
  const named = contentWords(asking).filter((word) => word.length > 2 && !SLIGHT.has(word));
  if (named.length < ASK_MIN_WORDS || POINTS_BACK.test(asking) || pluralPointsBack(asking)) return { ask: question, context: '' };
  return { ask: asking, context: clauses.filter((clause) => clause !== asking).join(' ') };
}

/**
 * The text to search for a question in its conversation: a short or anaphoric question ("and for
 * medical locations?") also carries the previous question's content words and codes, themselves
 * carried forward when that question was a follow-up too; a question setting its scene carries the
 * scene (askAndContext).
 */
export function buildQuery(question: string, history: readonly string[] = []): { query: string; carried: string; followUp: boolean } {
  let previous = '';
  for (const earlier of history) previous = expand(earlier, previous).full;
  const { full, carried, followUp } = expand(question, previous);
  return { query: full, carried, followUp };
}

function expand(question: string, previous: string): { full: string; carried: string; followUp: boolean } {
  const own = withoutContractions(question).replace(/\s+/g, ' ').trim();
  const words = contentWords(own);
  const leans = previous.length > 0 && words.length <= FOLLOW_UP_MAX_WORDS && (ANAPHORIC.test(own) || words.length <= 2);
  if (!leans) {
    const { ask, context } = askAndContext(own);
    return context.length > 0
      ? { full: `${ask} ${context}`, carried: context, followUp: false }
      : { full: own, carried: '', followUp: false };
  }
  const codes = previous.match(CODE_PATTERN) ?? [];
  const ownWords = new Set(words);
  const carriedWords = contentWords(previous).filter((word) => !ownWords.has(word));
  const carried = [...new Set([...codes, ...carriedWords])].join(' ');
  return { full: `${own} ${carried}`.trim(), carried, followUp: carried.length > 0 };
}
