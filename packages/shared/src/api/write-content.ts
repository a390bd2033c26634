/**
 * The rules of the editable document that a JSON shape cannot say: which node may hold which
 * (the editor's content model: a list holds list items, a table rows, a row cells), heading
 * levels, text only in text nodes, and bounds on depth, size and tables. A save that breaks one
 * is refused, because the editor could not load it back (and the page would break on it), and a
 * table past the bounds would make every export expensive.
 */

/** A node of the editor's document, as write.ts's schema has already shaped it. */
export interface ContentNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: ContentNode[];
  text?: string;
  marks?: unknown[];
}

/** How deeply nodes may nest: lists inside lists inside tables, with room to spare. */
export const WRITE_CONTENT_MAX_DEPTH = 24;
/** Nodes in one document. */
export const WRITE_CONTENT_MAX_NODES = 50_000;
/** Cells in one row of a table. */
export const WRITE_TABLE_MAX_COLUMNS = 50;
/** Cells in one table. */
export const WRITE_TABLE_MAX_CELLS = 10_000;

const BLOCKS: readonly string[] = ['paragraph', 'heading', 'bulletList', 'orderedList', 'table'];
const INLINE: readonly string[] = ['text', 'hardBreak'];

/** What each node may hold, and whether it must hold at least one. */
const CHILDREN: Record<string, { allowed: readonly string[]; atLeastOne: boolean } | undefined> = {
  // An empty document is what deleting everything leaves; the editor opens it with one empty paragraph.
  doc: { allowed: BLOCKS, atLeastOne: false },
  paragraph: { allowed: INLINE, atLeastOne: false },
  heading: { allowed: INLINE, atLeastOne: false },
  text: { allowed: [], atLeastOne: false },
  hardBreak: { allowed: [], atLeastOne: false },
  bulletList: { allowed: ['listItem'], atLeastOne: true },
  orderedList: { allowed: ['listItem'], atLeastOne: true },
  listItem: { allowed: BLOCKS, atLeastOne: true },
  table: { allowed: ['tableRow'], atLeastOne: true },
  tableRow: { allowed: ['tableCell', 'tableHeader'], atLeastOne: true },
  tableCell: { allowed: BLOCKS, atLeastOne: true },
  tableHeader: { allowed: BLOCKS, atLeastOne: true },
};

export interface ContentProblem {
  path: (string | number)[];
  message: string;
}

interface Visit {
  node: ContentNode;
  path: (string | number)[];
  depth: number;
}

/** The first rule the document breaks, with where; null when the editor can load it. One pass, no recursion. */
export function writeContentProblem(doc: ContentNode): ContentProblem | null {
  const stack: Visit[] = [{ node: doc, path: [], depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { node, path, depth } = stack.pop() as Visit;
    if (++nodes > WRITE_CONTENT_MAX_NODES) return { path: [], message: `A document holds at most ${WRITE_CONTENT_MAX_NODES} elements` };
    if (depth > WRITE_CONTENT_MAX_DEPTH) return { path, message: `Lists and tables nest at most ${WRITE_CONTENT_MAX_DEPTH} levels deep` };
    const problem = nodeProblem(node);
    if (problem) return { path, message: problem };
    const children = node.content ?? [];
    const rule = CHILDREN[node.type];
    if (!rule) return { path, message: `The editor has no ${node.type} element` };
    if (rule.atLeastOne && children.length === 0) return { path, message: `A ${node.type} must hold at least one element` };
    for (const [index, child] of children.entries()) {
      const at = [...path, 'content', index];
      if (!rule.allowed.includes(child.type)) return { path: at, message: `A ${node.type} cannot hold a ${child.type}` };
      if (node.type === 'listItem' && index === 0 && child.type !== 'paragraph')
        return { path: at, message: 'A list item starts with a paragraph' };
      stack.push({ node: child, path: at, depth: depth + 1 });
    }
  }
  return null;
}

function nodeProblem(node: ContentNode): string | null {
  if (node.type === 'text') {
    if (!node.text) return 'A text element must hold text';
    if (node.content) return 'A text element cannot hold other elements';
    return null;
  }
  if (node.text !== undefined) return `A ${node.type} cannot hold text directly`;
  if (node.marks !== undefined && node.marks.length > 0) return `Only text can be bold, italic or a link`;
  if (node.type === 'heading') {
    const level = node.attrs?.level;
    if (level !== 1 && level !== 2 && level !== 3) return 'A heading is of level 1, 2 or 3';
  }
  if (node.type === 'table') return tableProblem(node);
  return null;
}

function tableProblem(table: ContentNode): string | null {
  let cells = 0;
  for (const row of table.content ?? []) {
    const columns = row.content?.length ?? 0;
    if (columns > WRITE_TABLE_MAX_COLUMNS) return `A table has at most ${WRITE_TABLE_MAX_COLUMNS} columns`;
    cells += columns;
    if (cells > WRITE_TABLE_MAX_CELLS) return `A table has at most ${WRITE_TABLE_MAX_CELLS} cells`;
  }
  return null;
}
