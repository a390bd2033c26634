/**
 * The small markdown subset the answer engines write — headings, bullet and numbered lists,
 * pipe tables, bold, italics, paragraphs and `[n]` citation markers — read into a tree the page
 * renders as React elements. Nothing here ever becomes HTML: text stays text whatever it contains.
 */

export type InlineNode =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: InlineNode[] }
  | { kind: 'em'; children: InlineNode[] }
  | { kind: 'marker'; n: number };

export type AnswerBlock =
  | { kind: 'heading'; level: 2 | 3 | 4; children: InlineNode[] }
  | { kind: 'paragraph'; children: InlineNode[] }
  | { kind: 'list'; ordered: boolean; start: number; items: InlineNode[][] }
  | { kind: 'table'; align: TableAlign[]; header: InlineNode[][]; rows: InlineNode[][][] };

export type TableAlign = 'left' | 'center' | 'right' | null;

interface ListDraft {
  ordered: boolean;
  start: number;
  items: string[];
}

const HEADING = /^(#{1,6})\s+(.*)$/;
const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBERED = /^\s*(\d{1,4})[.)]\s+(.*)$/;
const MARKER = /\[(\d{1,3})\]/g;
/** One cell of a table's delimiter row: `---`, `:---`, `---:` or `:---:`. */
const DELIMITER_CELL = /^\s*:?-+:?\s*$/;

/**
 * The cells of a pipe-table row: outer pipes dropped, `\|` kept as a pipe inside a cell. A line
 * with no pipe at all is not a row.
 */
export function splitTableRow(line: string): string[] | null {
  if (!line.includes('|')) return null;
  let text = line.trim();
  if (text.startsWith('|')) text = text.slice(1);
  if (text.endsWith('|') && !text.endsWith('\\|')) text = text.slice(0, -1);
  const cells: string[] = [];
  let cell = '';
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '\\' && text[i + 1] === '|') {
      cell += '|';
      i += 1;
    } else if (char === '|') {
      cells.push(cell.trim());
      cell = '';
    } else {
      cell += char;
    }
  }
  cells.push(cell.trim());
  return cells;
}

/** The column alignments when the line is a delimiter row, else null. */
function delimiterRow(line: string): TableAlign[] | null {
  const cells = splitTableRow(line);
  if (!cells || cells.length === 0 || !cells.every((cell) => DELIMITER_CELL.test(cell))) return null;
  return cells.map((cell) => {
    const left = cell.startsWith(':');
    const right = cell.endsWith(':');
    return left && right ? 'center' : right ? 'right' : left ? 'left' : null;
  });
}

/**
 * A row fitted to the header's columns: short rows padded with empty cells, extra cells dropped.
 * A `<br>` inside a cell (the only way a pipe table breaks a line) becomes a new line of text.
 */
function fitRow(cells: readonly string[], columns: number): InlineNode[][] {
  return Array.from({ length: columns }, (_, i) => parseInline((cells[i] ?? '').replace(/<br\s*\/?>/gi, '\n')));
}

/** Markers inside a text: `[1]`, `[1][2]`; anything else stays text. */
function withMarkers(text: string): InlineNode[] {
  const nodes: InlineNode[] = [];
  let last = 0;
  for (const match of text.matchAll(MARKER)) {
    if (match.index > last) nodes.push({ kind: 'text', text: text.slice(last, match.index) });
    nodes.push({ kind: 'marker', n: Number(match[1]) });
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push({ kind: 'text', text: text.slice(last) });
  return nodes;
}

/** Italics: `*text*` with no space just inside the stars (so "5 * 3 * 2" stays as written). */
function withEmphasis(text: string): InlineNode[] {
  const nodes: InlineNode[] = [];
  const pattern = /\*(?=\S)([^*]*?\S)\*/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) nodes.push(...withMarkers(text.slice(last, match.index)));
    nodes.push({ kind: 'em', children: withMarkers(match[1] ?? '') });
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(...withMarkers(text.slice(last)));
  return nodes;
}

/** One line of answer text as inline nodes: bold first (it may hold italics and markers), then the rest. */
export function parseInline(text: string): InlineNode[] {
  const nodes: InlineNode[] = [];
  const pattern = /\*\*(?=\S)(.+?)\*\*/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) nodes.push(...withEmphasis(text.slice(last, match.index)));
    nodes.push({ kind: 'strong', children: withEmphasis(match[1] ?? '') });
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(...withEmphasis(text.slice(last)));
  return nodes;
}

