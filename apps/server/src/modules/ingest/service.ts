import type { IngestDocumentFields, IngestJobProgress, IngestJobResponse, JobStatus } from '@verity/shared';
import type { Database } from '../../db/connect.ts';
import { files } from '../../db/schema.ts';
import type { ParseLimits } from '../../ingest/limits.ts';
import { UnreadableFileError } from '../../ingest/parse.ts';
import { catalogued } from '../../lib/errors.ts';
import { newId, sha256 } from '../../lib/ids.ts';
import { enqueue } from '../../jobs/definition.ts';
import { type IngestJobPayload, type IngestJobResult, ingestJob } from './job.ts';
import type { JobRow, JobSignal } from '../../jobs/queue.ts';
import { untrustedWork } from '../../untrusted/pool.ts';

/**
 * Accepts an upload for ingestion: the type is decided from the content, and a Word file's ZIP
 * directory is held to the parse limits (in the untrusted-work pool), before anything is written (a zip bomb is refused at
 * once, not queued); then the file and its job are stored together and the worker is woken.
 */
export async function acceptUpload(options: {
  db: Database;
  signal?: JobSignal;
  maxAttempts: number;
  filename: string;
  bytes: Uint8Array;
  fields: IngestDocumentFields;
  limits: ParseLimits;
}): Promise<JobRow> {
  const { db, filename, bytes, fields } = options;
  let format: string;
  try {
    format = await untrustedWork().checkFormat({ bytes, filename });
  } catch (error) {
    if (error instanceof UnreadableFileError) throw catalogued(422, 'unsupportedDocument', error.message);
    throw error;
  }
  const payload: IngestJobPayload = {
    file_id: newId(),
    metadata: {
      code: fields.code,
      title: fields.title,
      category: fields.category,
      domain: fields.domain,
      subdomain: fields.subdomain,
      issuer: fields.issuer,
      edition: fields.edition,
      status: fields.status,
      supersededBy: fields.superseded_by,
      supersedes: fields.supersedes,
    },
  };
  const job = await storeUpload(db, async (tx) => {
    await tx.insert(files).values({
      id: payload.file_id,
      organisationId: null,
      filename,
      sha256: sha256(Buffer.from(bytes)),
      size: bytes.byteLength,
      format,
      bytes: Buffer.from(bytes),
    });
    return enqueue(ingestJob, {
      db: tx,
      payload,
      maxAttempts: options.maxAttempts,
      progress: { stage: 'queued' } satisfies IngestJobProgress,
    });
  });
  options.signal?.notify();
  return job;
}

/**
 * Runs the insert of an upload. A failed query's message carries its parameters — here the file's
 * bytes — and the error handler logs what it is given, so only the database's error code goes on.
 */
async function storeUpload<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
    throw new Error(`Storing an upload failed (database error ${String(cause?.code ?? 'unknown')})`);
  }
}

export function presentJob(job: JobRow): IngestJobResponse {
  const result = job.result as IngestJobResult | null;
  return {
    id: job.id,
    status: job.status as JobStatus,
    progress: (job.progress as IngestJobProgress | null) ?? { stage: 'queued' },
    attempts: job.attempts,
    ...(job.status === 'succeeded' && result ? { document_id: result.document_id, created: result.created } : {}),
    ...(job.error ? { error: job.error } : {}),
    created_at: job.createdAt.toISOString(),
    updated_at: job.updatedAt.toISOString(),
  };
}
