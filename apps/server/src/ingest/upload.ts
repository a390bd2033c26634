import type { IngestDocumentFields, IngestJobProgress, IngestJobResponse, JobStatus } from '@verity/shared';
import type { Config } from '../config.ts';
import type { Database } from '../db/connect.ts';
import { and, eq, sql } from 'drizzle-orm';
import { files, jobs } from '../db/schema.ts';
import type { ParseLimits } from './limits.ts';
import { UnreadableFileError } from './parse.ts';
import { recordEvent } from '../core/events/service.ts';
import { AppError, catalogued, notFound, validationError } from '../lib/errors.ts';
import { formatMegabytes } from '../lib/uploads.ts';
import { newId, sha256 } from '../lib/ids.ts';
import { enqueue } from '../jobs/definition.ts';
import { INGEST_JOB_KIND, type IngestJobPayload, type IngestJobResult, ingestJob } from './job.ts';
import type { JobRow, JobSignal } from '../jobs/queue.ts';
import { untrustedSettingsFrom, untrustedWork } from '../untrusted/pool.ts';

/** The multipart limits of an ingestion upload (the ingestion API's and the admin area's). */
export function ingestUploadLimits(maxBytes: number) {
  return {
    maxBytes,
    tooLarge: () => catalogued(413, 'fileTooLarge', `The file is larger than the ingestion limit of ${formatMegabytes(maxBytes)}.`),
    notMultipart: 'Send the file and its details as multipart/form-data',
  };
}

/**
 * An upload route's file and details accepted into a job: an empty file is refused before
 * anything is stored, then acceptUpload decides the rest. `organisationId` makes it that
 * organisation's own document (its data library); `storeAs` stores it under another name (a new
 * version of a document keeps the document's file name).
 */
export async function acceptIngestForm(options: {
  db: Database;
  config: Config;
  signal?: JobSignal;
  upload: { file: File; filename: string } | null;
  fields: IngestDocumentFields;
  uploadedBy?: string;
  organisationId?: string;
  storeAs?: string;
}): Promise<JobRow> {
  const { upload, config } = options;
  if (!upload) throw new Error('the descriptor requires a file');
  if (upload.file.size === 0) throw validationError([{ loc: ['body', 'file'], msg: 'The file is empty' }]);
  return acceptUpload({
    db: options.db,
    signal: options.signal,
    maxAttempts: config.JOBS_MAX_ATTEMPTS,
    filename: options.storeAs ?? upload.filename,
    bytes: new Uint8Array(await upload.file.arrayBuffer()),
    fields: options.fields,
    limits: untrustedSettingsFrom(config).limits,
    ...(options.uploadedBy ? { uploadedBy: options.uploadedBy } : {}),
    ...(options.organisationId ? { organisationId: options.organisationId } : {}),
  });
}

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
  /** The person uploading (an administrator, or a member to their data library); the ingestion API has none. */
  uploadedBy?: string;
  /** The organisation whose own document it becomes; the shared library when absent. */
  organisationId?: string;
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
    filename,
    ...(options.uploadedBy ? { uploaded_by: options.uploadedBy } : {}),
    ...(options.organisationId ? { organisation_id: options.organisationId } : {}),
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
      organisationId: options.organisationId ?? null,
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

/**
 * Queue a failed ingestion of the shared library again, from its first attempt, while its file is still kept
 * (FAILED_UPLOAD_KEEP_MS). Refused with a sentence when the job is not failed or its file is gone.
 */
export async function retryIngestion(options: {
  db: Database;
  id: string;
  /** The administrator asking; recorded as jobs.retried in the same transaction. */
  actorUserId: string;
  signal?: JobSignal;
  now?: Date;
}): Promise<JobRow> {
  const { db, id } = options;
  const at = options.now ?? new Date();
  const job = await db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, id), eq(jobs.kind, INGEST_JOB_KIND), sql`coalesce(${jobs.payload}->>'organisation_id', '') = ''`))
      .for('update');
    if (!found) throw notFound('The requested job could not be found.');
    if (found.status !== 'failed') throw new AppError(409, 'Only a failed ingestion can be retried.');
    const fileId = (found.payload as { file_id?: unknown }).file_id;
    const [file] = typeof fileId === 'string' ? await tx.select({ id: files.id }).from(files).where(eq(files.id, fileId)) : [];
    if (!file) throw new AppError(409, 'The file of this ingestion is no longer kept. Upload it again.');
    const [queued] = await tx
      .update(jobs)
      .set({
        status: 'queued',
        attempts: 0,
        error: null,
        result: null,
        progress: { stage: 'queued' },
        runAt: at,
        lockedAt: null,
        updatedAt: at,
      })
      .where(eq(jobs.id, id))
      .returning();
    if (!queued) throw new Error('the locked job vanished');
    await recordEvent(tx, {
      kind: 'jobs.retried',
      organisationId: null,
      actorUserId: options.actorUserId,
      subject: null,
      data: { job_id: id, job_kind: INGEST_JOB_KIND },
    });
    return queued;
  });
  options.signal?.notify();
  return job;
}
