import type { IngestJobProgress } from '@verity/shared';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { files, jobs } from '../db/schema.ts';
import { parseUntrustedFile } from '../untrusted/pool.ts';
import { type ParsedDocument, UnreadableFileError } from './parse.ts';
import { completeMetadata, type GivenMetadata, storeDocument } from './store.ts';
import { z } from 'zod';
import { defineJob, type JobPayload, jobHandler } from '../jobs/definition.ts';
import { type JobHandler, PermanentJobError } from '../jobs/worker.ts';

/** Reading one uploaded file into the library, with the metadata its uploader gave. */
export const ingestJob = defineJob(
  'ingest_document',
  z.object({
    file_id: z.string().min(1),
    /** The uploaded file's name, kept for the list of ingestion jobs once the file itself is gone. */
    filename: z.string().optional(),
    /** The person who uploaded it (the ingestion API has none). */
    uploaded_by: z.string().optional(),
    /** The organisation whose own document it becomes (its data library); the shared library when absent. */
    organisation_id: z.string().optional(),
    metadata: z.object({
      code: z.string().optional(),
      title: z.string().optional(),
      category: z.string(),
      domain: z.string(),
      subdomain: z.string(),
      issuer: z.string().optional(),
      edition: z.string().optional(),
      status: z.enum(['current', 'superseded']).optional(),
      supersededBy: z.string().optional(),
      supersedes: z.array(z.string()).optional(),
    }) satisfies z.ZodType<GivenMetadata>,
  }),
);
export const INGEST_JOB_KIND = ingestJob.kind;
export type IngestJobPayload = JobPayload<typeof ingestJob>;

export interface IngestJobResult {
  document_id: string;
  created: boolean;
}

export const INGEST_INTERRUPTED =
  'The server stopped while processing this file, so it was not tried again. The file may be too large or complex to read; upload it again to retry.';

/** How long the file of a failed ingestion is kept so an administrator can retry it. */
export const FAILED_UPLOAD_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Parses an uploaded file in the untrusted-work pool and stores the document through the one
 * store path. A file that cannot be read fails at once with the parser's explanation; the upload
 * is deleted when the job ends.
 */
export const ingestJobHandler: JobHandler = jobHandler(ingestJob, {
  interruptedMessage: INGEST_INTERRUPTED,
  async run({ job, payload, db, reportProgress, signal }): Promise<IngestJobResult> {
    const [file] = await db.select().from(files).where(eq(files.id, payload.file_id));
    if (!file) throw new PermanentJobError('The uploaded file is no longer available. Please upload it again.');

    await reportProgress({ stage: 'parsing' } satisfies IngestJobProgress);
    let parsed: ParsedDocument;
    try {
      parsed = await parseUntrustedFile({ bytes: new Uint8Array(file.bytes), filename: file.filename, signal });
    } catch (error) {
      if (error instanceof UnreadableFileError) throw new PermanentJobError(error.message);
      throw error;
    }
    const counts = { pages: parsed.pageCount, elements: parsed.elements.length };
    await reportProgress({ stage: 'storing', ...counts } satisfies IngestJobProgress);
    const stored = await storeDocument({
      db,
      organisationId: file.organisationId,
      filename: file.filename,
      contentHash: file.sha256,
      metadata: completeMetadata(payload.metadata, parsed, file.filename),
      elements: parsed.elements,
      sourceKind: 'upload',
      ingestedVia: { via: 'api', jobId: job.id, ...(payload.uploaded_by ? { userId: payload.uploaded_by } : {}) },
    });
    await reportProgress({ stage: 'done', ...counts } satisfies IngestJobProgress);
    return { document_id: stored.documentId, created: stored.created };
  },
  // A stored file has served its purpose, and so has one the parser refused (it would be refused
  // again). One that ran out of attempts or whose process died may read on another try: it is
  // kept for an administrator's retry until `sweep` removes it.
  async onSucceeded(tx, _job, payload) {
    await tx.delete(files).where(eq(files.id, payload.file_id));
  },
  async onFailed(tx, _job, payload, failure) {
    if (failure.permanent) await tx.delete(files).where(eq(files.id, payload.file_id));
  },
  sweep: sweepFailedUploads,
});

/** Delete the files of ingestions that failed more than FAILED_UPLOAD_KEEP_MS ago; returns how many. */
export async function sweepFailedUploads(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - FAILED_UPLOAD_KEEP_MS);
  const stale = db
    .select({ fileId: sql<string>`${jobs.payload}->>'file_id'` })
    .from(jobs)
    .where(and(eq(jobs.kind, INGEST_JOB_KIND), eq(jobs.status, 'failed'), lt(jobs.updatedAt, before)));
  const removed = await db.delete(files).where(sql`${files.id} in (${stale})`).returning({ id: files.id });
  return removed.length;
}
