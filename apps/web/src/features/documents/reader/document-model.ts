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
