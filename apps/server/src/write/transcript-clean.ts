/**
 * Noise removal for one spoken line, without losing content: what is taken out is never a word
 * someone meant to say. Removed: markup and non-speech tags (`<laugh/>`, `<noise>`, `[inaudible]`,
 * `[crosstalk 00:12:01]`, `(laughs)`), fillers (um, uh, er, erm, hmm, and "em" between commas)
 * with the commas around them, and false starts that repeat the same one to four words across a
 * comma or dash ("it's, it's" → "it's"; "it's the — it's the valve" → "it's the valve") or a
 * stuttered small word ("the the"). Kept: every other word as said (other stages search for
 * phrases such as "I'll" or "by Friday"), de-identification placeholders (`[PERSON3]`,
 * `[ORGANIZATION2]`), smart quotes, and an interruption dash at either end of a line.
 */

const WORD = String.raw`\p{L}\p{N}'’`;

const SPACES = /\s+/g;
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]/g;
const CONTROL = /\p{Cc}/gu;
/** XML-like tags (`<laugh/>`, `<other_noise/>`, `<i>`, `</v>`, `<font color="red">`) and WebVTT's inline timestamps. */
const TAG = /<\/?[A-Za-z][\w.:-]{0,40}(?:\s[^<>]{0,80})?\/?>|<\d{1,2}(?::\d{2}){1,2}(?:\.\d{1,3})?>/g;

const NON_SPEECH_WORDS = [
  String.raw`laugh\w*`,
  String.raw`chuckl\w*`,
  String.raw`giggl\w*`,
  'inaudible',
  'unintelligible',
  'indistinct',
  'incomprehensible',
  'crosstalk',
  'cross[- ]talk',
  'overlapping(?: speech| talk)?',
  'talking over each other',
  'multiple speakers',
  '(?:background )?noise',
  'background (?:chatter|talking|conversation)',
  'music',
  'applause',
  String.raw`cough\w*`,
  String.raw`sneez\w*`,
  String.raw`sigh\w*`,
  'silence',
  '(?:long )?pause[sd]?',
  'static',
  String.raw`beep\w*`,
  String.raw`phone ring\w*`,
  'clears? (?:his |her |their )?throat',
  'break in audio',
  String.raw`audio (?:cuts|drops|breaks)\w*(?: out| up)?`,
  'no audio',
  'blank_audio',
  'interference',
];
/**
 * A bracketed non-speech marker: the marker word first, then at most two more words or a time
 * ("[inaudible 00:01:02]", "(laughs nervously)"). A longer parenthesis starting with one of the
 * words is speech and stays.
 */
const NON_SPEECH = new RegExp(String.raw`[[(]\s*(?:${NON_SPEECH_WORDS.join('|')})(?![\p{L}])(?:\s+[^[\]()\s]+){0,2}\s*[\])]`, 'giu');

const FILLER_WORD = String.raw`(?:[Uu]m+|[Uu]h+m*|[Ee]r+m*|[Ee]hm|[Hh]m+|[Ee]m(?=\s*,))`;
/**
 * Fillers said in a row (`um, uh`), as whole words. Case matters: "uh-huh" is an answer and "ER",
 * "UH" or "ERM" are abbreviations, so they stay.
 */
const FILLER_RUN = String.raw`(?<![${WORD}-])${FILLER_WORD}(?:\s*,?\s*${FILLER_WORD})*(?![${WORD}-])`;
/** A run of fillers with the commas on either side (`, um, uh,`) and any full stop, question or exclamation mark after it. */
const FILLERS = new RegExp(String.raw`(,?)\s*${FILLER_RUN}\s*,?\s*([.!?…]*)`, 'gu');
/**
 * Words never followed by a comma: after them ", um," leaves a space ("the, er, boiler" → "the
 * boiler"). After any other word the comma stays ("So, um, we" → "So, we"): a comma too many reads
 * better than two clauses run together.
 */
const NO_COMMA_AFTER = new Set(
  [
    'a an the of to and or but in on at for with from by about into onto over under after before through because than',
    'my our your their his her its this these those that which who whom whose where when if as i we they he she',
  ]
    .join(' ')
    .split(' '),
);
/** Marks where a removed filler opened a sentence and the next word takes its capital. */
const CAPITALISE = '\uE000';
const CAPITALISED = new RegExp(`${CAPITALISE}\\s*(\\p{L})?`, 'gu');

/**
 * Where a false start can end: a comma, a dash or fillers ("it's, it's", "the — the", "in the, um,
 * in the"). The same one to four words on both sides of one is a false start.
 */
