import type { SearchQuery, SearchResponse } from '@verity/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { libraryVersion } from '../db/schema.ts';

/**
 * Search answers kept in memory, per process. A search reads only the library (documents and
 * their elements), and the library changes rarely (an upload, an edition, an administrator's
 * edit), while people across an organisation search the same topics; so an answer is kept under
 * the library's change count (`library_version`, bumped by triggers in the same transaction as
 * every write to documents or elements, from any process) and used while the count is unchanged.
 * Reading the count is one single-row query, where a search is several over the library.
 * Answers are the organisation's (its own documents are in them), never shared with another.
 */
export interface SearchCache {
  answer(options: {
    db: Database;
    organisationId: string;
    query: SearchQuery;
    search: () => Promise<SearchResponse>;
  }): Promise<SearchResponse>;
  readonly size: number;
}

/** At most `entries` answers, the least recently used dropped first; 0 keeps none. */
export function createSearchCache(options: { entries: number }): SearchCache {
  const answers = new Map<string, SearchResponse>();
  let current: number | undefined;
  return {
    async answer({ db, organisationId, query, search }) {
      if (options.entries <= 0) return search();
      const [row] = await db.select({ version: libraryVersion.version }).from(libraryVersion).where(eq(libraryVersion.id, 1));
      // No count (a database restored without it): nothing can be known to be current.
      if (!row) return search();
      // Answers made at an earlier count can never be used again.
      if (row.version !== current) {
        answers.clear();
        current = row.version;
      }
      const key = JSON.stringify([row.version, organisationId, query.q.trim(), query.page, query.category, query.domain, query.subdomain]);
      const kept = answers.get(key);
      if (kept) {
        answers.delete(key);
        answers.set(key, kept);
        return kept;
      }
      const response = await search();
      answers.set(key, response);
      if (answers.size > options.entries) {
        const oldest = answers.keys().next().value;
        if (oldest !== undefined) answers.delete(oldest);
      }
      return response;
    },
    get size() {
      return answers.size;
    },
  };
}
