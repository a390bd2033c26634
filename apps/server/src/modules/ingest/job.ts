import type { IngestJobProgress } from '@verity/shared';
import { eq } from 'drizzle-orm';
import { files } from '../../db/schema.ts';
import { parseUntrustedFile } from '../../untrusted/pool.ts';
import { type ParsedDocument, UnreadableFileError } from '../../ingest/parse.ts';
import { completeMetadata, DocumentOwnerConflictError, type GivenMetadata, storeDocument } from '../../ingest/store.ts';
import { z } from 'zod';
import { defineJob, type JobPayload, jobHandler } from '../../jobs/definition.ts';
import { type JobHandler, PermanentJobError } from '../../jobs/worker.ts';

/** Reading one uploaded file into the library, with the metadata its uploader gave. */
export const ingestJob = defineJob(
  'ingest_document',
  z.object({
    file_id: z.string().min(1),
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
    try {
      const stored = await storeDocument({
        db,
        organisationId: file.organisationId,
        filename: file.filename,
        contentHash: file.sha256,
        metadata: completeMetadata(payload.metadata, parsed, file.filename),
        elements: parsed.elements,
        sourceKind: 'upload',
        ingestedVia: { via: 'api', jobId: job.id },
      });
      await reportProgress({ stage: 'done', ...counts } satisfies IngestJobProgress);
      return { document_id: stored.documentId, created: stored.created };
    } catch (error) {
      if (error instanceof DocumentOwnerConflictError) throw new PermanentJobError(error.message);
      throw error;
    }
  },
  // Either way the upload has served its purpose: a failed file can only be fixed by uploading a new one.
  async onSucceeded(tx, _job, payload) {
    await tx.delete(files).where(eq(files.id, payload.file_id));
  },
  async onFailed(tx, _job, payload) {
    await tx.delete(files).where(eq(files.id, payload.file_id));
  },
});
