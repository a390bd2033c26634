import { chargeElement } from './limits.ts';
import type { ElementType, ParsedElement } from './markdown.ts';

/** Whitespace of any kind (including non-breaking spaces) collapsed to single spaces. */
export function collapse(text: string): string {
  return text.replace(/[\s\u00a0\u200b]+/g, ' ').trim();
}

/**
 * Collects elements in reading order and keeps the heading path the way the Markdown parser does:
 * a title resets it, a heading pops every heading of the same or a deeper level, and an
 * element's path names only the headings above it (never its own text, never the title).
 */
export function createElementBuilder() {
  const elements: ParsedElement[] = [];
  const headings: { level: number; text: string }[] = [];
  const add = (type: ElementType, rawText: string, page: number) => {
    const text = type === 'table' ? rawText : collapse(rawText);
    if (text.length === 0) return null;
    chargeElement(text.length);
    const element: ParsedElement = { type, text, page, headingPath: headings.map((h) => h.text) };
    elements.push(element);
    return element;
  };
  return {
    elements,
    title(text: string, page: number) {
      if (collapse(text).length === 0) return;
      headings.length = 0;
      add('title', text, page);
    },
    heading(level: number, text: string, page: number) {
      const element = add('heading', text, page);
      if (!element) return;
      while (headings.length > 0 && (headings.at(-1)?.level ?? 0) >= level) headings.pop();
      element.headingPath = headings.map((h) => h.text);
      headings.push({ level, text: element.text });
    },
    add,
  };
}

/**
 * A "Label: value" line of a document's front matter ("Policy owner: Director of Estates", "Review
 * date: March 2028"): a label of one to five words without figures, opening with a capital, then a
 * colon and the value.
 */
const FIELD_LINE = /^\p{Lu}[\p{L}'’&/()-]*(?:[ \t]+[\p{L}'’&/()-]+){0,4}:[ \t]+\S/u;

export const isFieldLine = (line: string): boolean => FIELD_LINE.test(line.trimStart());

/** Text ending on a word a phrase cannot end with ("… of this policy and"): its next line runs on from it. */
const RUNS_ON = /\b(?:and|or|of|the|a|an|to|in|on|at|for|with|from|by|under|as|than|that)$/i;

/** Whether `line` opens a new field after `previous`: a field line, unless the line before runs on into it. */
export const opensField = (previous: string, line: string): boolean => isFieldLine(line) && !RUNS_ON.test(previous.trimEnd());

/**
 * Lines broken by hand inside one paragraph, as separate paragraphs when they are a block of fields
 * (at least two, the first line one of them; a line that is not a field continues the field before
 * it, as a value running onto the next line does), else as one paragraph ("Dear Sir,", "Scores" then
 * "out of 100." read on as one).
 */
export function fieldBlocks(lines: readonly string[]): string[] {
  const kept = lines.map(collapse).filter((line) => line.length > 0);
  if (kept.length < 2 || !isFieldLine(kept[0] ?? '')) return [kept.join(' ')];
  const blocks: string[] = [];
  kept.forEach((line, index) => {
    if (index === 0 || opensField(kept[index - 1] ?? '', line)) blocks.push(line);
    else blocks[blocks.length - 1] += ` ${line}`;
  });
  return blocks.length >= 2 ? blocks : [kept.join(' ')];
}

/** Short enough, and not ending like a sentence or a label, for a line set apart in bold to be a heading. */
export function isShortHeading(text: string): boolean {
  return text.length <= 80 && text.split(' ').length <= 12 && !/[.;:,]$/.test(text);
}

/** A bullet glyph, dash or star, `(a)`, `a)`, `(iv)` or `1.`/`1)` opening a list item; group 1 is the item's text. */
export const LIST_MARKER = /^\s*(?:[•●○◦▪■□‣⁃∙·*+–-]|\(?(?:[a-z]|[ivx]{1,5})\)|\(\d{1,3}\)|\d{1,3}[.)])\s+(\S.*)$/u;
/** A date opening the rest of a line: "May 2021", "12 January 2026", "12/01/2026". */
const DATE_AHEAD = String.raw`(?:\d{1,2}(?:st|nd|rd|th)?\s+)?(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?\s+(?:19|20)\d{2}\b|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b`;

/**
 * "1.", "2.3", "4.1.2", "Section 4", "Part B", "Annex 2", "Appendix C" opening a line; group 1 is
 * the section number. A bare number ("12 months") is not a section number, and a number followed
 * by a date ("1.0 May 2021 …") is a version history's row, not a section.
 */
export const NUMBERED_HEADING = new RegExp(
  String.raw`^(?:(\d{1,2}(?:\.\d{1,2}){1,4}\.?|\d{1,2}\.)|(?:Section|SECTION|Part|PART|Chapter|CHAPTER|Annex|ANNEX|Appendix|APPENDIX|Schedule|SCHEDULE)\s+(?:\d{1,3}|[A-Z]{1,2}|[IVXL]{1,6})[.:]?)\s+(?!${DATE_AHEAD})\S`,
);

/** The depth of a section number: "3." is 1, "3.1" is 2; a named section ("Part B") is 1. */
export function sectionDepth(match: RegExpExecArray): number {
  return match[1] ? match[1].split('.').filter(Boolean).length : 1;
}

/** A short line that reads as a heading by its words alone: numbered as a section or written in capitals. */
function headingLevelOfLine(line: string): number | null {
  const text = collapse(line);
  const words = text.split(' ').length;
  if (text.length > 100 || words > 14 || /[.;:,]$/.test(text)) return null;
  const numbered = NUMBERED_HEADING.exec(text);
  if (numbered) return sectionDepth(numbered);
  const letters = text.replace(/[^\p{L}]/gu, '');
  if (letters.length >= 3 && letters === letters.toUpperCase() && letters !== letters.toLowerCase()) return 1;
  return null;
}

/**
 * Plain text as elements: blocks are separated by blank lines; the first line is the title when it
 * is short; a one-line block in capitals or numbered like a section ("2.3 Scope") is a heading;
 * bullet and numbered lines are list items (following lines continue them); other lines join into
 * paragraphs.
 */
export function parseText(text: string): ParsedElement[] {
  const builder = createElementBuilder();
  const blocks = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t\u00a0]*\n/)
    .map((block) => block.split('\n').filter((line) => line.trim().length > 0))
    .filter((lines) => lines.length > 0);

  blocks.forEach((lines, blockIndex) => {
    if (blockIndex === 0) {
      const first = collapse(lines[0] ?? '');
      if (
        first.length <= 120 &&
        first.split(' ').length <= 16 &&
        !LIST_MARKER.test(first) &&
        (lines.length === 1 || !/[.,;]$/.test(first))
      ) {
        builder.title(first, 1);
        lines = lines.slice(1);
      }
    }
    const only = lines.length === 1 ? (lines[0] ?? '') : null;
    const level = only === null ? null : headingLevelOfLine(only);
    if (only !== null && level !== null && !(LIST_MARKER.test(only) && NUMBERED_HEADING.exec(only) === null)) {
      builder.heading(level, only, 1);
      return;
    }
    let open: { type: 'paragraph' | 'list_item'; parts: string[] } | null = null;
    const flush = () => {
      if (open) builder.add(open.type, open.parts.join(' '), 1);
      open = null;
    };
    for (const line of lines) {
      const item = LIST_MARKER.exec(line);
      if (item) {
        flush();
        open = { type: 'list_item', parts: [item[1] ?? ''] };
      } else if (open) {
        open.parts.push(line);
      } else {
        open = { type: 'paragraph', parts: [line] };
      }
    }
    flush();
  });
  return builder.elements;
}
