import { ERROR_CODES, WRITE_DOCUMENTS_PAGE_SIZE, type WriteContent, type WriteDocument, type WriteDocumentSummary } from '@verity/shared';
import { and, count, desc, eq, ilike } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { writeDocuments } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/like.ts';
import { ownWriteDocument, ownWriteDocuments, type WriteAuthor, writeDocumentNotFound } from '../../core/policies/write.ts';
import { recordEvent } from '../../core/events/service.ts';

/**
 * A user's written documents: list, read, rename, save and delete. Every query goes through the
 * write policy, so another user's or organisation's document behaves exactly like a missing one.
 */

export type WriteDocumentRow = typeof writeDocuments.$inferSelect;

/** What the list shows of a document (never its transcript, findings or content). */
const summaryColumns = {
  id: writeDocuments.id,
  title: writeDocuments.title,
  kind: writeDocuments.kind,
  meetingDate: writeDocuments.meetingDate,
  status: writeDocuments.status,
  createdAt: writeDocuments.createdAt,
  updatedAt: writeDocuments.updatedAt,
};
type WriteSummaryRow = Pick<WriteDocumentRow, keyof typeof summaryColumns>;

/** The author's documents, newest first, optionally only those whose title contains `q`. */
export async function listDocuments(options: {
  db: Database;
  author: WriteAuthor;
  q?: string;
  page: number;
}): Promise<{ rows: WriteSummaryRow[]; total: number }> {
  const { db, author, page } = options;
  const where = options.q
    ? and(ownWriteDocuments(author), ilike(writeDocuments.title, containsPattern(options.q)))
    : ownWriteDocuments(author);
  const [rows, [totals]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(writeDocuments)
      .where(where)
      .orderBy(desc(writeDocuments.createdAt), desc(writeDocuments.id))
      .limit(WRITE_DOCUMENTS_PAGE_SIZE)
      .offset((page - 1) * WRITE_DOCUMENTS_PAGE_SIZE),
    db.select({ total: count() }).from(writeDocuments).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** One document of the author's, or the policy's 404. */
export async function getDocument(options: { db: Database; author: WriteAuthor; documentId: string }): Promise<WriteDocumentRow> {
  const [row] = await options.db.select().from(writeDocuments).where(ownWriteDocument(options.author, options.documentId));
  if (!row) throw writeDocumentNotFound();
  return row;
}

export async function renameDocument(options: {
  db: Database;
  author: WriteAuthor;
  documentId: string;
  title: string;
}): Promise<WriteSummaryRow> {
  const [row] = await options.db
    .update(writeDocuments)
    .set({ title: options.title, updatedAt: new Date() })
    .where(ownWriteDocument(options.author, options.documentId))
    .returning(summaryColumns);
  if (!row) throw writeDocumentNotFound();
  return row;
}

/** Delete a document of the author's; a generation job still queued for it then finds nothing to write. */
export async function deleteDocument(options: { db: Database; author: WriteAuthor; documentId: string }): Promise<void> {
  const { author, documentId } = options;
  await options.db.transaction(async (tx) => {
    const deleted = await tx.delete(writeDocuments).where(ownWriteDocument(author, documentId)).returning({ id: writeDocuments.id });
    if (deleted.length === 0) throw writeDocumentNotFound();
    await recordEvent(tx, {
      kind: 'write.document_deleted',
      organisationId: author.organisationId,
      actorUserId: author.userId,
      subject: { type: 'write_document', id: documentId },
      data: {},
    });
  });
}

/**
 * Save the editor's content over the version it was edited from. The version is compared and
 * increased in the same statement, so of two saves made from one version exactly one is kept; the
 * other, and any save to a document not yet written, is refused with 409 and changes nothing.
 */
export async function saveContent(options: {
  db: Database;
  author: WriteAuthor;
  documentId: string;
  content: WriteContent;
  version: number;
}): Promise<{ version: number; updatedAt: Date }> {
  const { db, author, documentId, version } = options;
  const [saved] = await db
    .update(writeDocuments)
    .set({ content: options.content, version: version + 1, updatedAt: new Date() })
    .where(and(ownWriteDocument(author, documentId), eq(writeDocuments.status, 'ready'), eq(writeDocuments.version, version)))
    .returning({ version: writeDocuments.version, updatedAt: writeDocuments.updatedAt });
  if (saved) return saved;
  const [current] = await db.select({ status: writeDocuments.status }).from(writeDocuments).where(ownWriteDocument(author, documentId));
  if (!current) throw writeDocumentNotFound();
  throw current.status === 'ready' ? writeConflict() : notWritten(current.status);
}

/** A save from a copy older than the saved document (another tab or window saved since). */
export function writeConflict(): AppError {
  const entry = ERROR_CODES.writeConflict;
  return new AppError(409, entry.message, { errorCode: entry.code, errorTitle: entry.title });
}

/** The document has no content to save over or export: still being written, or its writing failed. */
export function notWritten(status: 'generating' | 'failed'): AppError {
  return new AppError(
    409,
    status === 'generating'
      ? 'This document is still being written. Wait until it is ready, then try again.'
      : 'This document could not be written from its transcript, so it has no content. Upload the transcript again to retry.',
  );
}

export function presentSummary(row: WriteSummaryRow): WriteDocumentSummary {
  return {
    external_id: row.id,
    title: row.title,
    kind: row.kind,
    meeting_date: row.meetingDate,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentDocument(row: WriteDocumentRow): WriteDocument {
  return {
    ...presentSummary(row),
    content: row.content,
    version: row.version,
    findings: row.findings,
    engine: row.engine,
    // The job is only worth following while it runs, or to learn why it failed.
    job_id: row.status === 'ready' ? null : row.jobId,
    error: row.error,
    source_filename: row.sourceFilename,
  };
}
