/**
 * Small text helpers of composition: sentences, table rows, section names, lists of words, and
 * the patterns that tell what kind of passage a line comes from.
 */
import { quoteAsData } from '../citations.ts';
import type { Passage } from '../retrieval.ts';

/** A list's introduction heads it (or leads with one of its items) only when it is at most this long. */
const INTRO_MAX_CHARACTERS = 200;

/** Ends a quoted sentence with a full stop unless it already ends with punctuation. */
export function sentence(text: string): string {
  const quoted = quoteAsData(text);
  return /[.!?]["”)]?$/.test(quoted) ? quoted : `${quoted.replace(/[:;,]$/, '')}.`;
}

/** Table text as rows of cells (the ingester writes one row a line, cells separated by " | "). */
export function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .filter((cells) => cells.some((cell) => cell.length > 0));
}

/** A table row read against its header: "Hoists — Maximum interval: 6 months; Source: LOLER" (what a citation of the row quotes). */
export function rowText(header: readonly string[], cells: readonly string[]): string {
  const [first, ...rest] = cells;
  const details = rest.map((cell, i) => (header[i + 1] ? `${header[i + 1]}: ${cell}` : cell)).filter((part) => part.length > 0);
  return details.length > 0 ? `${first ?? ''} — ${details.join('; ')}` : (first ?? '');
}

/** An introduction announcing several items ("two broad areas:", "the following:"): one item alone does not complete it. */
export const COUNTED = /\b(two|three|four|five|six|seven|eight|nine|ten|both|several|following|these|various|number of)\b/i;

/** An introduction of what something needs or must have, each item of which is an answer of its own. */
export const NEEDS_INTRO = /\b(needs?|must|should|requires?|required|means?)\b[^:]*:\s*$/i;

/** A sentence that leans on the one before it ("They sit on top of …", "It came into force …"). */
export const LEANS_ON_PREVIOUS = /^(They|Their|It|Its|This|These|Those|Such|He|She)\b/;

/** Sections that introduce a document rather than state its requirements. */
export const SCOPE_SECTION = /\b(purpose|scope|introduction|overview|about|background|summary|context)\b/i;

/** Sections that state requirements or duties. */
export const DUTY_SECTION = /\b(duties|duty|requirements?|responsibilit\w*|obligations?|what (the law|it) requires|key points)\b/i;

/** A sentence saying that something does not apply: never the answer to what is required. */
export const NOT_APPLYING =
  /\b(does|do|did) not (normally |usually |generally |ordinarily )?apply\b|\bnot (normally |usually )?applicable\b|\bare excluded\b|\bis excluded\b/i;

/** Another document named in a passage's text, where it sends the reader: "HSG274 Part 2", "HTM 04-01 Part B", "BS 7671". */
export const CODE_IN_TEXT = /\b(?:HTM|HBN|HSG|INDG|BS(?: EN)?(?: ISO)?|ISO|ACoP|HSR|L)\s?\d[\w.-]*(?:\s+Part\s+[A-Z0-9]+)?/;

export const sentenceKey = (elementId: string, text: string) => `${elementId}\u0000${text}`;

/**
 * A capitalised opening word in lower case for the middle of a sentence ("Maximum interval" →
 * "maximum interval", "Within 15 days" → "within 15 days"), but not a name ("Water Safety Group",
 * "Part C", "Part 2", "Section 710", "HTM 04-01").
 */
