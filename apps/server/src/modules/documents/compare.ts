import type { CompareElement, CompareHistory, CompareResponse, CompareRow, CompareSectionChange, CompareSegment } from '@verity/shared';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { documentElements } from '../../db/schema.ts';
import { type DocumentRow, toReference } from './service.ts';

/** list[index], which the algorithms below only ask for inside the bounds. */
export function item<T>(list: ArrayLike<T>, index: number): T {
  const value = list[index];
  if (value === undefined) throw new RangeError(`Index ${index} is outside 0..${list.length - 1}`);
  return value;
}

/** Removed and added elements of the same type at least this similar (word overlap) are shown as one edited row. */
const CHANGED_SIMILARITY = 0.5;

export type DiffOp = { kind: 'equal'; left: number; right: number } | { kind: 'removed'; left: number } | { kind: 'added'; right: number };

/**
 * The shortest edit script turning `left` into `right` (Myers' O(ND) algorithm): every index of
 * both sides appears once, in order. A common prefix and suffix are matched first, so two editions
 * of a document cost little more than their differences.
 */
export function diffSequences(left: readonly string[], right: readonly string[]): DiffOp[] {
  let prefix = 0;
  while (prefix < left.length && prefix < right.length && left[prefix] === right[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < left.length - prefix &&
    suffix < right.length - prefix &&
    left[left.length - 1 - suffix] === right[right.length - 1 - suffix]
  ) {
    suffix++;
  }
  const ops: DiffOp[] = [];
  for (let i = 0; i < prefix; i++) ops.push({ kind: 'equal', left: i, right: i });
  ops.push(...middle(left, right, prefix, left.length - suffix, right.length - suffix));
  for (let k = suffix; k > 0; k--) ops.push({ kind: 'equal', left: left.length - k, right: right.length - k });
  return ops;
}

/** Beyond this many insertions and deletions the alignment gives up (see middle()). */
export const MAX_EDIT_DISTANCE = 4000;

/**
 * One round of Myers' forward search: extend every diagonal k in -d..d by one edit and then along
 * equal elements, recording the furthest x in v[offset + k]. True when the end of both sides is reached.
 */
function searchStep(
  left: readonly string[],
  right: readonly string[],
  start: number,
  n: number,
  m: number,
  v: Int32Array,
  offset: number,
  d: number,
): boolean {
  for (let k = -d; k <= d; k += 2) {
    let x =
      k === -d || (k !== d && item(v, offset + k - 1) < item(v, offset + k + 1)) ? item(v, offset + k + 1) : item(v, offset + k - 1) + 1;
    let y = x - k;
    while (x < n && y < m && left[start + x] === right[start + y]) {
      x++;
      y++;
    }
    v[offset + k] = x;
    if (x >= n && y >= m) return true;
  }
  return false;
}

/** Whether Myers' forward search reaches the end within MAX_EDIT_DISTANCE edits (one frontier, no trace). */
function withinEditDistance(left: readonly string[], right: readonly string[], start: number, n: number, m: number): boolean {
  const offset = MAX_EDIT_DISTANCE + 1;
  const v = new Int32Array(2 * MAX_EDIT_DISTANCE + 3);
  for (let d = 0; d <= MAX_EDIT_DISTANCE; d++) {
    if (searchStep(left, right, start, n, m, v, offset, d)) return true;
  }
  return false;
}

/** Myers' forward search over left[start, leftEnd) and right[start, rightEnd), then a backtrack over the saved frontiers. */
function middle(left: readonly string[], right: readonly string[], start: number, leftEnd: number, rightEnd: number): DiffOp[] {
  const n = leftEnd - start;
  const m = rightEnd - start;
  if (n === 0) return Array.from({ length: m }, (_, j) => ({ kind: 'added', right: start + j }) as const);
  if (m === 0) return Array.from({ length: n }, (_, i) => ({ kind: 'removed', left: start + i }) as const);
  // Past MAX_EDIT_DISTANCE the saved frontiers would grow quadratically: two unrelated documents of
  // thousands of elements each are shown as one removed block and one added block instead.
  if (n + m > MAX_EDIT_DISTANCE && !withinEditDistance(left, right, start, n, m)) {
    return [
      ...Array.from({ length: n }, (_, i) => ({ kind: 'removed', left: start + i }) as const),
      ...Array.from({ length: m }, (_, j) => ({ kind: 'added', right: start + j }) as const),
    ];
  }
  const max = n + m;
  const offset = max + 1;
  // v[k + offset]: the furthest x reached on diagonal k (x - y = k); one snapshot per edit distance d.
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    if (searchStep(left, right, start, n, m, v, offset, d)) break;
  }
  const ops: DiffOp[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const snapshot = item(trace, d);
    // snapshot[j] holds v[offset + k] for k = j - d - 1 as it was before step d.
    const at = (k: number) => item(snapshot, k + d + 1);
    const k = x - y;
    const previousK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const previousX = d === 0 ? 0 : at(previousK);
    const previousY = previousX - previousK;
    while (x > previousX && y > previousY) {
      x--;
      y--;
      ops.push({ kind: 'equal', left: start + x, right: start + y });
    }
    if (d === 0) break;
    if (x === previousX) ops.push({ kind: 'added', right: start + previousY });
    else ops.push({ kind: 'removed', left: start + previousX });
    x = previousX;
    y = previousY;
  }
  return ops.reverse();
}

