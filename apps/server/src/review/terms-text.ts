import type { PolicyElement } from './types.ts';

/** Small words that an expansion or a title may contain without an initial of their own. */
export const LINKING_WORDS = new Set(['of', 'and', 'for', 'the', 'to', 'at', 'in', 'on', 'by', 'with', 'a', 'an', 'or', 'etc']);

/** Section headings under which a policy defines its terms. */
export const DEFINITIONS_HEADING = /\b(definitions?|glossary|abbreviations?|acronyms?|terms|words (?:we use|used))\b/i;

/**
 * The range of a few words around a match, kept inside one table cell, one line and one sentence,
 * so that the quote reads as a phrase and survives conversion to other formats.
 */
export function phraseAround(text: string, start: number, end: number, wordsEachSide = 2): { start: number; end: number } {
  const lineStart = Math.max(text.lastIndexOf('\n', start - 1) + 1, cellEdgeBefore(text, start));
  const lineEnd = Math.min(indexOrEnd(text, '\n', end), indexOrEnd(text, ' | ', end));
  let from = start;
  for (let taken = 0; taken < wordsEachSide; taken++) {
    const before = text.slice(lineStart, from);
    const word = /(\S+)\s+$/.exec(before);
    const said = word?.[1] ?? '';
    if (!word || /[.,;:!?)]$/.test(said) || /^[0-9.]+$/.test(said) || /^[(\u2013\u2014-]/.test(said) || !/[A-Za-z]/.test(said)) break;
    from = lineStart + word.index;
  }
  let to = end;
  for (let taken = 0; taken < wordsEachSide; taken++) {
    const after = text.slice(to, lineEnd);
    if (/^[.;:!?,)]/.test(after)) break;
    const word = /^\s+([^\s.;:!?,()]+)/.exec(after);
    if (!word || !/[A-Za-z]/.test(word[1] ?? '')) break;
    to += word[0].length;
  }
  return { start: from, end: to };
}

function cellEdgeBefore(text: string, at: number): number {
  const cell = text.lastIndexOf(' | ', at - 1);
  return cell < 0 ? 0 : cell + 3;
}

function indexOrEnd(text: string, needle: string, from: number): number {
  const at = text.indexOf(needle, from);
  return at < 0 ? text.length : at;
}

/** Whether an element sits in, or is, a section that defines terms. */
export function inDefinitions(element: PolicyElement): boolean {
  return element.headingPath.some((heading) => DEFINITIONS_HEADING.test(heading));
}

/** A header row's first cell in a table of terms ("Term", "Word or phrase", "Abbreviation"). */
const HEADER_CELL = /^(?:terms?|words?(?: or phrases?)?|phrases?|abbreviations?|acronyms?|definitions?|names?|items?|expressions?)\b/i;
/** Words a header row's second cell keeps to ("Meaning", "What it means"); an entry's meaning is longer. */
const HEADER_WORDS = 3;

/**
 * The first cells of a table's rows after its header row. A table whose header a PDF read as a
 * paragraph of its own starts with an entry ("BBV | Blood-borne virus, such as …"): its first row
 * is read too when its first cell is no header's and its second runs past a header's few words.
 */
export function firstCells(element: PolicyElement): string[] {
  if (element.type !== 'table') return [];
  const rows = element.text.split('\n').map((row) => row.split(' | '));
  const [head = '', second = ''] = rows[0] ?? [];
  const entry = !HEADER_CELL.test(head.trim()) && second.trim().split(/\s+/).length > HEADER_WORDS;
  return (entry ? rows : rows.slice(1)).map((cells) => cells[0] ?? '');
}
