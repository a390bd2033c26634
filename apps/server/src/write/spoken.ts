import type { TranscriptLine } from '@verity/shared';

/**
 * Speech as the meeting readers analyse it. Reading the transcript already took out the noise
 * that is never a word (um, uh, er, tags, repeated false starts: transcript-clean.ts); this pass
 * takes out, for analysis only, what is a word but carries nothing of what was settled:
 * - backchannel and fillers inside a line ("mhm", "mm-hmm", "uh-huh", ", you know,", "I mean," at
 *   the start), and spoken contractions written out ("gonna" → "going to", "wanna" → "want to");
 * - lines that are nothing but backchannel ("Yeah.", "Mhm.", "OK, right.") said while someone
 *   else holds the floor — the same other speaker talks before and after, and what came before
 *   asked nothing. A "Yeah." that answers a question or a request stays: it may take on a task.
 * Line numbers are kept, so evidence still cites the transcript; the stored lines are unchanged.
 * One pass over each line with bounded patterns: linear in the transcript.
 */

/** Words of backchannel and acknowledgement: a line of these alone says nothing new. */
const BACKCHANNEL_WORDS = new Set(
  (
    'yeah yes yep yup yah ya mhm mm mmm hmm hm mm-hmm mm-hm uh-huh huh uh ah oh oh-oh ooh aha ok okay alright right sure ' +
    'cool wow gosh great good fine nice lovely exactly true really indeed absolutely definitely totally correct so well and but ' +
    'i see got it yeah-yeah'
  ).split(' '),
);

/** A line this long or longer is speech, not backchannel, whatever its words. */
const BACKCHANNEL_MAX_WORDS = 6;
const BACKCHANNEL_MAX_CHARACTERS = 60;

/** Backchannel and discourse fillers inside a line, with the commas around them. */
const INNER_FILLERS =
  /(?:^|(?<=[\s,.;:!?—–-]))(?<!\d\s?)(?:mhm|mm-?hmm|mm-?hm|uh-huh|mmm+|mm)(?=[\s,.;:!?—–-]|$)[,.]?|,\s*you know\s*,|^\s*you know,?\s+|,\s*I mean\s*,|^\s*I mean,?\s+/giu;

/** Spoken contractions, written out so the phrase readers see "going to", "want to". */
const CONTRACTIONS: [RegExp, string][] = [
  [/\bgonna\b/gi, 'going to'],
  [/\bwanna\b/gi, 'want to'],
  [/\bgotta\b/gi, 'got to'],
  [/\bkinda\b/gi, 'kind of'],
  [/\bsorta\b/gi, 'sort of'],
  [/\bdunno\b/gi, "don't know"],
  [/\blemme\b/gi, 'let me'],
];

/**
 * A start abandoned before a dash: a few words that stop on a word that cannot end a phrase (an
 * article, a pronoun, an auxiliary, a preposition, or a verb still waiting for what it takes: "I
 * want the — I'd like — Sam, I'd like you to …"), at the start of the text or of a sentence. The
 * new start after the dash is what was said; a phrase that is whole before its dash ("The boiler —
 * we need to replace it") stays.
 */
const ABANDONED_START =
  /(^|[.!?]\s+)(?:(?:[\p{L}'’]+\s+){0,4}?(?:the|a|an|this|that|these|those|my|our|your|their|his|her|its|I|we|you|they|he|she|it|I'd|I'll|I'm|we'd|we'll|we're|you'd|is|are|was|were|be|will|would|can|could|should|must|have|has|had|do|does|did|to|of|in|on|at|for|with|from|by|about|into|and|or|but|so|if|like|want|need|think|just)\s+[—–]\s+(?=\S))+/giu;

/**
 * A sentence without the starts abandoned before it ("I want the — I'd like — Sam, I'd like you to
 * …" → "Sam, I'd like you to …"): for reading what the new start says. The sentence itself keeps
 * them, as a mark of speech transcribed verbatim.
 */
export function withoutAbandonedStarts(text: string): string {
  // One pass, each run of starts at once ("I want the — I'd like — Sam, …" abandons two): linear in the text.
  return text.replace(ABANDONED_START, '$1');
}

/** A line's text without backchannel fillers and with contractions written out ('' when nothing is left). */
export function withoutFillers(text: string): string {
  let plainText = text.replace(INNER_FILLERS, ' ');
  for (const [pattern, written] of CONTRACTIONS) plainText = plainText.replace(pattern, written);
  plainText = plainText
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/([,;:])(?:\s*[,;:])+/g, '$1')
    .replace(/^[\s,;:.]+/, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return /\p{L}/u.test(plainText) ? capitaliseFirst(plainText, text) : '';
}

function capitaliseFirst(text: string, original: string): string {
  return /^\s*\p{Lu}/u.test(original) ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** Whether a line is backchannel alone ("Yeah.", "Mm-hmm, OK.", "Oh, right, I see."). */
export function isBackchannel(text: string): boolean {
  // Backchannel is a few short words: a longer line is speech without reading every word of it.
  if (text.length > BACKCHANNEL_MAX_CHARACTERS) return false;
  const words = text.toLowerCase().match(/[\p{L}'-]+/gu) ?? [];
  return words.length > 0 && words.length <= BACKCHANNEL_MAX_WORDS && words.every((word) => BACKCHANNEL_WORDS.has(word));
}

/** Whether a line asks something of the next speaker: a question, or a request said without one ("Sam, could you send it."). */
function asks(text: string): boolean {
  return /\?\s*$/.test(text) || /\b(?:can|could|would|will) you\b|\bplease\b|\bcan (?:someone|somebody|anyone)\b/i.test(text);
}

/** The transcript's lines as the readers analyse them (see above). */
export function spokenLines(lines: readonly TranscriptLine[]): TranscriptLine[] {
  const kept: TranscriptLine[] = [];
  for (const [index, line] of lines.entries()) {
    const previous = kept.at(-1);
    const next = lines[index + 1];
    const interjected =
      isBackchannel(line.text) &&
      previous !== undefined &&
      next !== undefined &&
      previous.speaker !== null &&
      previous.speaker === next.speaker &&
      previous.speaker !== line.speaker &&
      !asks(previous.text);
    if (interjected) continue;
    const text = withoutFillers(line.text);
    if (text === '') continue;
    kept.push(text === line.text ? line : { ...line, text });
  }
  return kept;
}