/** Whitespace collapsed and case folded, so re-wrapped or re-cased text counts as unchanged. */
export function normaliseText(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Dice coefficient of the two texts' word multisets: 1 for the same words, 0 for none in common. */
function wordSimilarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  const counts = new Map<string, number>();
  for (const word of a) counts.set(word, (counts.get(word) ?? 0) + 1);
  let common = 0;
  for (const word of b) {
    const count = counts.get(word) ?? 0;
    if (count > 0) {
      common++;
      counts.set(word, count - 1);
    }
  }
  return (2 * common) / (a.length + b.length);
}

/** Words, whitespace runs and single punctuation marks, which concatenate back to the text. */
function tokens(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+|\s+|[^\p{L}\p{N}\s]/gu) ?? [];
}

/** Word-level differences: equal + removed segments spell `left`, equal + added segments spell `right`. */
export function diffWords(left: string, right: string): CompareSegment[] {
  const a = tokens(left);
  const b = tokens(right);
  const segments: CompareSegment[] = [];
  const push = (kind: CompareSegment['kind'], text: string) => {
    const last = segments[segments.length - 1];
    if (last?.kind === kind) last.text += text;
    else segments.push({ kind, text });
  };
  for (const op of diffSequences(a, b)) {
    if (op.kind === 'equal') push('equal', item(a, op.left));
    else if (op.kind === 'removed') push('removed', item(a, op.left));
    else push('added', item(b, op.right));
  }
  return segments;
}

/**
 * Rows aligning two documents' elements in order: equal elements (normalised text) are matched by
 * the shortest edit script; within each stretch of removals and additions, a removed element is
 * paired in order with the most similar later added element of the same type when at least
 * CHANGED_SIMILARITY alike, as a changed row with word-level segments.
 */
export function compareElements(left: readonly CompareElement[], right: readonly CompareElement[]): CompareRow[] {
  const ops = diffSequences(
    left.map((element) => normaliseText(element.text)),
    right.map((element) => normaliseText(element.text)),
  );
  const rows: CompareRow[] = [];
  let removed: number[] = [];
  let added: number[] = [];
  const flush = () => {
    if (removed.length > 0 || added.length > 0) rows.push(...pairStretch(left, right, removed, added));
    removed = [];
    added = [];
  };
  for (const op of ops) {
    if (op.kind === 'equal') {
      flush();
      rows.push({ change: 'equal', left: item(left, op.left), right: item(right, op.right) });
    } else if (op.kind === 'removed') {
      removed.push(op.left);
    } else {
      added.push(op.right);
    }
  }
  flush();
  return rows;
}

function pairStretch(
  left: readonly CompareElement[],
  right: readonly CompareElement[],
  removed: readonly number[],
  added: readonly number[],
): CompareRow[] {
  const addedWords = added.map((j) => wordsOf(item(right, j).text));
  const rows: CompareRow[] = [];
  let nextAdded = 0;
  for (const i of removed) {
    const element = item(left, i);
    const words = wordsOf(element.text);
    let best = -1;
    let bestSimilarity = CHANGED_SIMILARITY;
    for (let a = nextAdded; a < added.length; a++) {
      if (item(right, item(added, a)).type !== element.type) continue;
      const similarity = wordSimilarity(words, item(addedWords, a));
      if (similarity >= bestSimilarity && (best === -1 || similarity > bestSimilarity)) {
        best = a;
        bestSimilarity = similarity;
      }
    }
    if (best === -1) {
      rows.push({ change: 'removed', left: element, right: null });
      continue;
    }
    for (; nextAdded < best; nextAdded++) rows.push({ change: 'added', left: null, right: item(right, item(added, nextAdded)) });
    const counterpart = item(right, item(added, best));
    rows.push({ change: 'changed', left: element, right: counterpart, segments: diffWords(element.text, counterpart.text) });
    nextAdded = best + 1;
  }
  for (; nextAdded < added.length; nextAdded++) rows.push({ change: 'added', left: null, right: item(right, item(added, nextAdded)) });
  return rows;
}

