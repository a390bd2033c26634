import { findDates } from './structure-dates.ts';
import type { Policy, PolicyElement } from './types.ts';

/** A labelled value of the policy, e.g. a document control row "Owner | Director of Estates". */
export interface LabelledValue {
  element: PolicyElement;
  /** The label, lower case, without punctuation. */
  label: string;
  value: string;
  /** Where the value starts in the element's text. */
  start: number;
}

interface Cell {
  text: string;
  start: number;
}

const CELL_SEPARATOR = ' | ';
const LABEL_LINE = /^(\s*(?:[-*•]\s*)?)([A-Za-z][A-Za-z ()/&'.-]{1,50}?)(\s*:\s+)(\S.*)$/;

const normalLabel = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The element's lines (a table's rows), each with where it starts. */
export function lines(text: string): Cell[] {
  let start = 0;
  return text.split('\n').map((line) => {
    const cell = { text: line, start };
    start += line.length + 1;
    return cell;
  });
}

/** A table row's cells, trimmed, each with where it starts in the element's text. */
function cells(line: Cell): Cell[] {
  let start = line.start;
  return line.text.split(CELL_SEPARATOR).map((raw) => {
    const lead = raw.length - raw.trimStart().length;
    const cell = { text: raw.trim(), start: start + lead };
    start += raw.length + CELL_SEPARATOR.length;
    return cell;
  });
}

/**
 * A document control label run into the value before it, where a PDF's grid of label/value pairs
 * came out as one row of two cells: "Chief Pharmacist Author Lead Oncology Pharmacist", "5.0 Next
 * review 30 April 2028". Capitalised, after a word of the value, and followed by a value of its own
 * that starts with a capital or a digit.
 */
const EMBEDDED_LABEL =
  /\s((?:Next review|Review (?:date|due|by)|(?:Policy |Document )?(?:Owner|Author)|Approved (?:by|on)|Date approved|Approval date|Ratified by|Date of (?:approval|issue)|Issue date|Version)(?: date)?)\s+(?=[A-Z0-9])/;

function labelled(element: PolicyElement, label: Cell | undefined, value: Cell | undefined): LabelledValue[] {
  if (!label?.text || !value?.text) return [];
  const embedded = EMBEDDED_LABEL.exec(value.text);
  if (!embedded?.[1]) return [{ element, label: normalLabel(label.text), value: value.text, start: value.start }];
  const after = embedded.index + embedded[0].length;
  return [
    { element, label: normalLabel(label.text), value: value.text.slice(0, embedded.index), start: value.start },
    { element, label: normalLabel(embedded[1]), value: value.text.slice(after), start: value.start + after },
  ];
}

function tableValues(element: PolicyElement): LabelledValue[] {
  const rows = lines(element.text).map(cells);
  // A key-value table: each row is a label and its value, or two or more side by side
  // ("Version | 2.1 | Review date | September 2027").
  const values = rows.flatMap((row) =>
    row.length >= 4 && row.length % 2 === 0
      ? row.flatMap((label, column) => (column % 2 === 0 ? labelled(element, label, row[column + 1]) : []))
      : labelled(element, row[0], row[1]),
  );
  // A table with its labels in the header: one row of values, or a history of versions, whose
  // current row is the one that speaks for the policy now (the earlier rows' dates are history).
  const [header, ...body] = rows;
  const current = header && currentRow(header, body);
  if (header && current) values.push(...header.flatMap((label, column) => labelled(element, label, current[column])));
  return values;
}

/** A column of version numbers: "Version", "Issue", "Revision no." */
const VERSION_COLUMN = /^(?:version|issue|revision)(?: no| number)?$/;

/**
 * Of a header's rows, the current version's: the highest number in the version column, else the
 * last row (histories are kept in the order they happened).
 */
function currentRow(header: readonly Cell[], body: readonly Cell[][]): Cell[] | undefined {
  const column = header.findIndex((cell) => VERSION_COLUMN.test(normalLabel(cell.text)));
  let current = body.at(-1);
  let highest: number[] | null = null;
  if (column >= 0) {
    for (const row of body) {
      const number = versionNumber(row[column]?.text ?? '');
      if (number && (!highest || compareVersions(number, highest) >= 0)) {
        highest = number;
        current = row;
      }
    }
  }
  return current;
}

/** "4.0" → [4, 0], "v2.1" → [2, 1]; null for anything else. */
export function versionNumber(text: string): number[] | null {
  const match = /^v?(\d{1,4}(?:\.\d{1,4}){0,3})$/i.exec(text.trim());
  return match?.[1] ? match[1].split('.').map(Number) : null;
}

export function compareVersions(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * A further label inside a line's value, where the lines of a list ran together into one paragraph:
 * "Owner: Head of Estates Approved by: Board Review date: May 2027". A label is a capitalised word and
 * up to three small ones before a colon.
 */
const INLINE_LABEL = /\s([A-Z][a-z]+(?: [a-z]+){0,3})(\s*:\s+)(?=\S)/g;

function lineValues(element: PolicyElement): LabelledValue[] {
  return lines(element.text).flatMap((line) => {
    const match = LABEL_LINE.exec(line.text);
    if (!match) return [];
    const [, lead = '', label = '', colon = '', value = ''] = match;
    return splitInline(element, label, value.trimEnd(), line.start + lead.length + label.length + colon.length);
  });
}

function splitInline(element: PolicyElement, label: string, value: string, start: number): LabelledValue[] {
  const values: LabelledValue[] = [];
  let current = { label, from: 0 };
  for (const inline of value.matchAll(INLINE_LABEL)) {
    values.push({
      element,
      label: normalLabel(current.label),
      value: value.slice(current.from, inline.index).trim(),
      start: start + current.from,
    });
    current = { label: inline[1] ?? '', from: inline.index + inline[0].length };
  }
  values.push({ element, label: normalLabel(current.label), value: value.slice(current.from).trim(), start: start + current.from });
  return values.filter((field) => field.value !== '');
}

/** A heading over document control details, wherever they sit (front page or appendix). */
export const CONTROL_HEADING =
  /\b(?:document(?:ation)? (?:control|information|details|history)|version (?:control|history)|approval|policy details|governance information|about this document)\b/i;

/**
 * A line that heads document control by itself, where a PDF read the heading as a paragraph
 * ("Document information" over a box at the end): the heading's words and nothing more.
 */
const CONTROL_HEADING_LINE = new RegExp(`^\\s*(?:${CONTROL_HEADING.source})\\s*:?\\s*$`, 'i');

function isControlElement(element: PolicyElement, bodyStart: number, controlBlocks: ReadonlySet<number>): boolean {
  return (
    element.index < bodyStart || controlBlocks.has(element.index) || element.headingPath.some((heading) => CONTROL_HEADING.test(heading))
  );
}

/**
 * The elements under a line that heads document control as a paragraph: from it to the next
 * heading. A box of details at a policy's end comes out of a PDF as such a line and its paragraphs.
 */
function controlBlockElements(policy: Policy): Set<number> {
  const inBlock = new Set<number>();
  let open = false;
  for (const element of policy.elements) {
    if (element.type === 'heading') open = false;
    else if (CONTROL_HEADING_LINE.test(element.text)) open = true;
    else if (open) inBlock.add(element.index);
  }
  return inBlock;
}

/** Labels only document control uses: the policy's version, review, owner, approval and reference. */
const CONTROL_LABEL =
  /^(?:version(?: no| number)?|(?:policy|document) (?:no|number)|(?:next )?review(?: date| due)?|review by|(?:policy |document )?(?:owner|author)|approved (?:by|on)|(?:date )?(?:approved|ratified|adopted)|approval date|ratified by|date of (?:approval|issue)|(?:date )?issued|issue date|(?:policy |document )?reference(?: no| number)?)$/;

/**
 * A table that is document control by what it says, wherever it sits (a cover with unnumbered
 * headings, side by side with another): at least three of its labels are document control's.
 */
function isControlTable(values: readonly LabelledValue[]): boolean {
  return new Set(values.filter((field) => CONTROL_LABEL.test(field.label)).map((field) => field.label)).size >= 3;
}

/**
 * A heading with its section's number: "1. Introduction", "2.3 Duties", "4) Scope". Not the
 * parsers' NUMBERED_HEADING (ingest/text.ts), which also takes "Appendix C" and "Part B": an
 * appendix after unnumbered sections would then end the front page at the policy's end.
 */
const NUMBERED_HEADING = /^\s*\d{1,3}(?:\.\d{1,3})*[.)]?\s+\S/;

/** Each policy's control values, read once for the review date, the owner and the sections. */
const controlOf = new WeakMap<Policy, readonly LabelledValue[]>();

/** The labelled values of the document control: its table rows and "Label: value" lines. */
export function controlValues(policy: Policy): readonly LabelledValue[] {
  let values = controlOf.get(policy);
  if (!values) {
    values = readControlValues(policy);
    controlOf.set(policy, values);
  }
  return values;
}

/**
 * A document control field a PDF read as a heading, its label in bold on a line of its own:
 * "Policy number: TPT-HS-09", "Version: 4". It is part of the front page, not the body's first heading.
 */
function isControlLine(element: PolicyElement): boolean {
  const match = LABEL_LINE.exec(element.text);
  return match !== null && CONTROL_LABEL.test(normalLabel(match[2] ?? ''));
}

/**
 * Where the body starts: the first heading that is not about document control; before it is the
 * front page. Where the sections are numbered, the body starts with the first numbered one: a PDF's
 * cover reads its organisation's name and the policy's title, in large type, as headings.
 */
function bodyStartOf(policy: Policy): number {
  const headings = policy.elements.filter(
    (element) => element.type === 'heading' && !CONTROL_HEADING.test(element.text) && !isControlLine(element),
  );
  const numbered = headings.find((element) => NUMBERED_HEADING.test(element.text));
  const start = (numbered ?? headings[0])?.index ?? policy.elements.length;
  if (numbered) return start;
  // A cover whose organisation and title came out as headings holds its control fields under them
  // ("Reference: … Version: … Owner: … Approved by: …"): the body starts after them.
  // The fields may be spread over several elements: a version table's header, then "Policy owner: …".
  const opening = policy.elements.slice(start, COVER_ELEMENTS).filter((element) => element.type !== 'heading');
  const fielded = opening.filter((element) => coverFields(element) > 0);
  const cover = fielded.reduce((sum, element) => sum + coverFields(element), 0) >= MIN_COVER_FIELDS ? fielded.at(-1) : undefined;
  if (!cover) return start;
  return headings.find((element) => element.index > cover.index)?.index ?? policy.elements.length;
}

/** The opening elements a cover's control fields are looked for in. */
const COVER_ELEMENTS = 12;
/** Control fields enough to make a paragraph the cover's control block. */
const MIN_COVER_FIELDS = 3;
/** A control field's label before its colon: "Version:", "Owner:", "Approved by:", "Review date:". */
const COVER_FIELD =
  /\b(?:reference|version|(?:policy )?owner|author|approved by|approval date|date approved|(?:next )?review(?: date| by| due)?|issued?(?: date)?|status)\s*:/gi;

/** How many control fields a text holds, read in its first characters only. */
function controlFields(text: string): number {
  return text.slice(0, 1_000).match(COVER_FIELD)?.length ?? 0;
}

/** A cover element's control fields: its "Label:" fields, or a table's header cells that are control labels ("Version | Date | Author"). */
function coverFields(element: PolicyElement): number {
  if (element.type !== 'table') return controlFields(element.text);
  const header = element.text.slice(0, 500).split('\n')[0] ?? '';
  return header.split(' | ').filter((cell) => CONTROL_LABEL.test(normalLabel(cell))).length;
}

/**
 * An element that is document control details by its own fields, wherever it sits: a table whose
 * header holds two control labels or more ("Version | Date | Author | Changes") or whose first column
 * holds three, or text with a "Label:" field of document control ("Owner: Head of Health and Safety. Approved by …").
 */
export function isControlDetails(element: PolicyElement): boolean {
  return coverFields(element) >= (element.type === 'table' ? 2 : 1) || labelColumnFields(element) >= MIN_COVER_FIELDS;
}

/** A table's control labels down its first column ("Reference | …", "Version | …", "Date Approved | …"), read in its first rows only. */
function labelColumnFields(element: PolicyElement): number {
  if (element.type !== 'table') return 0;
  const labels = element.text
    .slice(0, 2_000)
    .split('\n')
    .map((row) => normalLabel(row.split(' | ')[0] ?? ''));
  return new Set(labels.filter((label) => CONTROL_LABEL.test(label))).size;
}

/**
 * The elements (by index) that are document control however they are laid out: the front page, a
 * section under a document control heading, and a block under a line that heads it. A review date,
 * an owner or a version said there in words is the policy's.
 */
export function documentControlElements(policy: Policy): ReadonlySet<number> {
  let control = controlElementsOf.get(policy);
  if (!control) {
    const bodyStart = bodyStartOf(policy);
    const blocks = controlBlockElements(policy);
    control = new Set(policy.elements.filter((element) => isControlElement(element, bodyStart, blocks)).map((element) => element.index));
    controlElementsOf.set(policy, control);
  }
  return control;
}

/** Each policy's control elements, read once for the review date, the owner, the sections and the control values. */
const controlElementsOf = new WeakMap<Policy, ReadonlySet<number>>();

/**
 * One document control label of a row of them: the labels a horizontal table's header holds, where
 * a PDF read the header and its one row of values as two paragraphs ("Policy number Version Policy
 * owner Approved by Date approved Review date" over "QG-07 2.2 Director of … 14 November 2024 31
 * October 2026"). Longer labels first, so "Policy owner" is not read as "Policy" and "owner".
 */
const ROW_LABEL =
  /\s*((?:policy|document) (?:number|no|reference|owner|author)|reference(?: number| no)?|version(?: number| no)?|review by|(?:next )?review(?: date| due(?: date)?)?|owner|author|approved (?:by|on)|(?:date )?approved|approval date|ratified by|date (?:of )?(?:approval|issue)|issue date|(?:date )?issued|status|document)(?=\s|$)/iy;
/** A label whose value is a date, so the values' dates go to these labels in order. */
const DATE_ROW_LABEL = /\bdate\b|\breview\b|^approved on$|^(?:date )?issued$/;

/** A table's header holds a few labels; a longer run of them is not one. */
const MAX_ROW_LABELS = 12;

/** The labels of a paragraph made only of document control labels, 3 to MAX_ROW_LABELS; null for any other text. */
function rowLabels(text: string): string[] | null {
  const labels: string[] = [];
  ROW_LABEL.lastIndex = 0;
  while (ROW_LABEL.lastIndex < text.length && labels.length <= MAX_ROW_LABELS) {
    const at = ROW_LABEL.lastIndex;
    const match = ROW_LABEL.exec(text);
    if (!match?.[1]) return text.slice(at).trim() === '' && labels.length >= 3 ? labels : null;
    labels.push(normalLabel(match[1]));
  }
  return labels.length >= 3 && labels.length <= MAX_ROW_LABELS && ROW_LABEL.lastIndex >= text.trimEnd().length ? labels : null;
}

/**
 * The values of a row of labels from the paragraph after it, so far as they can be told apart
 * without the columns: the dates to the date labels in order, the version to its label (a number
 * with a point), and to the other labels the words left once those are taken (that someone is named).
 */
function rowValues(labels: readonly string[], values: PolicyElement): LabelledValue[] {
  const text = values.text;
  const dates = findDates(text).filter((date) => !date.yearOnly);
  const version = /(?:^|\s)(v?\d{1,3}(?:\.\d{1,3})+)(?=\s|$)/i.exec(text);
  // The text between the dates, in one pass.
  const pieces: string[] = [];
  let from = 0;
  for (const date of dates) {
    pieces.push(text.slice(from, date.start));
    from = date.end;
  }
  pieces.push(text.slice(from));
  const rest = pieces
    .join(' ')
    .replace(/\s\|\s/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  let nextDate = 0;
  return labels.flatMap((label): LabelledValue[] => {
    if (DATE_ROW_LABEL.test(label)) {
      const date = dates[nextDate++];
      return date ? [{ element: values, label, value: text.slice(date.start, date.end), start: date.start }] : [];
    }
    if (VERSION_COLUMN.test(label)) {
      const number = version?.[1];
      return number && version ? [{ element: values, label, value: number, start: version.index + version[0].length - number.length }] : [];
    }
    return rest === '' ? [] : [{ element: values, label, value: rest, start: 0 }];
  });
}

function readControlValues(policy: Policy): LabelledValue[] {
  const control = documentControlElements(policy);
  // A table read as a row of labels' values is not read again as a table of its own.
  let valuesRead = -1;
  return policy.elements.flatMap((element, at) => {
    if (element.type === 'paragraph' && control.has(element.index)) {
      const labels = rowLabels(element.text);
      const next = policy.elements[at + 1];
      // The values as a paragraph, or as a table of one row when the PDF kept the value cells apart.
      if (labels && next && (next.type === 'paragraph' || (next.type === 'table' && rowsAtMost(next.text, 2)))) {
        valuesRead = next.index;
        return rowValues(labels, next);
      }
    }
    if (element.index === valuesRead) return [];
    if (element.type === 'table') {
      const values = tableValues(element);
      return control.has(element.index) || isControlTable(values) ? values : [];
    }
    if (!control.has(element.index)) return [];
    if (element.type === 'paragraph' || element.type === 'list_item' || isControlLine(element)) return lineValues(element);
    return [];
  });
}

/** Whether a table's text holds at most `rows` rows, read no further than that. */
function rowsAtMost(text: string, rows: number): boolean {
  let at = -1;
  for (let row = 0; row < rows; row++) {
    at = text.indexOf('\n', at + 1);
    if (at < 0) return true;
  }
  return false;
}

/** Whether a value says something rather than standing empty ("—", "TBC", "N/A"). */
export function isFilled(value: string): boolean {
  return !/^(?:[-–—.\s]*|n\/?a|tbc|tbd|to be (?:confirmed|agreed|decided)|none|not applicable)$/i.test(value.trim());
}
