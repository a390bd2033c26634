import { SEARCH_PAGE_SIZE, type SearchQuery, type SearchResponse } from '@verity/shared';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { documents } from '../../db/schema.ts';
import type { HeldPostings } from '../../search/postings.ts';
import { rankSearch } from '../../search/rank.ts';
import { pageSnippets } from '../../search/snippets.ts';
import { type ReferenceRow, referenceColumns, toReference } from './service.ts';

/**
 * The wiki's search: one page of results, each with its document reference and snippets. The
 * ranking is the search module's (src/search), shared with AI retrieval: full-text search over element text and document titles and codes, ranked per document in SQL
 * over stored vectors. A document's base score is the better of its best element rank and its
 * title/code rank for the strict (all-words) query, normalised into [0, 1); plain multi-word
 * queries add RELAXED_WEIGHT × (1 for a strict match + the share of the query's words in its best
 * element + BM25_WEIGHT × document-level BM25 normalised into [0, 1]; rank.ts); a named code adds 1 or 2; superseded
 * editions are halved and kept below the edition that replaced them.
 */
export async function searchDocuments(options: { db: Database; organisationId: string; query: SearchQuery }): Promise<SearchResponse> {
  const { db, query } = options;
  const { scored, total, queries, words, held } = await rankSearch(options);
  const pageRows = scored.slice((query.page - 1) * SEARCH_PAGE_SIZE, query.page * SEARCH_PAGE_SIZE);
  if (pageRows.length === 0) return { results: [], page: query.page, page_size: SEARCH_PAGE_SIZE, total };

  const pageIds = pageRows.map((entry) => entry.row.id);
  // Independent reads: on PostgreSQL they run side by side on two connections. Ranked in memory,
  // the page's documents are those read with the postings, at the same change count.
  const [snippets, pageDocuments] = await Promise.all([
    pageSnippets({ db, rows: pageRows.map((entry) => entry.row), queries, words, held }),
    held ? heldReferences(held.library, pageIds) : db.select(referenceColumns).from(documents).where(inArray(documents.id, pageIds)),
  ]);
  const documentRows = new Map<string, ReferenceRow>(pageDocuments.map((row) => [row.id, row]));

  return {
    results: pageRows.flatMap(({ row, score }) => {
      const document = documentRows.get(row.id);
      return document
        ? [{ reference: toReference(document), score: Math.round(score * 10000) / 10000, snippets: snippets.get(row.id) ?? [] }]
        : [];
    }),
    page: query.page,
    page_size: SEARCH_PAGE_SIZE,
    total,
  };
}

/** The documents of these ids among those held for ranking. */
function heldReferences(library: HeldPostings, ids: readonly string[]): ReferenceRow[] {
  return ids.flatMap((id) => {
    const ordinal = library.ordinals.get(id);
    const document = ordinal === undefined ? undefined : library.documents[ordinal];
    return document ? [document] : [];
  });
}
