import { WRITE_KIND_LABELS, WRITE_TITLE_MAX_LENGTH, type WriteJobProgress, type WriteKind } from '@verity/shared';
import type { Database } from '../../db/connect.ts';
import { writeDocuments } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { createRateLimiter, type RateLimiter, type RateLimitStore } from '../../lib/rate-limit.ts';
import { fileStem } from '../../lib/uploads.ts';
import { enqueue } from '../../jobs/definition.ts';
import type { JobRow, JobSignal } from '../../jobs/queue.ts';
import { type WriteJobPayload, writeJob } from './job.ts';
import type { WriteAuthor } from '../../core/policies/write.ts';
import { type TranscriptLimits, type TranscriptSource, transcriptFrom } from './transcripts.ts';

/** Documents each user may start an hour: writing one costs far more than reading one. */
export function createWriteLimiter(options: { store: RateLimitStore; perHour: number }): RateLimiter {
  return createRateLimiter({ store: options.store, name: 'write:documents', limit: options.perHour, windowMs: 60 * 60_000 });
}

/**
 * Start a document from a transcript. The form has been validated; the attempt is counted against
 * the author's limit before the file is read (reading a Word file is the expensive part), then the
 * transcript is read and checked, and only then are the document (status generating) and its job
 * stored, together, and the worker woken. A refusal at any step stores nothing.
 */
export async function createDocument(options: {
  db: Database;
  signal?: JobSignal;
  maxAttempts: number;
  limiter: RateLimiter;
  limits: TranscriptLimits;
  author: WriteAuthor;
  source: TranscriptSource;
  kind: WriteKind;
  title?: string;
  meetingDate?: string;
}): Promise<{ documentId: string; job: JobRow }> {
  const { db, author, source, kind } = options;
  await options.limiter.consume(`${author.organisationId}:${author.userId}`);
  const transcript = await transcriptFrom(source, options.limits, author.userId);
  const documentId = newId();
  const sourceFilename = 'file' in source ? source.filename : null;
  // Until the document is written it is listed under a name of the author's, its file's or its kind's.
  const provisionalTitle =
    options.title ?? (sourceFilename ? fileStem(sourceFilename).slice(0, WRITE_TITLE_MAX_LENGTH) : WRITE_KIND_LABELS[kind]);
  const payload: WriteJobPayload = { document_id: documentId, provisional_title: options.title === undefined ? provisionalTitle : null };
  const job = await db.transaction(async (tx) => {
    const queued = await enqueue(writeJob, {
      db: tx,
      payload,
      maxAttempts: options.maxAttempts,
      progress: { stage: 'queued' } satisfies WriteJobProgress,
    });
    await tx.insert(writeDocuments).values({
      id: documentId,
      organisationId: author.organisationId,
      userId: author.userId,
      title: provisionalTitle,
      kind,
      meetingDate: options.meetingDate ?? null,
      status: 'generating',
      transcript,
      jobId: queued.id,
      sourceFilename,
    });
    return queued;
  });
  // Once committed: a worker woken earlier could not yet see the job.
  options.signal?.notify();
  return { documentId, job };
}
