import {
  ADMIN_LIBRARY_PAGE_SIZE,
  type AdminLibraryDocument,
  type AdminLibraryQuery,
  type AdminLibraryResponse,
  type UpdateLibraryDocumentInput,
} from '@verity/shared';
import { and, asc, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { enqueueLibraryEmbedding } from '../../ai/embeddings.ts';
import { recordEvent } from '../../core/events/service.ts';
import { notifySuperseded } from '../../core/notifications/radar.ts';
import type { Database } from '../../db/connect.ts';
import { documents, elementEmbeddings } from '../../db/schema.ts';
import { rebuildPostings } from '../../ingest/store.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/like.ts';

/**
 * The shared regulatory library as its administrators manage it: the documents every
 * organisation reads (organisation_id null), their details, supersession, re-indexing and
 * deletion, and the ingestion jobs that add them. Every change is an event in its transaction.
 */

type DocumentRow = typeof documents.$inferSelect;

// Written out: inside a select list the column would lose its table name and match e.id.
const elementCount = sql<number>`(select count(*)::int from document_elements e where e.document_id = "documents"."id")`;

function presented(row: DocumentRow, elements: number): AdminLibraryDocument {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    filename: row.filename,
    category: row.category,
    domain: row.domain,
    subdomain: row.subdomain,
    issuer: row.issuer,
    edition: row.edition,
    status: row.status,
    superseded_by: row.supersededByCode,
    supersedes: row.supersedes,
    source: row.sourceKind === 'corpus' ? 'seed' : 'upload',
    newer_edition: row.hasNewerEdition,
    elements: Number(elements),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** One page of the shared library by code (as a catalogue reads), searched by part of a code, title or file name. */
export async function listLibrary(db: Database, query: AdminLibraryQuery): Promise<AdminLibraryResponse> {
  const conditions: (SQL | undefined)[] = [isNull(documents.organisationId)];
  if (query.status) conditions.push(eq(documents.status, query.status));
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(or(ilike(documents.code, pattern), ilike(documents.title, pattern), ilike(documents.filename, pattern)));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ document: documents, elements: elementCount })
      .from(documents)
      .where(where)
      .orderBy(asc(sql`lower(${documents.code})`), desc(documents.createdAt), asc(documents.id))
      .limit(ADMIN_LIBRARY_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_LIBRARY_PAGE_SIZE),
    db.select({ n: count() }).from(documents).where(where),
  ]);
  return {
    documents: rows.map((row) => presented(row.document, row.elements)),
    total: Number(total?.n ?? 0),
    page: query.page,
    page_size: ADMIN_LIBRARY_PAGE_SIZE,
  };
}

/** A document of the shared library (an organisation's own document is not one: 404). */
async function findRow(db: Database, documentId: string, lock = false): Promise<DocumentRow> {
  const select = db
    .select()
    .from(documents)
    .where(and(eq(documents.id, documentId), isNull(documents.organisationId)))
    .limit(1);
  const [row] = lock ? await select.for('update') : await select;
  if (!row) throw notFound('There is no library document with that id.');
  return row;
}

async function presentById(db: Database, documentId: string): Promise<AdminLibraryDocument> {
  const [row] = await db.select({ document: documents, elements: elementCount }).from(documents).where(eq(documents.id, documentId));
  if (!row) throw notFound('There is no library document with that id.');
  return presented(row.document, row.elements);
}

/** The editable details, as the API names them, with their columns. */
const EDITABLE = {
  code: 'code',
  title: 'title',
  edition: 'edition',
  status: 'status',
  superseded_by: 'supersededByCode',
  category: 'category',
  domain: 'domain',
  subdomain: 'subdomain',
  issuer: 'issuer',
} as const satisfies Record<keyof UpdateLibraryDocumentInput, keyof DocumentRow>;
type EditableField = keyof typeof EDITABLE;

/**
 * Change a document's details. A current document has no replacement, so making it current
 * clears the stored one; a superseded one needs the code that replaced it. Only a real change is
 * written and recorded, naming the fields changed.
 */
export async function updateLibraryDocument(options: {
  db: Database;
  adminId: string;
  documentId: string;
  input: UpdateLibraryDocumentInput;
}): Promise<AdminLibraryDocument> {
  const { db, adminId, documentId, input } = options;
  await db.transaction(async (tx) => {
    const row = await findRow(tx, documentId, true);
    const next: Partial<DocumentRow> = {};
    for (const field of Object.keys(EDITABLE) as EditableField[]) {
      const value = input[field];
      if (value !== undefined) Object.assign(next, { [EDITABLE[field]]: value });
    }
    const status = next.status ?? row.status;
    if (status === 'current') {
      if (input.superseded_by) {
        throw validationError([{ loc: ['body', 'superseded_by'], msg: 'A current document is not superseded; leave Superseded by empty' }]);
      }
      next.supersededByCode = null;
    } else if (!(next.supersededByCode !== undefined ? next.supersededByCode : row.supersededByCode)) {
      throw validationError([
        { loc: ['body', 'superseded_by'], msg: 'A superseded document needs the code of the document that replaced it' },
      ]);
    }
    const changed = (Object.keys(EDITABLE) as EditableField[]).filter((field) => {
      const column = EDITABLE[field];
      return column in next && next[column] !== row[column];
    });
    if (changed.length === 0) return;
    await tx
      .update(documents)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(documents.id, documentId));
    await recordEvent(tx, {
      kind: 'documents.updated',
      organisationId: null,
      actorUserId: adminId,
      subject: { type: 'document', id: documentId },
      data: { fields: changed },
    });
  });
  return presentById(db, documentId);
}

