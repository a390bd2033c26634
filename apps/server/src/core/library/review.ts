import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/connect.ts';
import type { DocumentElementType } from '@verity/shared';
import type { LibraryCode } from './codes.ts';
import { searchable } from '../policies/documents.ts';

/** A passage of a library document. */
export interface LibraryElement {
  id: string;
  type: DocumentElementType;
  text: string;
  headingPath: string[];
}

/** A library document as the reviewer sees it: what the reference detectors see, and its passages. */
export interface LibraryDocument extends LibraryCode {
  /** Older codes and historical names this document replaces (front matter `supersedes`). */
  supersedes: string[];
  domain: string;
  subdomain: string;
  elements: LibraryElement[];
}

export interface ReviewLibrary {
  documents: LibraryDocument[];
}

const EVERYTHING = { category: [], domain: [], subdomain: [] };

/**
 * The library a policy of this organisation is reviewed against: the shared library and the
 * organisation's own internal documents (the documents policy), newest edition of each file only,
 * with their passages in order. Another organisation's documents are never among them, so a
 * finding's evidence can only ever link to a document its reader can open.
 */
export async function reviewLibrary(options: { db: Database; organisationId: string }): Promise<ReviewLibrary> {
  const { db, organisationId } = options;
  const visible = searchable(organisationId, EVERYTHING);
  const [documentRows, elementRows] = await Promise.all([
    db.execute(sql`
      select d.id, d.code, d.title, d.status, d.edition, d.superseded_by_code, d.supersedes, d.domain, d.subdomain
      from documents d
      where ${visible}
      order by d.code, d.id`),
    db.execute(sql`
      select e.id, e.document_id, e.type, e.text, e.heading_path
      from document_elements e
      where e.document_id in (select d.id from documents d where ${visible})
      order by e.document_id, e.position`),
  ]);
  const elements = new Map<string, LibraryElement[]>();
  for (const row of rowsOf<{ id: string; document_id: string } & Pick<LibraryElement, 'type' | 'text'> & { heading_path: string[] }>(
    elementRows,
  )) {
    const passages = elements.get(row.document_id) ?? [];
    passages.push({ id: row.id, type: row.type, text: row.text, headingPath: row.heading_path });
    elements.set(row.document_id, passages);
  }
  const documents = rowsOf<
    Pick<LibraryDocument, 'id' | 'code' | 'title' | 'status' | 'edition' | 'supersedes' | 'domain' | 'subdomain'> & {
      superseded_by_code: string | null;
    }
  >(documentRows).map(
    (row): LibraryDocument => ({
      id: row.id,
      code: row.code,
      title: row.title,
      status: row.status,
      edition: row.edition,
      supersededBy: row.superseded_by_code,
      supersedes: row.supersedes,
      domain: row.domain,
      subdomain: row.subdomain,
      elements: elements.get(row.id) ?? [],
    }),
  );
  return { documents };
}
