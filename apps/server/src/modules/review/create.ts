import { REVIEW_TITLE_MAX_LENGTH, type ReviewJobProgress } from '@verity/shared';
import type { Database } from '../../db/connect.ts';
import { reviews } from '../../db/schema.ts';
import { enqueue } from '../../jobs/definition.ts';
import type { JobRow, JobSignal } from '../../jobs/queue.ts';
import { type ReviewJobPayload, reviewJob } from './job.ts';
import { newId } from '../../lib/ids.ts';
import { createRateLimiter, type RateLimiter, type RateLimitStore } from '../../lib/rate-limit.ts';
import { fileStem } from '../../lib/uploads.ts';
import { ownReview, type ReviewAuthor, reviewNotFound } from '../../core/policies/review.ts';
import { type PolicyLimits, readPolicyFile } from './upload.ts';

/** Reviews each user may start an hour: reading and reviewing a policy costs far more than reading one. */
export function createReviewLimiter(options: { store: RateLimitStore; perHour: number }): RateLimiter {
  return createRateLimiter({ store: options.store, name: 'review:reviews', limit: options.perHour, windowMs: 60 * 60_000 });
}

export interface CreateReviewOptions {
  db: Database;
  signal?: JobSignal;
  maxAttempts: number;
  limiter: RateLimiter;
  limits: PolicyLimits;
  author: ReviewAuthor;
  upload: { file: Blob; filename: string };
  title?: string;
}

/**
 * Start a review of a policy. The form has been validated; the attempt is counted against the
 * author's limit before the file is read (parsing is the expensive part), then the policy is read
 * and checked, and only then are the review (status reviewing, with the policy's blocks) and its
 * job stored, together, and the worker woken. A refusal at any step stores nothing.
 */
export function createReview(options: CreateReviewOptions): Promise<{ reviewId: string; job: JobRow }> {
  return startReview(options, null);
}

/**
 * Start the review of a new version of one of the author's policies: the same as a new review,
 * linked to the earlier one (`previous_id`) so it can show what changed. Another user's or
 * organisation's review answers 404, before anything is counted or read.
 */
export async function createVersion(options: CreateReviewOptions & { previousId: string }): Promise<{ reviewId: string; job: JobRow }> {
  await assertOwnReview(options.db, options.author, options.previousId);
  return startReview(options, options.previousId);
}

async function startReview(options: CreateReviewOptions, previousId: string | null): Promise<{ reviewId: string; job: JobRow }> {
  const { db, author, upload } = options;
  await options.limiter.consume(`${author.organisationId}:${author.userId}`);
  const policy = await readPolicyFile(upload, options.limits, author.userId);
  const reviewId = newId();
  const title = (options.title ?? policy.title ?? fileStem(upload.filename)).slice(0, REVIEW_TITLE_MAX_LENGTH);
  const payload: ReviewJobPayload = { review_id: reviewId };
  const job = await db.transaction(async (tx) => {
    // The earlier review may have been deleted while the file was read.
    if (previousId !== null) await assertOwnReview(tx, author, previousId);
    const queued = await enqueue(reviewJob, {
      db: tx,
      payload,
      maxAttempts: options.maxAttempts,
      progress: { stage: 'queued' } satisfies ReviewJobProgress,
    });
    await tx.insert(reviews).values({
      id: reviewId,
      organisationId: author.organisationId,
      userId: author.userId,
      title,
      filename: upload.filename,
      format: policy.format,
      pageCount: policy.pageCount,
      elements: policy.elements,
      status: 'reviewing',
      previousId,
      jobId: queued.id,
    });
    return queued;
  });
  // Once committed: a worker woken earlier could not yet see the job.
  options.signal?.notify();
  return { reviewId, job };
}

async function assertOwnReview(db: Database, author: ReviewAuthor, reviewId: string): Promise<void> {
  const [row] = await db.select({ id: reviews.id }).from(reviews).where(ownReview(author, reviewId));
  if (!row) throw reviewNotFound();
}
