import type { FindingLocation, PolicyElement } from './types.ts';

/** The location and exact quote of a character range of an element's text. */
export function quoteAt(element: PolicyElement, start: number, end: number): { location: FindingLocation; quote: string } {
  return { location: { element: element.index, start, end }, quote: element.text.slice(start, end) };
}

/** The first place a phrase occurs in an element, case-insensitively, or null. */
export function quoteOf(element: PolicyElement, phrase: string): { location: FindingLocation; quote: string } | null {
  const at = element.text.toLowerCase().indexOf(phrase.toLowerCase());
  return at < 0 ? null : quoteAt(element, at, at + phrase.length);
}
