import { type JobStatus, type ReviewJob, reviewJobProgressSchema } from '@verity/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { reviews } from '../../db/schema.ts';
import { findJob } from '../../jobs/queue.ts';
import { REVIEW_JOB_KIND } from './job.ts';
import { watchMarkDue } from '../../jobs/watching.ts';
import { ownReviewJob, type ReviewAuthor, reviewJobNotFound } from '../../core/policies/review.ts';

/**
 * A review job, when it reviews one of the author's policies: a job is reached through its review,
 * so another user's job (or one whose review was deleted) answers like a missing one.
 */
export async function reviewJob(options: { db: Database; author: ReviewAuthor; jobId: string }): Promise<ReviewJob> {
  const { db, author, jobId } = options;
  const [review] = await db.select({ id: reviews.id }).from(reviews).where(ownReviewJob(author, jobId));
  const job = review ? await findJob({ db, id: jobId, kind: REVIEW_JOB_KIND }) : undefined;
  if (!review || !job) throw reviewJobNotFound();
  // Every poll counts, the one that first sees the job finished too: a quick job can end before
  // the page has asked once, and that page still saw it end (jobs/ready-notice.ts).
  await markWatched(db, review.id);
  const progress = reviewJobProgressSchema.safeParse(job.progress);
  return {
    id: job.id,
    status: job.status as JobStatus,
    progress: progress.success ? progress.data : { stage: 'queued' },
    review_id: review.id,
    ...(job.error ? { error: job.error } : {}),
  };
}

/** The author's page is watching the review: noted, at most every WATCH_MARK_MS, for the job to read when it ends. */
async function markWatched(db: Database, reviewId: string): Promise<void> {
  await db
    .update(reviews)
    .set({ watchedAt: sql`now()` })
    .where(and(eq(reviews.id, reviewId), watchMarkDue(reviews.watchedAt)));
}
