import type { TranscriptLine } from '@verity/shared';

/**
 * The units the meeting readers work on: sentences of the cleaned transcript, grouped into turns
 * (a run of lines by one speaker; WebVTT and SubRip split a long turn over several cues), and the
 * spoken numbers dates and figures are said with ("the twenty-fourth", "three weeks").
 */

/** One sentence of a transcript line. */
export interface Sentence {
  /** The transcript line it starts on (evidence cites it). */
  line: number;
  /** Every line it spans: a cue of WebVTT or SubRip may end mid-sentence. */
  lines: number[];
  speaker: string | null;
  /** The sentence with curly quotes made straight. */
  text: string;
  /** Index of the turn it belongs to. */
  turn: number;
}

/** Consecutive lines by one speaker. */
export interface Turn {
  index: number;
  speaker: string | null;
  sentences: Sentence[];
  lines: number[];
}

/** Straight quotes and apostrophes, one space between words. */
export function plain(text: string): string {
  return text.replace(/[’‘`]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, ' ').trim();
}

/**
 * Sentences of a text: a break after `.`, `!`, `?` or `…` (a closing quote may follow) when the
 * next word starts a sentence. "Dr. Patel" and "e.g. this" stay whole.
 */
export function splitSentences(text: string): string[] {
  const clean = plain(text);
  const parts: string[] = [];
  const breaks = /([.!?…]+["')\]]?)\s+(?=["'([]?[\p{Lu}\d])/gu;
  let start = 0;
  for (let match = breaks.exec(clean); match !== null; match = breaks.exec(clean)) {
    const end = match.index + (match[1]?.length ?? 0);
    const before = clean.slice(start, end);
    if (
      /\b(?:Dr|Mr|Mrs|Ms|Prof|St|e\.g|i\.e|approx|vs)\.$/i.test(before) ||
      (/\bNo\.$/.test(before) && /^\d/.test(clean.slice(match.index + match[0].length)))
    )
      continue;
    parts.push(before.trim());
    start = match.index + match[0].length;
  }
  parts.push(clean.slice(start).trim());
  return parts.filter((part) => part !== '');
}

/** Whether a line's text ends a sentence (a cue may stop mid-sentence and the next one carry on). */
const ENDS_SENTENCE = /[.!?…]["')\]]?$|[—-]$/;

/** The transcript as turns of sentences, in order; a sentence carried over several lines of one turn is one sentence. */
export function turnsOf(lines: readonly TranscriptLine[]): Turn[] {
  const turns: Turn[] = [];
  let pending: { text: string; lines: number[] } | null = null;
  const flush = (turn: Turn | undefined) => {
    if (pending !== null && turn !== undefined) {
      for (const text of splitSentences(pending.text))
        turn.sentences.push({ line: pending.lines[0] ?? 0, lines: pending.lines, speaker: turn.speaker, text, turn: turn.index });
    }
    pending = null;
  };
  for (const line of lines) {
    let turn = turns.at(-1);
    if (turn === undefined || turn.speaker !== line.speaker || line.speaker === null) {
      flush(turn);
      turn = { index: turns.length, speaker: line.speaker, sentences: [], lines: [] };
      turns.push(turn);
    }
    turn.lines.push(line.n);
    const parts = splitSentences(line.text);
    for (const [index, text] of parts.entries()) {
      const carried: { text: string; lines: number[] } | null = index === 0 ? pending : null;
      const sentence: { text: string; lines: number[] } =
        carried === null ? { text, lines: [line.n] } : { text: `${carried.text} ${text}`, lines: [...carried.lines, line.n] };
      pending = null;
      if (index === parts.length - 1 && !ENDS_SENTENCE.test(text)) pending = sentence;
      else
        turn.sentences.push({
          line: sentence.lines[0] ?? line.n,
          lines: sentence.lines,
          speaker: line.speaker,
          text: sentence.text,
          turn: turn.index,
        });
    }
  }
  flush(turns.at(-1));
  return turns;
}

/** Lower-case word tokens (letters, digits, inner apostrophes and hyphens). */
export function wordsOf(text: string): string[] {
  return (
    plain(text)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*/gu) ?? []
  );
}

const UNITS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const UNIT_ORDINALS = [
  'zeroth',
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'sixteenth',
  'seventeenth',
  'eighteenth',
  'nineteenth',
];
const TENS_ORDINALS = ['', '', 'twentieth', 'thirtieth', 'fortieth', 'fiftieth', 'sixtieth', 'seventieth', 'eightieth', 'ninetieth'];

const alternatives = (words: readonly string[]) => words.filter((word) => word !== '').join('|');
const TENS_WORD = alternatives(TENS);
const UNIT_WORD = alternatives(UNITS.slice(1, 10));

/** A spoken ordinal from first to ninety-ninth, or 1st to 99th in figures (regular-expression source). */
export const ORDINAL = String.raw`(?:\d{1,2}(?:st|nd|rd|th)|(?:(?:${TENS_WORD})[- ]?(?:${alternatives(UNIT_ORDINALS.slice(1, 10))}))|${alternatives(TENS_ORDINALS)}|${alternatives(UNIT_ORDINALS.slice(1))})`;
/** A spoken cardinal from one to ninety-nine, a couple or a figure (regular-expression source). */
export const CARDINAL = String.raw`(?:\d{1,3}|a couple of|a few|(?:${TENS_WORD})(?:[- ]?(?:${UNIT_WORD}))?|${alternatives(UNITS.slice(1))}|an?)`;

/**
 * The value of a spoken number or ordinal: "24", "24th", "twenty-four", "twenty fourth",
 * "ninth", "a couple of" (2), "a" (1). Null when it is not one.
 */
export function spokenNumber(said: string): number | null {
  const text = said.toLowerCase().trim().replace(/\s+/g, ' ');
  const figure = /^(\d{1,3})(?:st|nd|rd|th)?$/.exec(text);
  if (figure) return Number(figure[1]);
  if (text === 'a' || text === 'an') return 1;
  if (text === 'a couple of') return 2;
  if (text === 'a few') return 3;
  const parts = text.split(/[- ]/);
  let total = 0;
  for (const [index, part] of parts.entries()) {
    const last = index === parts.length - 1;
    const tens = TENS.indexOf(part);
    const tensOrdinal = TENS_ORDINALS.indexOf(part);
    const unit = UNITS.indexOf(part);
    const unitOrdinal = UNIT_ORDINALS.indexOf(part);
    if (tens >= 2 && index === 0) total += tens * 10;
    else if (tensOrdinal >= 2 && last && index === 0) total += tensOrdinal * 10;
    else if (unit >= 0 && last && (index === 0 || unit < 10)) total += unit;
    else if (unitOrdinal >= 0 && last && (index === 0 || unitOrdinal < 10)) total += unitOrdinal;
    else return null;
  }
  return total > 0 ? total : null;
}

/** Upper-cases a text's first letter. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A subject in running text, with "the" when the meeting said it so ("covered the payment bug"):
 * a title drops its article, a sentence needs it back. Otherwise as given ("covered staffing").
 */
export function withArticle(phrase: string, texts: readonly string[]): string {
  if (/^(?:the|a|an)\s/i.test(phrase)) return phrase;
  const said = new RegExp(String.raw`\bthe\s+${escapeRegExp(phrase)}\b`, 'i');
  return texts.some((text) => said.test(plain(text))) ? `the ${phrase}` : phrase;
}

/** Text matched literally inside a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
