import { chargeElement } from './limits.ts';
import type { ElementType, ParsedElement } from './document.ts';
export type { ElementType, ParsedElement } from './document.ts';

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const LIST_ITEM = /^(\s*)(?:[-*+]|\d{1,9}[.)])\s+(.*)$/;
const TABLE_ROW = /^\s*\|/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;
const RULE = /^\s*([-*_])(?:\s*\1){2,}\s*$/;
const FENCE = /^\s*(```|~~~)/;
const BLOCKQUOTE = /^\s*>\s?/;

// Backslash-escaped ASCII punctuation is parked in the private-use area while markup is removed.
const ESCAPED = 0xe000;

/** Inline Markdown removed: emphasis, code spans, links and images keep only their text. */
export function stripInline(text: string): string {
  return (
    text
      .replace(/\\([\\`*_{}[\]()#+\-.!|>])/g, (_, char: string) => String.fromCharCode(ESCAPED + char.charCodeAt(0)))
      // Spans are bounded: unbounded lazy scans made each unmatched opener read to the end of the
      // text, so a paragraph of thousands of openers took seconds.
      .replace(/!\[([^\]]{0,500})\]\([^)]{0,2000}\)/g, '$1')
      .replace(/\[([^\]]{1,500})\]\([^)]{0,2000}\)/g, '$1')
      .replace(/`([^`]*)`/g, '$1')
      .replace(/(\*\*|__)(?=\S)([\s\S]{0,1000}?\S)\1/g, '$2')
      .replace(/\*(?=\S)([^*]*?\S)\*/g, '$1')
      .replace(/(^|[^\p{L}\p{N}_])_(?=\S)([^_]*?\S)_(?![\p{L}\p{N}_])/gu, '$1$2')
      .replace(/[\uE000-\uE07F]/g, (char) => String.fromCharCode(char.charCodeAt(0) - ESCAPED))
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Cells of one table row; `\|` is a literal bar inside a cell. */
function tableCells(line: string): string[] {
  let row = line.trim();
  if (row.startsWith('|')) row = row.slice(1);
  if (row.endsWith('|') && !row.endsWith('\\|')) row = row.slice(0, -1);
  return row.split(/(?<!\\)\|/).map((cell) => stripInline(cell.replace(/\\\|/g, '|')));
}

/**
 * A Markdown body as ordered elements: `# ` is the title, `##`… headings, paragraphs (a blank line
 * ends one), one list item per `-`, `*`, `+` or `1.` item (continuation lines joined, nested items
 * their own elements), and one element per table (rows joined by new lines, cells by ' | ', the
 * separator row dropped). Block quotes read as paragraphs; rules are dropped.
 */
export function parseMarkdown(markdown: string): ParsedElement[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const elements: ParsedElement[] = [];
  const headings: { level: number; text: string }[] = [];
  const path = () => headings.map((h) => h.text);
  const push = (type: ElementType, text: string) => {
    if (text.length === 0) return;
    chargeElement(text.length);
    elements.push({ type, text, page: 1, headingPath: path() });
  };

  // The block being gathered: a paragraph's lines or the current list item's lines.
  let open: { type: 'paragraph' | 'list_item'; lines: string[] } | null = null;
  // Whether the last block was a list item and only blank lines followed (an indented line continues it).
  let listItemBeforeBlank = false;
  const flush = () => {
    if (open) push(open.type, stripInline(open.lines.join(' ')));
    open = null;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trim() === '') {
      if (open?.type === 'list_item') listItemBeforeBlank = true;
      flush();
      continue;
    }

    const fence = FENCE.exec(line);
    if (fence) {
      flush();
      listItemBeforeBlank = false;
      const body: string[] = [];
      for (i++; i < lines.length && !(lines[i] ?? '').trim().startsWith(fence[1] ?? '```'); i++) body.push(lines[i] ?? '');
      push('paragraph', body.join('\n').trim());
      continue;
    }

    const heading = HEADING.exec(line.trimStart().startsWith('#') && !/^\s{4,}/.test(line) ? line.trim() : '');
    if (heading) {
      flush();
      listItemBeforeBlank = false;
      const level = heading[1]?.length ?? 1;
      const text = stripInline(heading[2] ?? '');
      if (level === 1) {
        headings.length = 0;
        push('title', text);
        continue;
      }
      while (headings.length > 0 && (headings.at(-1)?.level ?? 0) >= level) headings.pop();
      push('heading', text);
      if (text) headings.push({ level, text });
      continue;
    }

    if (TABLE_ROW.test(line)) {
      flush();
      listItemBeforeBlank = false;
      const rows: string[] = [];
      for (; i < lines.length && TABLE_ROW.test(lines[i] ?? ''); i++) {
        const row = lines[i] ?? '';
        if (TABLE_SEPARATOR.test(row)) continue;
        rows.push(tableCells(row).join(' | '));
      }
      i--;
      push('table', rows.join('\n'));
      continue;
    }

    if (RULE.test(line)) {
      flush();
      listItemBeforeBlank = false;
      continue;
    }

    const item = LIST_ITEM.exec(line);
    if (item) {
      flush();
      listItemBeforeBlank = false;
      open = { type: 'list_item', lines: [item[2] ?? ''] };
      continue;
    }

    const content = line.replace(BLOCKQUOTE, '').trim();
    if (open) {
      // A line straight after a paragraph or list item continues it.
      open.lines.push(content);
      continue;
    }
    if (listItemBeforeBlank && /^\s{2,}/.test(line)) {
      // An indented paragraph after a blank line inside a list belongs to the item before it.
      const last = elements.at(-1);
      if (last?.type === 'list_item') {
        last.text = stripInline(`${last.text} ${content}`);
        continue;
      }
    }
    listItemBeforeBlank = false;
    open = { type: 'paragraph', lines: [content] };
  }
  flush();
  return elements;
}
