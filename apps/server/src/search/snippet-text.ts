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

/** A table's cells and rows read as a line of text: cells joined by " · ", rows by "; ". */
export function withoutTableMarkup(text: string): string {
  // Without a bar, a line break or a middle dot, none of the replacements below has anything to do.
  if (!text.includes('|') && !text.includes('\n') && !text.includes('·')) return text;
  return text
    .replace(/[ \t]*\|[ \t]*/g, ' · ')
    .replace(/\s*\n\s*/g, '; ')
    .replace(/(?:\s*·\s*)+;/g, ';')
    .replace(/;\s*(?:·\s*)+/g, '; ');
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
