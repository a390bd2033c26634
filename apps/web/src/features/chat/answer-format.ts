/**
 * The small markdown subset the answer engines write — headings, bullet and numbered lists,
 * bold, italics, paragraphs and `[n]` citation markers — read into a tree the page renders as
 * React elements. Nothing here ever becomes HTML: text stays text whatever it contains.
 */

export type InlineNode =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: InlineNode[] }
  | { kind: 'em'; children: InlineNode[] }
  | { kind: 'marker'; n: number };

export type AnswerBlock =
  | { kind: 'heading'; level: 2 | 3 | 4; children: InlineNode[] }
  | { kind: 'paragraph'; children: InlineNode[] }
  | { kind: 'list'; ordered: boolean; start: number; items: InlineNode[][] };

interface ListDraft {
  ordered: boolean;
  start: number;
  items: string[];
}

const HEADING = /^(#{1,6})\s+(.*)$/;
const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBERED = /^\s*(\d{1,4})[.)]\s+(.*)$/;
const MARKER = /\[(\d{1,3})\]/g;

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

/**
 * The answer's blocks. Lines of a paragraph join with a space; a list runs while its items
 * continue (a bullet after a numbered item starts a new list); a blank line ends either. Text
 * that is still streaming parses the same way: an unfinished `**bold` simply shows its stars
 * until the closing pair arrives.
 */
export function parseAnswer(text: string): AnswerBlock[] {
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

  for (const rawLine of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = rawLine.trimEnd();
    if (line.trim() === '') {
      flushParagraph();
      flushList();
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
