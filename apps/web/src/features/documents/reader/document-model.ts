import type { DocumentElement, DocumentReference, DocumentResponse } from '@verity/shared';
import { type HeadingLevel, headingLevel } from '../../../lib/heading-level';
import { tableCells, tableGrid } from '../../../lib/table-cells';

/**
 * How the reader turns the flat element list of a DocumentResponse into what it renders: blocks
 * (consecutive list items become one list), heading levels, tables and the table of contents.
 */

export type DocumentBlock =
  | { kind: 'title'; element: DocumentElement }
  | { kind: 'heading'; element: DocumentElement; level: HeadingLevel }
  | { kind: 'paragraph'; element: DocumentElement }
  | { kind: 'list'; key: string; items: DocumentElement[] }
  | { kind: 'table'; element: DocumentElement; table: ParsedTable };

export interface ParsedTable {
  header: string[];
  rows: string[][];
}

export interface TocEntry {
  id: string;
  text: string;
  level: HeadingLevel;
  children: TocEntry[];
}

/** The table element's header and rows as text (lib/table-cells.ts); short rows are padded. */
export function parseTable({ text, header_row }: Pick<DocumentElement, 'text' | 'header_row'>): ParsedTable {
  const { header, body } = tableGrid(
    tableCells(text).map((row) => row.map((cell) => text.slice(cell.start, cell.end))),
    '',
    header_row !== false,
  );
  return { header, rows: body };
}

/** How far into a document the page looks for its title when the file sets none as a title. */
const TITLE_REACH = 12;

function sameText(a: string, b: string): boolean {
  return a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();
}

/**
 * What the page header shows as the title, and the elements left for the body. The title is the
 * file's title element; failing that, an opening heading or line that reads the document's title
 * (a Word file whose title is a heading under the organisation's name), so the title is not read
 * twice. A heading taken as the title no longer heads the sections under it: they keep their levels
 * from the page's h1 down, as they would under a title element.
 */
export function splitTitle(document: Pick<DocumentResponse, 'title' | 'elements'>): {
  titleElement: DocumentElement | undefined;
  body: DocumentElement[];
} {
  const { elements } = document;
  const titleElement =
    elements.find((element) => element.type === 'title') ??
    elements
      .slice(0, TITLE_REACH)
      .find((element) => (element.type === 'heading' || element.type === 'paragraph') && sameText(element.text, document.title));
  if (!titleElement) return { titleElement, body: [...elements] };
  const depth = titleElement.heading_path.length;
  const heads = (element: DocumentElement) =>
    titleElement.type === 'heading' &&
    element.heading_path[depth] === titleElement.text &&
    titleElement.heading_path.every((heading, index) => element.heading_path[index] === heading);
  const body = elements
    .filter((element) => element !== titleElement)
    .map((element) =>
      heads(element) ? { ...element, heading_path: element.heading_path.filter((_, index) => index !== depth) } : element,
    );
  return { titleElement, body };
}

export function buildBlocks(elements: readonly DocumentElement[]): DocumentBlock[] {
  const blocks: DocumentBlock[] = [];
  for (const element of elements) {
    const previous = blocks.at(-1);
    switch (element.type) {
      case 'list_item':
        if (previous?.kind === 'list') previous.items.push(element);
        else blocks.push({ kind: 'list', key: element.id, items: [element] });
        break;
      case 'title':
        blocks.push({ kind: 'title', element });
        break;
      case 'heading':
        blocks.push({ kind: 'heading', element, level: headingLevel(element) });
        break;
      case 'table':
        blocks.push({ kind: 'table', element, table: parseTable(element) });
        break;
      default:
        blocks.push({ kind: 'paragraph', element });
    }
  }
  return blocks;
}

/**
 * The headings nested by their depth. A heading whose parent level is missing (an h4 straight
 * after an h2) hangs under the nearest shallower heading rather than being dropped.
 */
export function buildToc(elements: readonly DocumentElement[]): TocEntry[] {
  const root: TocEntry[] = [];
  const stack: TocEntry[] = [];
  for (const element of elements) {
    if (element.type !== 'heading') continue;
    const entry: TocEntry = { id: element.id, text: element.text, level: headingLevel(element), children: [] };
    while (stack.length > 0 && (stack.at(-1)?.level ?? 0) >= entry.level) stack.pop();
    const parent = stack.at(-1);
    if (parent) parent.children.push(entry);
    else root.push(entry);
    stack.push(entry);
  }
  return root;
}

/** Ids of the highlighted elements in reading order. */
export function highlightedIds(elements: readonly DocumentElement[]): string[] {
  return elements.filter((element) => element.highlighted).map((element) => element.id);
}

/** The reference shape the favourites calls take. */
export function toDocumentReference(document: DocumentResponse): DocumentReference {
  return {
    short_id: document.id,
    code: document.code,
    title: document.title,
    tags: document.tags,
    status: document.status,
    edition: document.edition,
  };
}

export function documentUrl(id: string): string {
  return `/wiki/${encodeURIComponent(id)}`;
}
