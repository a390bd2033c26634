/**
 * The library as the engines read it, loaded once per job from one query: the documents a member
 * of this organisation may see — the shared library and the organisation's own internal documents
 * (the documents policy, `searchable`), newest edition of each file only — with, when asked, their
 * passages in order. The writing engine's reference detector reads the codes; the reviewer reads
 * the passages too. Another organisation's documents are never among them, so a reference or a
 * finding's evidence can only ever link to a document its reader can open. Chat and the dashboard
 * query the same rule in SQL (`searchable`, `documentVisibleToSql`) rather than load the library.
 */
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/connect.ts';
import type { DocumentElementType, DocumentStatus } from '@verity/shared';
import { searchable } from '../policies/documents.ts';

/** A library document as the reference detectors see it: its code, title, edition and status. */
export interface LibraryCode {
  id: string;
  code: string;
  title: string;
  status: DocumentStatus;
  edition: string;
  /** The code of the current edition when this one is superseded. */
  supersededBy: string | null;
  /** Older codes and titles this document replaces (front matter `supersedes`), when known. */
  supersedes?: readonly string[];
}

/** A passage of a library document. */
export interface LibraryElement {
  id: string;
  type: DocumentElementType;
  text: string;
  headingPath: string[];
}

/** A library document: what the reference detectors see, where it sits, and (when loaded) its passages. */
export interface LibraryDocument extends LibraryCode {
  /** Older codes and historical names this document replaces (front matter `supersedes`). */
  supersedes: string[];
  domain: string;
  subdomain: string;
  /** Its passages in order; empty unless loaded with `passages`. */
  elements: LibraryElement[];
}

const EVERYTHING = { category: [], domain: [], subdomain: [] };

type DocumentRow = Pick<LibraryDocument, 'id' | 'code' | 'title' | 'status' | 'edition' | 'supersedes' | 'domain' | 'subdomain'> & {
  superseded_by_code: string | null;
};
type ElementRow = Pick<LibraryElement, 'id' | 'type' | 'text'> & { document_id: string; heading_path: string[] };

/** The library this organisation's members may see, ordered by code; with `passages`, each document's elements too. */
export async function loadLibrary(options: { db: Database; organisationId: string; passages?: boolean }): Promise<LibraryDocument[]> {
  const { db, organisationId } = options;
  const visible = searchable(organisationId, EVERYTHING);
  const [documentRows, elementRows] = await Promise.all([
    db.execute(sql`
      select d.id, d.code, d.title, d.status, d.edition, d.superseded_by_code, d.supersedes, d.domain, d.subdomain
      from documents d
      where ${visible}
      order by d.code, d.id`),
    options.passages
      ? db.execute(sql`
          select e.id, e.document_id, e.type, e.text, e.heading_path
          from document_elements e
          where e.document_id in (select d.id from documents d where ${visible})
          order by e.document_id, e.position`)
      : null,
  ]);
  const elements = new Map<string, LibraryElement[]>();
  for (const row of elementRows ? rowsOf<ElementRow>(elementRows) : []) {
    const passages = elements.get(row.document_id) ?? [];
    passages.push({ id: row.id, type: row.type, text: row.text, headingPath: row.heading_path });
    elements.set(row.document_id, passages);
  }
  return rowsOf<DocumentRow>(documentRows).map((row) => ({
    ...libraryCodeOf(row),
    supersedes: row.supersedes,
    domain: row.domain,
    subdomain: row.subdomain,
    elements: elements.get(row.id) ?? [],
  }));
}

/** A documents row as the reference detectors see it. */
export function libraryCodeOf(
  row: Pick<LibraryCode, 'id' | 'code' | 'title' | 'status' | 'edition'> & { superseded_by_code: string | null; supersedes: string[] },
): LibraryCode {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    status: row.status,
    edition: row.edition,
    supersededBy: row.superseded_by_code,
    supersedes: row.supersedes,
  };
}
