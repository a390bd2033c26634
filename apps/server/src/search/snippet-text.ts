/**
 * Tidying the text of a search snippet's fragments (highlight.ts): no table markup. A table
 * element's text keeps its cells joined by " | " and its rows by new lines (ingest/markdown.ts).
 */

/** White space as JavaScript's \s reads it. */
export function isSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 160) return false;
  return (
    code === 160 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

const MIDDLE_DOT = 0xb7;
const isSeparator = (code: number) => isSpace(code) || code === MIDDLE_DOT;

/**
 * A table's cells and rows read as a line of text: cells joined by " · ", rows by "; ", and no
 * " · " left beside a "; ". Each step is one pass over the text (no backtracking regular
 * expression: a row of empty cells is a long run of separators).
 */
export function withoutTableMarkup(text: string): string {
  // Without a bar, a line break or a middle dot, none of the steps below has anything to do.
  if (!text.includes('|') && !text.includes('\n') && !text.includes('·')) return text;
  // Each bar, with the spaces and tabs beside it, becomes " · ".
  const cells = text.split('|');
  const joined = cells.length === 1 ? text : cells.map((cell, i) => trimSpacesAndTabs(cell, i > 0, i < cells.length - 1)).join(' · ');
  // Each run of white space holding a line break becomes "; ".
  const rows = replaceRuns(joined, isSpace, (run) => (run.includes('\n') ? '; ' : run));
  // A run of separators holding a dot goes before a ";", and after one it becomes a single space.
  let out = '';
  let at = 0;
  while (at < rows.length) {
    // The text up to the next run of separators, as one piece.
    let start = at;
    while (start < rows.length && !isSeparator(rows.charCodeAt(start))) start++;
    out += rows.slice(at, start);
    if (start === rows.length) break;
    let end = start;
    while (end < rows.length && isSeparator(rows.charCodeAt(end))) end++;
    const run = rows.slice(start, end);
    if (!run.includes('·')) out += run;
    else if (rows[end] === ';') {
      // The run goes; the ";" after it stays.
    } else if (rows[start - 1] === ';') out += ' ';
    else out += run;
    at = end;
  }
  return out;
}

/** The text with spaces and tabs trimmed from its start and (or) its end. */
function trimSpacesAndTabs(text: string, start: boolean, end: boolean): string {
  const blank = (c: string | undefined) => c === ' ' || c === '\t';
  let from = 0;
  let to = text.length;
  if (start) while (from < to && blank(text[from])) from++;
  if (end) while (to > from && blank(text[to - 1])) to--;
  return text.slice(from, to);
}

/** The text with each maximal run of characters that `inRun` accepts replaced by `replace(run)`. */
function replaceRuns(text: string, inRun: (code: number) => boolean, replace: (run: string) => string): string {
  let out = '';
  let at = 0;
  while (at < text.length) {
    let end = at;
    while (end < text.length && !inRun(text.charCodeAt(end))) end++;
    out += text.slice(at, end);
    if (end === text.length) break;
    let runEnd = end;
    while (runEnd < text.length && inRun(text.charCodeAt(runEnd))) runEnd++;
    out += replace(text.slice(end, runEnd));
    at = runEnd;
  }
  return out;
}

/** Separators a fragment must not open with (a cut cell bar, a row break, punctuation), besides white space. */
const LEADING_SEPARATORS = '|·;,:)]}–—-';
/** Separators a fragment must not end with (a cell bar or row break before the cut), besides white space. */
const TRAILING_SEPARATORS = '|·;,:([{–—-';

/** A fragment without the separators it was cut next to. */
export function tidyFragment(fragment: string): string {
  let start = 0;
  let end = fragment.length;
  while (start < end && (isSpace(fragment.charCodeAt(start)) || LEADING_SEPARATORS.includes(fragment[start] as string))) start++;
  while (end > start && (isSpace(fragment.charCodeAt(end - 1)) || TRAILING_SEPARATORS.includes(fragment[end - 1] as string))) end--;
  return start === 0 && end === fragment.length ? fragment : fragment.slice(start, end);
}