const BREAK = new RegExp(String.raw`\s*(?:,|[–—]|\s--?\s)\s*(?:${FILLER_RUN}\s*,?\s*)?|\s+${FILLER_RUN}\s*,?\s*`, 'gu');
const WORD_CHARACTER = new RegExp(`[${WORD}]`, 'u');
/** The first one to four words after a break, each captured with its end (`d`). */
const WORDS_AFTER = new RegExp(String.raw`([${WORD}]+)(?:\s+([${WORD}]+))?(?:\s+([${WORD}]+))?(?:\s+([${WORD}]+))?(?![${WORD}])`, 'duy');
/** Two equal words in a row, anywhere: a cheap test before STUTTER's longer one. */
const MAYBE_STUTTER = /\b([\w'’]{1,5})\s+\1\b/i;
/** A small word said twice or more ("the the", "we we"); "that that" and "had had" can be grammar, so they are not here. */
const STUTTER = new RegExp(
  String.raw`(?<![${WORD}])(the|a|an|i|i'm|i’m|we|you|he|she|they|it|it's|it’s|to|of|and|but|at|for|with|if|this|my|our|was)(?:\s+\1)+(?![${WORD}])`,
  'giu',
);

/** The line with its noise removed and spacing tidied; '' when nothing spoken is left. */
export function cleanSpeech(raw: string): string {
  // Whitespace is collapsed first so that no pattern below ever scans a long run of it.
  let text = raw
    .replace(INVISIBLE, '')
    .replace(CONTROL, ' ')
    .replace(SPACES, ' ')
    .replace(TAG, ' ')
    .replace(NON_SPEECH, ' ')
    .replace(SPACES, ' ');
  // False starts first, while a filler still marks where one ends ("in the, um, in the").
  text = removeFillers(removeFalseStarts(text));
  text = tidy(text);
  return /[\p{L}\p{N}]/u.test(text) ? text : '';
}

function removeFillers(text: string): string {
  const replaced = text.replace(FILLERS, (match: string, before: string, stop: string, offset: number) => {
    // Only the words around the filler matter: a bounded look keeps a long line linear.
    const preceding = text.slice(Math.max(0, offset - 40), offset).trimEnd();
    const following = text.slice(offset + match.length, offset + match.length + 40).trimStart();
    // A filler opening a sentence goes with the stop after it ("Hmm. Right." → "Right."), and the next word takes its capital.
    if ((preceding === '' && offset <= 40) || /[.!?…]$/.test(preceding)) return /^,?\s*[A-Z]/.test(match) ? ` ${CAPITALISE}` : ' ';
    // Before a stop or an interruption dash the filler goes with its commas: "So, um." → "So.", "to, um —" → "to —".
    if (stop || /^[;:—–-]/.test(following) || following === '') return `${stop} `;
    if (!before) return ' ';
    const previousWord = /([\p{L}'’]+)$/u.exec(preceding)?.[1]?.toLowerCase() ?? '';
    return NO_COMMA_AFTER.has(previousWord) ? ' ' : ', ';
  });
  return replaced.replace(CAPITALISED, (_match, letter?: string) => (letter ? letter.toUpperCase() : ''));
}

/**
 * Drops the second saying of a false start, keeping the first (and its capital): "It's – it's
 * the pump" → "It's the pump", and "no, no, no" → "no" (what is dropped says the same words as
 * what stays, so each break is checked against the text as written).
 */
function removeFalseStarts(text: string): string {
  let kept = '';
  let cursor = 0;
  for (const match of text.matchAll(BREAK)) {
    if (match.index < cursor) continue;
    const end = match.index + match[0].length;
    const repeated = repeatLength(text, match.index, end);
    if (repeated > 0) {
      kept += text.slice(cursor, match.index);
      cursor = end + repeated;
    }
  }
  const unrepeated = cursor === 0 ? text : kept + text.slice(cursor);
  return MAYBE_STUTTER.test(unrepeated) ? unrepeated.replace(STUTTER, '$1') : unrepeated;
}

/**
 * How many characters from `after` say again the words that end at `before` (the longest such run,
 * up to four words); 0 for none.
 */
function repeatLength(text: string, before: number, after: number): number {
  WORDS_AFTER.lastIndex = after;
  const again = WORDS_AFTER.exec(text);
  if (!again?.indices) return 0;
  const said = lastWords(text, before);
  for (let count = Math.min(said.length, 4); count >= 1; count -= 1) {
    const words = again.slice(1, count + 1);
    const last = again.indices[count];
    if (!last || words.some((word, index) => word?.toLowerCase() !== said[said.length - count + index])) continue;
    if (/\p{L}/u.test(words.join(''))) return last[1] - after;
  }
  return 0;
}

/** The one to four words (lower case) that end at `end`, separated by spaces only. */
function lastWords(text: string, end: number): string[] {
  const words: string[] = [];
  let wordEnd = end;
  while (words.length < 4) {
    let start = wordEnd;
    while (start > 0 && isWordCharacter(text.charCodeAt(start - 1), text.charAt(start - 1))) start -= 1;
    if (start === wordEnd) break;
    words.unshift(text.slice(start, wordEnd).toLowerCase());
    wordEnd = start;
    while (wordEnd > 0 && text.charCodeAt(wordEnd - 1) === 32) wordEnd -= 1;
    if (wordEnd === start) break;
  }
  return words;
}

/** ASCII letters, digits and apostrophes without a regular expression; the rest of Unicode with one. */
function isWordCharacter(code: number, character: string): boolean {
  if ((code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 39) return true;
  return code > 127 && WORD_CHARACTER.test(character);
}

function tidy(text: string): string {
  return text
    .replace(SPACES, ' ')
    .replace(/\(\s*\)|\[\s*\]/g, ' ')
    .replace(/\s+([,.;:!?…])/g, '$1')
    .replace(/([,;:])(?:\s*[,;:])+/g, '$1')
    .replace(/[,;:]+\s*([.!?…])/g, '$1')
    .replace(/^[\s,;:]+/, '')
    .trim();
}