/** "1 person was" / "3 people were". */
function peopleWere(n: number): string {
  return n === 1 ? '1 person was' : `${n} people were`;
}

/**
 * Mark a document superseded by another of the shared library, setting the link both ways, and
 * tell everyone who relies on it through the radar (once each), in one transaction.
 */
export async function supersedeLibraryDocument(options: {
  db: Database;
  adminId: string;
  documentId: string;
  supersededById: string;
}): Promise<{ document: AdminLibraryDocument; told: number; message: string }> {
  const { db, adminId, documentId, supersededById } = options;
  if (documentId === supersededById) throw new AppError(409, 'A document cannot supersede itself.');
  const told = await db.transaction(async (tx) => {
    const old = await findRow(tx, documentId, true);
    const next = await findRow(tx, supersededById, true).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 404) throw notFound('There is no library document with the id of the replacement.');
      throw error;
    });
    if (next.status === 'superseded') {
      throw new AppError(409, `${next.code} is itself superseded. Choose the edition that is current.`);
    }
    await tx
      .update(documents)
      .set({ status: 'superseded', supersededByCode: next.code, updatedAt: new Date() })
      .where(eq(documents.id, old.id));
    if (!next.supersedes.includes(old.code)) {
      await tx
        .update(documents)
        .set({ supersedes: [...next.supersedes, old.code], updatedAt: new Date() })
        .where(eq(documents.id, next.id));
    }
    const reached = await notifySuperseded({ db: tx, documentId: next.id });
    await recordEvent(tx, {
      kind: 'documents.superseded',
      organisationId: null,
      actorUserId: adminId,
      subject: { type: 'document', id: old.id },
      data: { superseded_by: next.id, told: reached },
    });
    return reached;
  });
  const document = await presentById(db, documentId);
  const [replacement] = await db.select({ code: documents.code }).from(documents).where(eq(documents.id, supersededById));
  return {
    document,
    told,
    message: `${document.code} is now superseded by ${replacement?.code ?? 'the new edition'}. ${peopleWere(told)} told.`,
  };
}

/**
 * Rebuild a document's search postings and, with semantic search configured, drop its vectors
 * and queue the embedding job that computes them again.
 */
export async function reindexLibraryDocument(options: {
  db: Database;
  adminId: string;
  documentId: string;
  semanticSearch: boolean;
}): Promise<{ document: AdminLibraryDocument; message: string }> {
  const { db, adminId, documentId, semanticSearch } = options;
  await db.transaction(async (tx) => {
    await findRow(tx, documentId, true);
    await rebuildPostings(tx, documentId);
    if (semanticSearch) {
      await tx.delete(elementEmbeddings).where(eq(elementEmbeddings.documentId, documentId));
      await enqueueLibraryEmbedding({ db: tx });
    }
    await recordEvent(tx, {
      kind: 'documents.reindexed',
      organisationId: null,
      actorUserId: adminId,
      subject: { type: 'document', id: documentId },
      data: {},
    });
  });
  const document = await presentById(db, documentId);
  const vectors = semanticSearch ? ' Its passages will be embedded again for semantic search shortly.' : '';
  return { document, message: `The search index of ${document.code} was rebuilt.${vectors}` };
}

/**
 * Delete an uploaded document of the shared library with its passages, vectors and favourites
 * (cascade). The older rows of its file name are re-marked, so one of them is the newest again.
 * Seed documents are refused: the seed step would store them again at the next start.
 */
export async function deleteLibraryDocument(options: { db: Database; adminId: string; documentId: string }): Promise<string> {
  const { db, adminId, documentId } = options;
  return db.transaction(async (tx) => {
    const row = await findRow(tx, documentId, true);
    if (row.sourceKind === 'corpus') {
      throw new AppError(
        409,
        `${row.code} is part of Verity's built-in library and would return at the next start. Mark it superseded instead.`,
      );
    }
    await tx.delete(documents).where(eq(documents.id, documentId));
    await tx.execute(sql`
      update documents o set has_newer_edition = exists (
        select 1 from documents n where n.filename = o.filename and (n.created_at, n.id) > (o.created_at, o.id))
      where o.filename = ${row.filename}`);
    await recordEvent(tx, {
      kind: 'documents.deleted',
      organisationId: null,
      actorUserId: adminId,
      subject: { type: 'document', id: documentId },
      data: { code: row.code.slice(0, 200), title: row.title.slice(0, 600) },
    });
    return `${row.code} was deleted from the library.`;
  });
}
