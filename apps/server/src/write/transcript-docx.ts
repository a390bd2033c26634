import type { ParsedElement } from '../ingest/markdown.ts';
import { isTimingLine } from './transcript-cues.ts';
import { isSpeakerName, TIME } from './transcript-labels.ts';

/**
 * A Word transcript, as the ingest parsers read it (ordered elements, whitespace collapsed, line
 * breaks inside a paragraph turned into spaces), back into text that `readTranscript` reads.
 *
 * - Paragraphs are separated by blank lines: a Word transcript has one turn per paragraph.
 * - Teams' Word export heads each turn with "Name 0:01:02"; the parser collapses its spacing and
 *   may run the turn's text on after it, so when such headings recur they are put back on their
 *   own line, with the spacing the reader knows.
 * - Subtitles pasted into Word (cue timings in paragraphs) are joined line by line, a blank line
 *   before each cue (before its identifier when it has one).
 * - Table rows of a speaker, a time and the text become `[time] Name: text` lines.
 */
export function transcriptTextFromElements(elements: readonly ParsedElement[]): string {
  const paragraphs = elements.flatMap((element) =>
    element.type === 'table' ? element.text.split('\n').map(tableRow) : [element.text.trim()],
  );
  if (paragraphs.some(isTimingLine)) return cueText(paragraphs);
  const headings = paragraphs.map(teamsHeading);
  const headingCount = headings.filter((heading) => heading !== null).length;
  const teams = headingCount >= 2 && headingCount * 4 >= paragraphs.length;
  return paragraphs
    .flatMap((paragraph, index) => {
      const heading = teams ? headings[index] : null;
      return heading ? [`${heading.name}   ${heading.time}`, heading.text] : [paragraph];
    })
    .filter((paragraph) => paragraph !== '')
    .join('\n\n');
}

const TEAMS_HEADING = new RegExp(`^(.{1,60}?) (${TIME})(?: (.*))?$`, 'u');

function teamsHeading(paragraph: string): { name: string; time: string; text: string } | null {
  const match = TEAMS_HEADING.exec(paragraph);
  if (!match || !isSpeakerName(match[1] ?? '')) return null;
  return { name: match[1] ?? '', time: match[2] ?? '', text: match[3] ?? '' };
}

function cueText(paragraphs: readonly string[]): string {
  const identifier = (index: number) => isTimingLine(paragraphs[index + 1] ?? '') && !/\s/.test(paragraphs[index] ?? ' ');
  return paragraphs
    .map((paragraph, index) => {
      const opensCue = identifier(index) || (isTimingLine(paragraph) && !identifier(index - 1));
      return opensCue ? `\n${paragraph}` : paragraph;
    })
    .join('\n');
}

const TIME_CELL = new RegExp(String.raw`^[[(]?(${TIME})[\])]?$`);

/** A table row of cells joined by " | ": `[time] Name: text` when one cell is a time or a name, the cells spaced otherwise. */
function tableRow(row: string): string {
  const cells = row.split(' | ').map((cell) => cell.trim());
  const timeIndex = cells.findIndex((cell) => TIME_CELL.test(cell));
  const nameIndex = cells.findIndex((cell, index) => index !== timeIndex && isSpeakerName(cell));
  const text = cells.filter((_cell, index) => index !== timeIndex && index !== nameIndex).join(' ');
  if (cells.length < 2 || cells.length > 4 || text === '' || (timeIndex < 0 && nameIndex < 0)) return cells.join(' ');
  const time = timeIndex >= 0 ? `[${TIME_CELL.exec(cells[timeIndex] ?? '')?.[1]}] ` : '';
  return nameIndex >= 0 ? `${time}${cells[nameIndex]}: ${text}` : `${time}${text}`;
}
