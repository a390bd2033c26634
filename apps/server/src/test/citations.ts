/**
 * Checks of a chat answer's citations for engine tests: a marker is only ever shown when it points
 * at a listed source, and every listed source is used.
 */
import type { Citation } from '@verity/shared';

const MARKER = /\[(\d{1,3})\]/g;

/** The distinct marker numbers in a text, in order of first use. */
export function citationMarkers(text: string): number[] {
  const seen: number[] = [];
  for (const match of text.matchAll(MARKER)) {
    const n = Number(match[1]);
    if (!seen.includes(n)) seen.push(n);
  }
  return seen;
}

/** Markers pointing at no listed citation, and listed citations no marker uses: both must be empty. */
export function checkCitations(text: string, citations: readonly Pick<Citation, 'n'>[]): { unknown: number[]; unused: number[] } {
  const used = citationMarkers(text);
  const listed = new Set(citations.map((citation) => citation.n));
  return { unknown: used.filter((n) => !listed.has(n)), unused: [...listed].filter((n) => !used.includes(n)) };
}
