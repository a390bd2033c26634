import { and, eq, type SQL } from 'drizzle-orm';
import { writeDocuments } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * Who may see or change a written document (minutes, an action log, …), its transcript, its
 * evidence and its generation job: only the user who made it, within their organisation. There is
 * no sharing. Matching both user and organisation in every query means another user's or
 * organisation's id behaves exactly like a missing one (`writeDocumentNotFound`).
 */
export interface WriteAuthor {
  organisationId: string;
  userId: string;
}

/** The author's documents (the `write_documents` table). */
export function ownWriteDocuments(author: WriteAuthor): SQL {
  return and(eq(writeDocuments.organisationId, author.organisationId), eq(writeDocuments.userId, author.userId)) as SQL;
}

/** One document, when it is the author's. */
export function ownWriteDocument(author: WriteAuthor, documentId: string): SQL {
  return and(eq(writeDocuments.id, documentId), ownWriteDocuments(author)) as SQL;
}

/** The document a generation job writes, when it is the author's. */
export function ownWriteJob(author: WriteAuthor, jobId: string): SQL {
  return and(eq(writeDocuments.jobId, jobId), ownWriteDocuments(author)) as SQL;
}

export const WRITE_DOCUMENT_NOT_FOUND = 'The requested document could not be found.';
export const WRITE_JOB_NOT_FOUND = 'The requested job could not be found.';

export const writeDocumentNotFound = () => notFound(WRITE_DOCUMENT_NOT_FOUND);
export const writeJobNotFound = () => notFound(WRITE_JOB_NOT_FOUND);
