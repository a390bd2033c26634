import type { FindingLocation, PolicyElement } from './types.ts';

/** How far past a range a bracket it opened may close and still be quoted with it. */
const BRACKET_REACH = 60;

/**
 * The location and exact quote of a character range of an element's text. A range that opens a
 * bracket and stops inside it ("L113 (first edition") runs on to the bracket's close when that is
 * near, so the quote reads whole ("L113 (first edition, 1998)").
 */
export function quoteAt(element: PolicyElement, start: number, end: number): { location: FindingLocation; quote: string } {
  const { text } = element;
  const said = text.slice(start, end);
  const open = said.lastIndexOf('(');
  if (open >= 0 && !said.includes(')', open)) {
    const close = text.slice(end, end + BRACKET_REACH).search(/[)\n]/);
    if (close >= 0 && text[end + close] === ')') end += close + 1;
  }
  return { location: { element: element.index, start, end }, quote: text.slice(start, end) };
}

/** The first place a phrase occurs in an element, case-insensitively, or null. */
export function quoteOf(element: PolicyElement, phrase: string): { location: FindingLocation; quote: string } | null {
  const at = element.text.toLowerCase().indexOf(phrase.toLowerCase());
  return at < 0 ? null : quoteAt(element, at, at + phrase.length);
}
