/**
 * Turning ts_headline output into the text of a search snippet: whole words only and no table
 * markup. ts_headline cuts fragments at its own token boundaries, which fall inside hyphenated
 * words ("pre-|existing") and next to a table's cell bars; a table element's text keeps its cells
 * joined by " | " and its rows by new lines (ingest/markdown.ts).
 */

/** ts_headline's default FragmentDelimiter, between the fragments of one headline. */
const FRAGMENT_DELIMITER = ' ... ';
/** Shown where a snippet leaves out text before, between or after its fragments. */
const ELLIPSIS = '…';
const MARK = /<\/?mark>/g;

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

/**
 * The snippet text (still with its <mark> tags, not yet escaped) of one element's headline:
 * each fragment widened to the whole words at its ends, found in the element's text; table bars
 * and row breaks turned into plain separators; an ellipsis where text is left out.
 */
export function tidyHeadline(headline: string, text: string): string {
  const fragments = headline.split(FRAGMENT_DELIMITER).filter((fragment) => fragment.replace(MARK, '').trim() !== '');
  if (fragments.length === 0) return '';
  let from = 0;
  const parts: { html: string; start: number; end: number }[] = [];
  for (const fragment of fragments) {
    const trimmed = fragment.trim();
    const plain = trimmed.replace(MARK, '');
    const at = text.indexOf(plain, from);
    if (at < 0) {
      // Not found verbatim (ts_headline changed spacing): keep it, unwidened, as a cut fragment.
      parts.push({ html: trimmed, start: -1, end: -1 });
      continue;
    }
    let start = at;
    while (start > 0 && !/\s/.test(text[start - 1] ?? '')) start--;
    let end = at + plain.length;
    while (end < text.length && !/\s/.test(text[end] ?? '')) end++;
    parts.push({ html: `${text.slice(start, at)}${trimmed}${text.slice(at + plain.length, end)}`, start, end });
    from = end;
  }
  const cleaned = parts.map((part) => ({
    ...part,
    html: withoutTableMarkup(part.html).replace(LEADING_SEPARATORS, '').replace(TRAILING_SEPARATORS, ''),
  }));
  const first = cleaned[0];
  const last = cleaned.at(-1);
  const opening = first && first.start === 0 ? '' : `${ELLIPSIS} `;
  const closing = last && last.end === text.length ? '' : ` ${ELLIPSIS}`;
  return `${opening}${cleaned
    .map((part) => part.html)
    .filter((html) => html !== '')
    .join(` ${ELLIPSIS} `)}${closing}`;
}