/** A line that starts like a table row (`| …`), or a delimiter row still arriving (`|---|:-`). */
const TABLE_START = /^\s*\|/;

/**
 * While an answer streams, a table's header row arrives before its delimiter row: until the
 * delimiter is complete those last lines would read as a paragraph of bars. They are held back
 * (and shown as the table they become) instead.
 */
function withoutUnfinishedTableHead(lines: string[]): string[] {
  const last = lines.length - 1;
  const lastLine = lines[last] ?? '';
  const before = lines[last - 1] ?? '';
  if (TABLE_START.test(lastLine) && !TABLE_START.test(before)) return lines.slice(0, last);
  const delimiterSoFar = /^\s*\|?[\s:|-]*$/.test(lastLine) && lastLine.includes('-');
  const complete = delimiterRow(lastLine)?.length === splitTableRow(before)?.length;
  if (delimiterSoFar && !complete && TABLE_START.test(before) && !TABLE_START.test(lines[last - 2] ?? '')) return lines.slice(0, last - 1);
  return lines;
}

/**
 * The answer's blocks. Lines of a paragraph join with a space; a list runs while its items
 * continue (a bullet after a numbered item starts a new list); a blank line ends either. Text
 * that is still streaming parses the same way: an unfinished `**bold` simply shows its stars
 * until the closing pair arrives, and a table shows once its delimiter row has arrived.
 */
export function parseAnswer(text: string, options: { streaming?: boolean } = {}): AnswerBlock[] {
  const blocks: AnswerBlock[] = [];
  let paragraph: string[] = [];
  // Held in an object so the flush helpers' resets are visible to the loop's type narrowing.
  const open: { list: ListDraft | null } = { list: null };

  const flushParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', children: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  const flushList = () => {
    const { list } = open;
    if (list) blocks.push({ kind: 'list', ordered: list.ordered, start: list.start, items: list.items.map(parseInline) });
    open.list = null;
  };

  const allLines = text.replace(/\r\n?/g, '\n').split('\n');
  const lines = options.streaming ? withoutUnfinishedTableHead(allLines) : allLines;
  for (let index = 0; index < lines.length; index += 1) {
    const rawLine = lines[index] ?? '';
    const line = rawLine.trimEnd();
    if (line.trim() === '') {
      flushParagraph();
      flushList();
      continue;
    }
    // A table: a header row, then a delimiter row with as many cells, then rows until a line with no pipe.
    const headerCells = splitTableRow(line);
    const align = headerCells ? delimiterRow(lines[index + 1] ?? '') : null;
    if (headerCells && align && align.length === headerCells.length) {
      flushParagraph();
      flushList();
      const rows: InlineNode[][][] = [];
      index += 2;
      for (; index < lines.length; index += 1) {
        const cells = splitTableRow(lines[index] ?? '');
        if (!cells) break;
        rows.push(fitRow(cells, headerCells.length));
      }
      index -= 1;
      blocks.push({ kind: 'table', align, header: fitRow(headerCells, headerCells.length), rows });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flushParagraph();
      flushList();
      const hashes = heading[1]?.length ?? 2;
      const level = hashes <= 2 ? 2 : hashes === 3 ? 3 : 4;
      blocks.push({ kind: 'heading', level, children: parseInline(heading[2] ?? '') });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      flushParagraph();
      const ordered = numbered !== null;
      const itemText = (bullet ? bullet[1] : numbered?.[2]) ?? '';
      if (open.list && open.list.ordered === ordered) {
        open.list.items.push(itemText);
      } else {
        flushList();
        open.list = { ordered, start: numbered ? Number(numbered[1]) : 1, items: [itemText] };
      }
      continue;
    }
    // A line under a list item that is not an item itself continues that item.
    if (open.list && /^\s+\S/.test(rawLine)) {
      const { items } = open.list;
      items[items.length - 1] += ` ${line.trim()}`;
      continue;
    }
    flushList();
    paragraph.push(line.trim());
  }
  flushParagraph();
  flushList();
  return blocks;
}

/** The plain text of inline nodes, markers written as `[n]`. */
export function inlineText(nodes: readonly InlineNode[]): string {
  return nodes
    .map((node) => {
      if (node.kind === 'text') return node.text;
      if (node.kind === 'marker') return `[${node.n}]`;
      return inlineText(node.children);
    })
    .join('');
}
