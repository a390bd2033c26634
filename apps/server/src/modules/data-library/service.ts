import {
  DATA_LIBRARY_PAGE_SIZE,
  type DataLibraryDocument,
  type DataLibraryQuery,
  type DataLibraryResponse,
  type UpdateDataLibraryDocumentInput,
} from '@verity/shared';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { recordEvent } from '../../core/events/service.ts';
import { type LibraryMember, mayManage, ownDocument, requireManage } from '../../core/policies/data-library.ts';
import { documentNotFound } from '../../core/policies/documents.ts';
import { type Database, rowsOf } from '../../db/connect.ts';
import { documents } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/like.ts';

/**
 * An organisation's own documents: listed (the newest version of each file name), changed,
 * given a new version and deleted with all its versions. The upload itself goes through the
 * ingestion job (ingest/upload.ts) as that organisation's document; once stored it is in the
 * wiki, search and chat for that organisation alone (core/policies/documents.ts).
 */

type DocumentRow = typeof documents.$inferSelect;

interface ListedRow {
  id: string;
  code: string;
  title: string;
  filename: string;
  category: string;
  domain: string;
  subdomain: string;
  uploaded_by: string | null;
  uploader_name: string | null;
  versions: number;
  elements: number;
  created_at: string | Date;
  updated_at: string | Date;
}

const iso = (value: string | Date) => new Date(value).toISOString();

function presented(member: LibraryMember, row: ListedRow): DataLibraryDocument {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    filename: row.filename,
    category: row.category,
    domain: row.domain,
    subdomain: row.subdomain,
    versions: Number(row.versions),
    elements: Number(row.elements),
    uploaded_by: row.uploaded_by && row.uploader_name !== null ? { id: row.uploaded_by, name: row.uploader_name } : null,
    may_manage: mayManage(member, { uploadedBy: row.uploaded_by }),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** The newest version of each of the organisation's file names, with its versions and uploader. */
function newestVersions(member: LibraryMember, where: SQL, page?: number): SQL {
  return sql`
    select d.id, d.code, d.title, d.filename, d.category, d.domain, d.subdomain, d.uploaded_by,
      nullif(trim(coalesce(u.firstname, '') || ' ' || coalesce(u.surname, '')), '') as uploader_name,
      (select count(*)::int from documents v where v.organisation_id = d.organisation_id and v.filename = d.filename) as versions,
      (select count(*)::int from document_elements e where e.document_id = d.id) as elements,
      d.created_at, d.updated_at
    from documents d
    left join users u on u.id = d.uploaded_by
    where d.organisation_id = ${member.organisationId}
      and not exists (
        select 1 from documents n
        where n.organisation_id = d.organisation_id and n.filename = d.filename and (n.created_at, n.id) > (d.created_at, d.id))
      and ${where}
    order by lower(d.title), d.id
    ${page === undefined ? sql`` : sql`limit ${DATA_LIBRARY_PAGE_SIZE} offset ${(page - 1) * DATA_LIBRARY_PAGE_SIZE}`}`;
}

export async function listOwnDocuments(db: Database, member: LibraryMember, query: DataLibraryQuery): Promise<DataLibraryResponse> {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = pattern
    ? sql`(d.title ilike ${pattern} or d.code ilike ${pattern} or d.filename ilike ${pattern} or d.category ilike ${pattern}
        or d.domain ilike ${pattern} or d.subdomain ilike ${pattern})`
    : sql`true`;
  const [rows, [total]] = await Promise.all([
    db.execute(newestVersions(member, where, query.page)).then(rowsOf<ListedRow>),
    db.execute(sql`select count(*)::int as n from (${newestVersions(member, where)}) listed`).then(rowsOf<{ n: number }>),
  ]);
  return {
    documents: rows.map((row) => presented(member, row)),
    total: Number(total?.n ?? 0),
    page: query.page,
    page_size: DATA_LIBRARY_PAGE_SIZE,
  };
}

/** One of the organisation's documents as the list shows it: the newest version of the file name `documentId` has. */
export async function presentOwnDocument(db: Database, member: LibraryMember, documentId: string): Promise<DataLibraryDocument> {
  const sameName = sql`d.filename = (select x.filename from documents x where x.id = ${documentId} and x.organisation_id = ${member.organisationId})`;
  const [row] = rowsOf<ListedRow>(await db.execute(newestVersions(member, sameName)));
  if (!row) throw documentNotFound();
  return presented(member, row);
}

/** One of the organisation's documents (any version); another organisation's is not found. */
export async function findOwnDocument(db: Database, member: LibraryMember, documentId: string): Promise<DocumentRow> {
  const [row] = await db.select().from(documents).where(ownDocument(member, documentId)).limit(1);
  if (!row) throw documentNotFound();
  return row;
}

/** A file name the shared library already uses would put two documents behind one name in the wiki. */
export async function refuseLibraryName(db: Database, filename: string): Promise<void> {
  const [taken] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(isNull(documents.organisationId), eq(documents.filename, filename)))
    .limit(1);
  if (taken) {
    throw new AppError(409, `The shared library already has a document called ${filename}. Rename your file and upload it again.`);
  }
}

const EDITABLE = { title: 'title', category: 'category', domain: 'domain', subdomain: 'subdomain' } as const;
type EditableField = keyof typeof EDITABLE;

/** Change the title or tags of every version of a document; a real change is recorded with the fields changed. */
export async function updateOwnDocument(options: {
  db: Database;
  member: LibraryMember;
  documentId: string;
  input: UpdateDataLibraryDocumentInput;
}): Promise<DataLibraryDocument> {
  const { db, member, documentId, input } = options;
  await db.transaction(async (tx) => {
    const row = await findOwnDocument(tx, member, documentId);
    requireManage(member, row);
    const changed = (Object.keys(EDITABLE) as EditableField[]).filter(
      (field) => input[field] !== undefined && input[field] !== row[EDITABLE[field]],
    );
    if (changed.length === 0) return;
    await tx
      .update(documents)
      .set({ ...Object.fromEntries(changed.map((field) => [EDITABLE[field], input[field]])), updatedAt: new Date() })
      .where(and(eq(documents.organisationId, member.organisationId), eq(documents.filename, row.filename)));
    await recordEvent(tx, {
      kind: 'documents.updated',
      organisationId: member.organisationId,
      actorUserId: member.userId,
      subject: { type: 'document', id: documentId },
      data: { fields: changed },
    });
  });
  return presentOwnDocument(db, member, documentId);
}

/** Delete a document with every version of it (passages, vectors and favourites go with them). */
export async function deleteOwnDocument(options: { db: Database; member: LibraryMember; documentId: string }): Promise<string> {
  const { db, member, documentId } = options;
  return db.transaction(async (tx) => {
    const row = await findOwnDocument(tx, member, documentId);
    requireManage(member, row);
    await tx.delete(documents).where(and(eq(documents.organisationId, member.organisationId), eq(documents.filename, row.filename)));
    await recordEvent(tx, {
      kind: 'documents.deleted',
      organisationId: member.organisationId,
      actorUserId: member.userId,
      subject: { type: 'document', id: documentId },
      data: { code: row.code.slice(0, 200), title: row.title.slice(0, 600) },
    });
    return `${row.title} was deleted.`;
  });
}
