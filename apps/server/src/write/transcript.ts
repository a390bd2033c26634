import type { TranscriptFormat, TranscriptLine } from '@verity/shared';
import type { Transcript } from './types.ts';
import { cleanSpeech } from './transcript-clean.ts';
import { isTimingLine, readCues } from './transcript-cues.ts';
import { detectLineFormat, type RawLine, readLineFormat } from './transcript-lines.ts';

export { transcriptTextFromElements } from './transcript-docx.ts';

/**
 * The transcript reader: any transcript's text becomes numbered, cleaned lines with their speaker
 * and time. The format is decided by content (transcript-cues.ts for WebVTT and SubRip,
 * transcript-lines.ts for the rest), noise is removed line by line (transcript-clean.ts), lines
 * left empty are dropped and the rest numbered from 1 in the order they were said. Evidence cites
 * these numbers, so a cue or a turn is never merged with another.
 */

/**
 * The text cannot be read as a meeting transcript. Its message is shown to the person who
 * uploaded it. The rule, applied to the cleaned spoken text:
 * - nothing left after cleaning: `empty`;
 * - speech without speakers that is a JSON document, or rows with the same two or more commas,
 *   semicolons, tabs or bars (a CSV or table export): `not_speech`;
 * - fewer than five words: `not_speech`;
 * - fewer than 60% of its visible characters are letters (symbols, numbers, binary junk), or more
 *   than 30% of them sit in "words" longer than 40 characters (encoded data): `not_speech`.
 */
export class NotATranscriptError extends Error {
  readonly reason: 'empty' | 'not_speech';
  constructor(reason: NotATranscriptError['reason'], message: string) {
    super(message);
    this.name = 'NotATranscriptError';
    this.reason = reason;
  }
}

const MIN_WORDS = 5;
const MIN_LETTER_SHARE = 0.6;
const LONG_TOKEN = 40;
const MAX_LONG_TOKEN_SHARE = 0.3;

/** Reads a transcript in any supported format; throws NotATranscriptError when it is not one. */
export function readTranscript(text: string): Transcript {
  const lines = normalise(text).split('\n');
  let format: TranscriptFormat;
  let raw: RawLine[];
  if (lines.some(isTimingLine)) {
    // SubRip writes a cue's milliseconds after a comma, WebVTT after a full stop and under a WEBVTT header.
    const header = (lines.find((line) => line.trim() !== '') ?? '').trimStart().startsWith('WEBVTT');
    format = header || !lines.some((line) => isTimingLine(line) && line.includes(',')) ? 'vtt' : 'srt';
    raw = readCues(lines);
  } else {
    const detected = detectLineFormat(lines);
    format = detected.format;
    raw = readLineFormat(lines, format, detected.speakers);
  }
  const cleaned = raw.map((line) => ({ ...line, text: cleanSpeech(line.text) })).filter((line) => line.text !== '');
  if (cleaned.length === 0) throw new NotATranscriptError('empty', 'This file has no transcript text to read.');
  if (format === 'paragraphs' && looksLikeData(lines)) {
    throw new NotATranscriptError(
      'not_speech',
      'This does not look like a meeting transcript: it looks like data (a spreadsheet or JSON export), not speech.',
    );
  }
  checkSpeech(cleaned.map((line) => line.text).join(' '));
  return {
    format,
    lines: cleaned.map((line, index): TranscriptLine => ({ n: index + 1, speaker: line.speaker, time: line.time, text: line.text })),
  };
}

/** The distinct speaker labels, in the order they first speak. */
export function speakersOf(transcript: Transcript): string[] {
  const speakers = new Set<string>();
  for (const line of transcript.lines) if (line.speaker !== null) speakers.add(line.speaker);
  return [...speakers];
}

/**
 * Line breaks as `\n`, no byte-order mark, non-breaking and other wide spaces as plain spaces, and
 * runs of more than three spaces or tabs cut to three (Teams separates a name from its time with
 * three spaces or a tab; a longer run means nothing more, and no pattern has to scan one).
 */
function normalise(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n')
    .replace(/[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/g, ' ')
    .replace(/[ \t]{4,}/g, '   ');
}

function looksLikeData(lines: readonly string[]): boolean {
  const content = lines.map((line) => line.trim()).filter((line) => line !== '');
  const whole = content.join('\n');
  if (/^[[{]/.test(whole) && /[\]}]$/.test(whole)) {
    try {
      return typeof JSON.parse(whole) === 'object';
    } catch {
      // Not JSON: read on.
    }
  }
  if (content.length < 3) return false;
  return [',', ';', '\t', '|'].some((delimiter) => {
    const counts = new Map<number, number>();
    for (const line of content) {
      const fields = line.split(delimiter).length - 1;
      counts.set(fields, (counts.get(fields) ?? 0) + 1);
    }
    return [...counts].some(([fields, rows]) => fields >= 2 && rows >= content.length * 0.8);
  });
}

function checkSpeech(spoken: string): void {
  const tokens = spoken.split(/\s+/).filter((token) => token !== '');
  const words = tokens.filter((token) => /\p{L}{2}|^\p{L}$/u.test(token)).length;
  if (words < MIN_WORDS) {
    throw new NotATranscriptError('not_speech', 'This does not look like a meeting transcript: it has fewer than five words of speech.');
  }
  const visible = tokens.reduce((sum, token) => sum + token.length, 0);
  const letters = spoken.replace(/\P{L}+/gu, '').length;
  const inLongTokens = tokens.filter((token) => token.length > LONG_TOKEN).reduce((sum, token) => sum + token.length, 0);
  if (letters < visible * MIN_LETTER_SHARE || inLongTokens > visible * MAX_LONG_TOKEN_SHARE) {
    throw new NotATranscriptError(
      'not_speech',
      'This does not look like a meeting transcript: most of it is symbols, numbers or encoded data rather than words.',
    );
  }
}
