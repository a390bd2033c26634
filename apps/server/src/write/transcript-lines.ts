import type { TranscriptFormat } from '@verity/shared';
import { acceptedLabels, isSpeakerName, labelOf, normaliseTime, TIME, timeOnlyLine } from './transcript-labels.ts';

/**
 * Transcripts written line by line (every format but WebVTT and SubRip), told apart by content:
 *
 * - teams: `Name   0:01:02` (two or more spaces or a tab, or one space after a clear name; Zoom's
 *   `[Name] 0:01:02` and `Name (0:01:02)` too) on its own line, the turn's text on the lines after
 *   it; at least two such lines, a quarter of all.
 * - timestamped: `[00:01:02] Name: text`, `00:01:02 Name: text`, `(00:01) …`; half the lines or more.
 * - automin: `(PERSON1) text` at each change of speaker, two different labels at least; every
 *   source line stays its own transcript line and the lines without a label are the last speaker's.
 * - plain: `Name: text`, the label accepted as a speaker when it recurs or half the lines are labelled
 *   (transcript-labels.ts), at least two such lines and a tenth of all.
 * - paragraphs: anything else, prose without speakers.
 *
 * A line without a label continues the turn before it: it keeps its speaker and time and becomes
 * its own transcript line, or is joined to the previous line when that was broken mid-sentence
 * (a hard-wrapped file). A line holding only a time sets the time of the lines after it.
 */

/** A line of the transcript before its noise is removed. */
export interface RawLine {
  speaker: string | null;
  time: string | null;
  text: string;
}

export type LineFormat = Exclude<TranscriptFormat, 'vtt' | 'srt'>;

/** A line that opens a turn; `undefined` keeps the speaker or time before it. */
interface TurnStart {
  speaker?: string | null;
  time?: string;
  text: string;
}

const TEAMS_HEADER = new RegExp(String.raw`^(\S.*?)([ \t]+)[[(]?(${TIME})[\])]?$`, 'u');
const TIMESTAMPED = new RegExp(
  String.raw`^(?:\[(${TIME})(?:\s*[-–]\s*${TIME})?\]|\((${TIME})(?:\s*[-–]\s*${TIME})?\)|(${TIME})(?=\s))\s*(?:[-–|]\s+)?(.*)$`,
  'u',
);
const AUTOMIN = /^\(([A-Za-z][A-Za-z _-]{2,30}?\s?\d{1,3})\)\s*(.*)$/;
/** A line that stops at the end of a sentence, a clause or an interruption is not wrapped text. */
const ENDS_SENTENCE = /[.!?…:;—–\-"”’)\]]$/;
/** Wrapped lines are joined only up to this length, so a file without punctuation still has lines to cite. */
const WRAP_LIMIT = 600;

/** The format of a line-by-line transcript, and the `Name:` labels that are its speakers. */
export function detectLineFormat(lines: readonly string[]): { format: LineFormat; speakers: Set<string> } {
  const content = lines.map((line) => line.trim()).filter((line) => line !== '' && timeOnlyLine(line) === null);
  const count = content.length;
  const teams = content.filter((line) => teamsHeader(line) !== null).length;
  if (teams >= 2 && teams * 4 >= count) return { format: 'teams', speakers: new Set() };

  const stamped = content.map((line) => TIMESTAMPED.exec(line));
  const stampedCount = stamped.filter((match) => match !== null).length;
  if (stampedCount >= 2 && stampedCount * 2 >= count) {
    const labels = stamped.map((match) => (match ? (labelOf(match[4] ?? '')?.label ?? null) : null));
    return { format: 'timestamped', speakers: acceptedLabels(labels) };
  }

  const automin = content.map((line) => AUTOMIN.exec(line)?.[1]).filter((label) => label !== undefined);
  if (automin.length >= 2 && new Set(automin).size >= 2) return { format: 'automin', speakers: new Set() };

  const labels = content.map((line) => labelOf(line)?.label ?? null);
  const speakers = acceptedLabels(labels);
  const turns = labels.filter((label) => label !== null && speakers.has(label)).length;
  if (turns >= 2 && turns * 10 >= count) return { format: 'plain', speakers };
  return { format: 'paragraphs', speakers: new Set() };
}

/** The lines of a transcript in a line-by-line format, in order, speakers and times carried onto continuation lines. */
export function readLineFormat(lines: readonly string[], format: LineFormat, speakers: ReadonlySet<string>): RawLine[] {
  const turnStart = turnStartOf(format, speakers);
  const out: RawLine[] = [];
  let speaker: string | null = null;
  let time: string | null = null;
  let open: RawLine | null = null;
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '') {
      // A label or Teams heading alone keeps its turn open across the blank line before its text.
      if (open?.text) open = null;
      continue;
    }
    const clock = timeOnlyLine(line);
    if (clock) {
      time = clock;
      open = null;
      continue;
    }
    const start = turnStart(line);
    if (start) {
      if (start.speaker !== undefined) speaker = start.speaker;
      if (start.time !== undefined) time = start.time;
      open = { speaker, time, text: start.text };
      out.push(open);
    } else if (open && (open.text === '' || format === 'teams' || (format !== 'automin' && wrapped(open.text)))) {
      open.text = open.text ? `${open.text} ${line}` : line;
    } else {
      open = { speaker, time, text: line };
      out.push(open);
    }
  }
  return out;
}