export function lowerFirst(text: string): string {
  const first = /^[A-Z][a-z]*\b/.exec(text)?.[0] ?? '';
  return OPENING_WORDS.has(first) ||
    /^(?!(?:Part|Parts|Section|Regulation|Reg|Schedule|Table|Annex|Appendix|Chapter|Article|Paragraph|Clause|Volume)\s+\d)[A-Z][a-z]+(?:[\s,;:–—-]+[a-z(0-9]|[\s,;:]*$)/.test(
      text,
    )
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;
}

/** Words that open a sentence and are never a name's first word: "Since April 2016 …", "The Water Safety Group …". */
const OPENING_WORDS = new Set(
  'A An The This That These Those Since Until Under Where When While If Unless For From In On At By As After Before During Within Each Every All Any Some Most No Only Once It They We There Its Their Our'.split(
    ' ',
  ),
);

/** What a header worded as a question (or a participle) asks for, as the subject of a sentence: "How often, and where it is set" → "the interval". */
export const QUESTION_HEADERS: readonly [RegExp, string][] = [
  [/^how (often|frequently|regularly)\b/i, 'the interval'],
  [/^how long\b/i, 'the period'],
  // A header that is a participle ("Kept for", "Retained for") says how long, not what.
  [/^(?:kept|retained|held|stored|keep)(?:\s+for)?$/i, 'the retention period'],
  [/^when\b/i, 'the time'],
  [/^who\b/i, 'the person responsible'],
  [/^where\b/i, 'the place'],
  [/^(what|which|how|why)\b/i, 'the requirement'],
];

/** A header as the subject of a sentence: "Maximum interval" → "the maximum interval"; "How often …" → "the interval". */
export function headerPhrase(header: string): string | null {
  const text = header.trim();
  if (text.length === 0) return null;
  const asked = QUESTION_HEADERS.find(([pattern]) => pattern.test(text));
  if (asked) return asked[1];
  return `the ${lowerFirst(text)}`;
}

/**
 * A proper name opening a sentence ("The 1994 Regulations put …", "CDM 2007 came …", "The Data
 * Protection Act 1998 was …"): capitalised words and numbers up to the first word in lower case.
 */
const OPENING_NAME = /^((?:The\s+)?(?:[A-Z0-9][\w()./:+-]*\s+){0,5}?[A-Z0-9][\w()./:+-]*)\s+(?=[a-z])/;

/** A list introduced by a pronoun alone ("They:"): each item is what the name before it did. */
export const BARE_PRONOUN_INTRO = /^(?:It|They):$/;

/**
 * What "It" or "They" opening a list's introduction means: the proper name its paragraph opens
 * with, when it agrees in number ("They" a plural name, "It" one that is not); null otherwise.
 */
function pronounName(intro: string, opening: string | undefined): string | null {
  const pronoun = /^(It|They)\b/.exec(intro)?.[1];
  const name = opening === undefined || opening === intro ? undefined : OPENING_NAME.exec(opening)?.[1];
  if (!pronoun || !name || (name.split(/\s+/).length < 2 && !/\d/.test(name))) return null;
  const plural = /[a-z]s$/.test(name);
  return (pronoun === 'They') === plural ? name : null;
}

/**
 * The introduction of a list as the answer can say it: "It covers:" → "HTM 02-01 Part B covers:",
 * "They:" after "The 1994 Regulations put …" → "The 1994 Regulations" (`opening`: the first sentence
 * of the introduction's paragraph); null when it cannot stand alone.
 */
export function standaloneIntro(intro: string, passage: Passage, opening?: string): string | null {
  const text = intro.trim();
  if (text.length > INTRO_MAX_CHARACTERS) return null;
  const named = pronounName(text, opening);
  if (named !== null) return BARE_PRONOUN_INTRO.test(text) ? named : `${named}${text.replace(/^(It|They)/, '')}`;
  if (!/^Its?\s/.test(text)) return LEANS_ON_PREVIOUS.test(text) ? null : text;
  // "It" is the document in its purpose and scope, and the subject of a section headed by a name ("The Ventilation Safety Group").
  const heading = passage.headingPath.at(-1) ?? '';
  const label =
    passage.source === 'attachment'
      ? 'the attached file'
      : SCOPE_SECTION.test(passage.headingPath.join(' ')) && passage.headingPath.length <= 1
        ? passage.code
        : heading.split(/\s+/).length <= 6 && !SCOPE_SECTION.test(heading) && !DUTY_SECTION.test(heading) && /^(The\s+)?[A-Z]/.test(heading)
          ? heading.replace(/^The\s+/, 'the ')
          : null;
  if (label === null) return null;
  if (/^It\s/.test(text)) return `${label.charAt(0).toUpperCase()}${label.slice(1)} ${text.slice(3)}`;
  const its = /^Its\s+(.+?)\s+(are|is|include|includes)\b(.*)$/.exec(text);
  return its ? `The ${its[1]} of ${label} ${its[2]}${its[3]}` : null;
}

/** A section as the answer names it: the last heading above the passage. */
export function sectionName(passage: Passage): string {
  return passage.headingPath.at(-1) ?? '';
}

/** The documents an answer's passages come from, as a reader names them: "HTM 04-01 Part B and HSG274". */
export function documentNames(passages: readonly Passage[]): string {
  const names = [...new Set(passages.map((passage) => (passage.source === 'attachment' ? 'your attached file' : passage.code)))];
  return names.length <= 1 ? (names[0] ?? 'the library') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export function joinWords(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** A table as a Markdown table: the header, then each row with the citation of that row in its last cell. */
export function markdownTable(header: readonly string[], rows: readonly { cells: readonly string[]; marker: string }[]): string {
  const width = Math.max(header.length, ...rows.map((row) => row.cells.length));
  const cell = (text: string | undefined) => quoteAsData(text ?? '').replace(/\|/g, '/') || ' ';
  const line = (cells: readonly (string | undefined)[], marker = '') =>
    `| ${Array.from({ length: width }, (_, i) => `${cell(cells[i])}${marker && i === width - 1 ? ` ${marker}` : ''}`).join(' | ')} |`;
  return [
    line(header),
    `| ${Array.from({ length: width }, () => '---').join(' | ')} |`,
    ...rows.map((row) => line(row.cells, row.marker)),
  ].join('\n');
}
