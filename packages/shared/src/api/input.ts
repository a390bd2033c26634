/**
 * Rules every piece of text sent to the API follows, whatever the endpoint. PostgreSQL cannot store
 * the NUL character (U+0000) in text, nor half of a UTF-16 surrogate pair (U+D800–U+DFFF without
 * its partner, which JSON can spell as "\ud800") in text or JSON; no person types either: they only
 * arrive from tampered or corrupted input, so they are refused up front rather than failing deep
 * inside a query. Bodies nested deeper than any real request are refused too, before a validator,
 * serializer or the database's own JSON parser can recurse through them.
 */
export const NUL_CHARACTER_MESSAGE = 'Text must not contain the NUL character (U+0000)';

export const UNPAIRED_SURROGATE_MESSAGE =
  'Text must not contain a character that is not valid text (half of a surrogate pair, U+D800–U+DFFF)';

/** How many levels of objects and arrays a request may nest; no request of the API needs more than a few. */
export const MAX_INPUT_DEPTH = 64;

export const TOO_DEEP_MESSAGE = `This request is nested too deeply: at most ${MAX_INPUT_DEPTH} levels of objects and arrays are accepted`;

export type InvalidTextProblem = 'nul' | 'surrogate' | 'depth';

export interface InvalidText {
  /** Where: object keys and array indexes from the top of the value. */
  path: (string | number)[];
  problem: InvalidTextProblem;
}

/** The message a refusal of `problem` carries. */
export function invalidTextMessage(problem: InvalidTextProblem): string {
  if (problem === 'nul') return NUL_CHARACTER_MESSAGE;
  if (problem === 'surrogate') return UNPAIRED_SURROGATE_MESSAGE;
  return TOO_DEEP_MESSAGE;
}

function textProblem(text: string): 'nul' | 'surrogate' | null {
  if (text.includes('\u0000')) return 'nul';
  return text.isWellFormed() ? null : 'surrogate';
}

/** A key as it may be shown in a path: the characters that made it invalid escaped. */
function shownKey(key: string): string {
  return key.replaceAll('\u0000', '\\u0000').toWellFormed();
}

const isWalked = (value: unknown): value is object =>
  // Query strings parse into objects without Object's prototype, so any object but binary data is walked.
  value !== null && typeof value === 'object' && !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer);

/** One value met by the walk; its path is kept as a link to its parent, so no step copies a path. */
interface Visit {
  value: unknown;
  parent: Visit | null;
  step: string | number;
  depth: number;
}

function pathOf(visit: Visit | null, last?: string | number): (string | number)[] {
  const path: (string | number)[] = last === undefined ? [] : [last];
  for (let at = visit; at?.parent; at = at.parent) path.push(at.step);
  return path.reverse();
}

/**
 * The first string (or object key) in `value` that holds a NUL character or an unpaired surrogate,
 * or the first object or array nested more than `maxDepth` levels deep (its path cut at the limit),
 * or null when there is none. Arrays and objects are walked with a stack of their own, not by
 * recursion, so no nesting can overflow the call stack; other values (numbers, binary data) are not
 * text and are skipped.
 */
export function findInvalidText(value: unknown, maxDepth: number = MAX_INPUT_DEPTH): InvalidText | null {
  const stack: Visit[] = [{ value, parent: null, step: '', depth: 0 }];
  while (stack.length > 0) {
    const visit = stack.pop() as Visit;
    const current = visit.value;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return { path: pathOf(visit), problem };
      continue;
    }
    if (!isWalked(current)) continue;
    if (visit.depth >= maxDepth) return { path: pathOf(visit), problem: 'depth' };
    // Only text and containers are kept (numbers and the like need no look), pushed in reverse so
    // that the walk meets fields in their order and reports the first bad one.
    const children: Visit[] = [];
    const keep = (inner: unknown, step: string | number) => {
      if (typeof inner === 'string' || isWalked(inner)) children.push({ value: inner, parent: visit, step, depth: visit.depth + 1 });
    };
    if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) keep(current[i], i);
    } else {
      for (const [key, inner] of Object.entries(current)) {
        const problem = textProblem(key);
        if (problem) return { path: pathOf(visit, shownKey(key)), problem };
        keep(inner, key);
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Visit);
  }
  return null;
}