function turnStartOf(format: LineFormat, speakers: ReadonlySet<string>): (line: string) => TurnStart | null {
  switch (format) {
    case 'teams':
      return (line) => {
        const header = teamsHeader(line);
        return header && { speaker: header.name, time: header.time, text: '' };
      };
    case 'timestamped':
      return (line) => {
        const match = TIMESTAMPED.exec(line);
        if (!match) return null;
        const time = normaliseTime(match[1] ?? match[2] ?? match[3] ?? '') ?? undefined;
        const rest = match[4] ?? '';
        const labelled = labelOf(rest);
        return labelled && speakers.has(labelled.label) ? { speaker: labelled.label, time, text: labelled.text } : { time, text: rest };
      };
    case 'automin':
      return (line) => {
        const match = AUTOMIN.exec(line);
        return match && { speaker: match[1] ?? null, text: match[2] ?? '' };
      };
    case 'plain':
      return (line) => {
        const labelled = labelOf(line);
        if (!labelled || !speakers.has(labelled.label)) return null;
        // "Name: (00:01)" with the turn on the next line, as some services write it.
        const clock = timeOnlyLine(labelled.text);
        if (clock) return { speaker: labelled.label, time: clock, text: '' };
        return { speaker: labelled.label, time: labelled.time ?? undefined, text: labelled.text };
      };
    case 'paragraphs':
      return () => null;
  }
}

/**
 * `Name   0:01:02`: a name, a time, nothing else. After two or more spaces or a tab the name may
 * be anything short that does not end a sentence ("Smith, Jane (Guest)"); after one space it
 * must read as a name, so "We finished at 10:30" is not a heading.
 */
function teamsHeader(line: string): { name: string; time: string } | null {
  const match = TEAMS_HEADER.exec(line);
  if (!match) return null;
  // Zoom writes the name in brackets: "[Jane Smith] 10:32:05".
  const name = (match[1] ?? '').trim().replace(/^\[(.+)\]$/, '$1');
  const time = normaliseTime(match[3] ?? '');
  if (time === null || /^[\d[(]/.test(name) || /[.?!,;:]$/.test(name)) return null;
  const separator = match[2] ?? '';
  const wide = separator.length >= 2 || separator.includes('\t');
  if (wide ? /\p{L}/u.test(name) && name.split(/\s+/).length <= 8 : isSpeakerName(name)) return { name, time };
  return null;
}

function wrapped(text: string): boolean {
  return text.length < WRAP_LIMIT && !ENDS_SENTENCE.test(text);
}
