/**
 * Tidying the text of a search snippet's fragments (highlight.ts): no table markup. A table
 * element's text keeps its cells joined by " | " and its rows by new lines (ingest/markdown.ts).
 */

/** A table's cells and rows read as a line of text: cells joined by " · ", rows by "; ". */
export function withoutTableMarkup(text: string): string {
  return text
    .replace(/[ \t]*\|[ \t]*/g, ' · ')
    .replace(/\s*\n\s*/g, '; ')
    .replace(/(?:\s*·\s*)+;/g, ';')
    .replace(/;\s*(?:·\s*)+/g, '; ');
}

/** Leading separators a fragment must not open with (a cut cell bar, a row break, punctuation). */
const LEADING_SEPARATORS = /^[\s|·;,:)\]}–—-]+/;
/** Separators a fragment must not end with (a cell bar or row break before the cut). */
const TRAILING_SEPARATORS = /[\s|·;,:([{–—-]+$/;

/** A fragment without the separators it was cut next to. */
export function tidyFragment(fragment: string): string {
  return fragment.replace(LEADING_SEPARATORS, '').replace(TRAILING_SEPARATORS, '');
}