async function loadElements(db: Database, documentId: string): Promise<CompareElement[]> {
  const rows = await db
    .select({
      id: documentElements.id,
      type: documentElements.type,
      text: documentElements.text,
      headingPath: documentElements.headingPath,
      headerRow: documentElements.headerRow,
    })
    .from(documentElements)
    .where(eq(documentElements.documentId, documentId))
    .orderBy(asc(documentElements.position));
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    text: row.text,
    heading_path: row.headingPath,
    ...(row.headerRow ? {} : { header_row: false as const }),
  }));
}

/** The top-level section an element sits in (a top-level heading is its own section); none for the title. */
function sectionOf(element: CompareElement): string | null {
  if (element.type === 'title') return null;
  if (element.type === 'heading' && element.heading_path.length === 0) return element.text;
  return element.heading_path[0] ?? null;
}

/**
 * The top-level sections that differ, in reading order: a section whose rows are all added is only
 * in the right document, all removed only in the left; any other section with a difference is edited.
 * Sections are matched by the alignment's rows, so a renamed heading reads as one removed and one added.
 */
export function sectionChanges(rows: readonly CompareRow[]): CompareSectionChange[] {
  const sections = new Map<string, { equal: number; added: number; removed: number; changed: number }>();
  for (const row of rows) {
    const element = row.right ?? row.left;
    const heading = element ? sectionOf(element) : null;
    if (heading === null) continue;
    const counts = sections.get(heading) ?? { equal: 0, added: 0, removed: 0, changed: 0 };
    counts[row.change]++;
    sections.set(heading, counts);
  }
  const changes: CompareSectionChange[] = [];
  for (const [heading, counts] of sections) {
    const { equal, added, removed, changed } = counts;
    if (added + removed + changed === 0) continue;
    const change = equal + removed + changed === 0 ? 'added' : equal + added + changed === 0 ? 'removed' : 'changed';
    changes.push({ heading, change, added, removed, changed });
  }
  return changes;
}

/** A document's own account of its history: the top-level section headed history, what changed or what replaced it. */
const HISTORY_HEADING = /^(history\b|what changed\b|when and by what it was replaced|what it replaced)/i;
const HISTORY_PASSAGES = 3;
const HISTORY_PASSAGE_MAX = 600;

/** Cut a long passage at the last sentence end within the limit (or at a word), marked with an ellipsis. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const sentence = head.lastIndexOf('. ');
  if (sentence > max / 2) return head.slice(0, sentence + 1);
  return `${head.slice(0, head.lastIndexOf(' ')).trimEnd()} …`;
}

export function historyOf(elements: readonly CompareElement[]): { heading: string; passages: string[] } | null {
  const heading = elements.find((e) => e.type === 'heading' && e.heading_path.length === 0 && HISTORY_HEADING.test(e.text));
  if (!heading) return null;
  const passages = elements
    .filter((e) => e.heading_path[0] === heading.text && (e.type === 'paragraph' || e.type === 'list_item'))
    .slice(0, HISTORY_PASSAGES)
    .map((e) => clip(e.text, HISTORY_PASSAGE_MAX));
  return passages.length > 0 ? { heading: heading.text, passages } : null;
}

/** Two documents the caller can see (checked by the route), element by element. */
export async function compareDocuments(options: { db: Database; left: DocumentRow; right: DocumentRow }): Promise<CompareResponse> {
  const { db } = options;
  const [leftElements, rightElements] = await Promise.all([loadElements(db, options.left.id), loadElements(db, options.right.id)]);
  const rows = compareElements(leftElements, rightElements);
  const summary = { equal: 0, added: 0, removed: 0, changed: 0 };
  for (const row of rows) summary[row.change]++;
  // The current (newer) document's account first; one document compared with itself tells it once.
  const sides = [
    { side: 'right' as const, row: options.right, elements: rightElements },
    { side: 'left' as const, row: options.left, elements: leftElements },
  ].sort((a, b) => Number(b.row.status === 'current') - Number(a.row.status === 'current'));
  const history: CompareHistory[] = [];
  for (const { side, row, elements } of sides) {
    if (history.some((entry) => entry.code === row.code)) continue;
    const own = historyOf(elements);
    if (own) history.push({ side, code: row.code, ...own });
  }
  return {
    left: toReference(options.left),
    right: toReference(options.right),
    rows,
    summary,
    what_changed: { history, sections: sectionChanges(rows) },
  };
}
