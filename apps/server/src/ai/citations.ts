/**
 * Citations of a chat answer: the numbered sources its [n] markers point at. Shared by the engines,
 * so a marker is only ever shown when it points at a listed source and every listed source is used.
 */
import type { Citation } from '@verity/shared';

export type { Citation };

/** What an engine streams: the answer in small pieces, then its citations, then the end. */
export type ChatEngineEvent = { type: 'token'; text: string } | { type: 'citations'; citations: Citation[] } | { type: 'done' };

/** The text without markers that point at no listed citation (a generated answer may invent them). */
export function dropUnknownMarkers(text: string, citations: readonly Pick<Citation, 'n'>[]): string {
  const listed = new Set(citations.map((citation) => citation.n));
  return text.replace(/ ?\[(\d{1,3})\]/g, (marker, n: string) => (listed.has(Number(n)) ? marker : ''));
}

/**
 * Library text quoted in an answer, kept as data: whitespace collapsed, and anything that the
 * answer's own syntax would read as a citation marker or markdown structure neutralised (and
 * private-use characters, which composition uses internally, removed), so a passage can neither
 * point at a source nor open a heading of its own.
 */
export function quoteAsData(text: string): string {
  return text
    .replace(/[\uE000-\uF8FF]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\[(\d{1,3})\]/g, '($1)')
    .replace(/^[#>*+\s]+/, '');
}
