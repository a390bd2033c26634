import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/connect.ts';
import { searchable } from '../policies/documents.ts';
import type { DocumentStatus } from '@verity/shared';

/** A library document as the reference detectors see it: its code, title, edition and status. */
export interface LibraryCode {
  id: string;
  code: string;
  title: string;
  status: DocumentStatus;
  edition: string;
  /** The code of the current edition when this one is superseded. */
  supersededBy: string | null;
}

/**
 * The library documents a meeting of this organisation may refer to: the shared library and the
 * organisation's own internal documents (the documents policy), newest edition of each file only,
 * as the writing engine's reference detector sees them. Another organisation's documents are never
 * among them, so a reference can only ever link to a document its reader can open.
 */
export async function libraryCodes(options: { db: Database; organisationId: string }): Promise<LibraryCode[]> {
  const rows = rowsOf<{
    id: string;
    code: string;
    title: string;
    status: LibraryCode['status'];
    edition: string;
    superseded_by: string | null;
  }>(
    await options.db.execute(sql`
      select d.id, d.code, d.title, d.status, d.edition, d.superseded_by_code as superseded_by
      from documents d
      where ${searchable(options.organisationId, { category: [], domain: [], subdomain: [] })}
      order by d.code, d.id`),
  );
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    title: row.title,
    status: row.status,
    edition: row.edition,
    supersededBy: row.superseded_by,
  }));
}
