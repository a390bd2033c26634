import type { Citation } from '@verity/shared';

/** The citations of one answer that quote the same document (or the same attached file). */
export interface CitationGroup {
  /** `library:{document_id}` or `attachment:{id}`: one card per document. */
  key: string;
  /** The group's first citation: its code, title, edition and status describe the document. */
  document: Citation;
  /** The passages quoted from it, in citation order. */
  citations: Citation[];
}

/**
 * An answer's citations grouped per document, so a document cited three times is one source
 * with three quoted passages: groups in the order of their first citation, passages in citation
 * order within each.
 */
export function groupCitations(citations: readonly Citation[]): CitationGroup[] {
  const groups = new Map<string, CitationGroup>();
  for (const citation of [...citations].sort((a, b) => a.n - b.n)) {
    const key = `${citation.source}:${citation.document_id}`;
    const group = groups.get(key);
    if (group) group.citations.push(citation);
    else groups.set(key, { key, document: citation, citations: [citation] });
  }
  return [...groups.values()];
}
