import {
  type FindingStatus,
  REVIEWS_PAGE_SIZE,
  type Review,
  type ReviewComparison,
  type ReviewFinding,
  type ReviewSummary,
} from '@verity/shared';
import { and, asc, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { reviewFindings, reviews } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/like.ts';
import { findingNotFound, ownReview, ownReviews, type ReviewAuthor, readableReview, reviewNotFound } from '../../core/policies/review.ts';
import { compareFindings } from './compare.ts';
import { type FindingTally, presentFinding, presentReview, presentSummary, type ReviewFindingRow, type ReviewRow } from './present.ts';

/**
 * A user's policy reviews: list, read, decide findings, share and delete. Every query goes through
 * the review policy, so another user's or organisation's review behaves exactly like a missing one;
 * reading also admits a review shared with the reader's organisation.
 */

const summaryColumns = {
  id: reviews.id,
  title: reviews.title,
  filename: reviews.filename,
  status: reviews.status,
  shared: reviews.shared,
  previousId: reviews.previousId,
  error: reviews.error,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
};

/** The author's reviews, newest first, optionally only those whose title or file name contains `q`. */
export async function listReviews(options: {
  db: Database;
  author: ReviewAuthor;
  q?: string;
  page: number;
}): Promise<{ reviews: ReviewSummary[]; total: number }> {
  const { db, author, page } = options;
  const where = options.q
    ? and(ownReviews(author), or(ilike(reviews.title, containsPattern(options.q)), ilike(reviews.filename, containsPattern(options.q))))
    : ownReviews(author);
  const [rows, [totals]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(reviews)
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(REVIEWS_PAGE_SIZE)
      .offset((page - 1) * REVIEWS_PAGE_SIZE),
    db.select({ total: count() }).from(reviews).where(where),
  ]);
  const tallies = await tallyFindings(
    db,
    rows.map((row) => row.id),
  );
  return { reviews: rows.map((row) => presentSummary(row, tallies.get(row.id) ?? [])), total: totals?.total ?? 0 };
}

/**
 * A review the reader may read, with its findings in reading order; for a new version of a policy
 * once both reviews are done, what changed since the previous one.
 */
export async function getReview(options: { db: Database; reader: ReviewAuthor; reviewId: string }): Promise<Review> {
  const { db, reader, reviewId } = options;
  const [row] = await db.select().from(reviews).where(readableReview(reader, reviewId));
  if (!row) throw reviewNotFound();
  const findings = await findingsOf(db, row.id);
  return presentReview({ row, findings, reader, comparison: await comparisonFor(db, row, findings) });
}

async function comparisonFor(db: Database, row: ReviewRow, findings: ReviewFindingRow[]): Promise<ReviewComparison | null> {
  if (row.previousId === null || row.status !== 'ready') return null;
  // The previous review is the same author's, in the same organisation.
  const [previous] = await db
    .select({ id: reviews.id, status: reviews.status })
    .from(reviews)
    .where(ownReview({ organisationId: row.organisationId, userId: row.userId }, row.previousId));
  if (previous?.status !== 'ready') return null;
  return compareFindings(previous.id, await findingsOf(db, previous.id), findings);
}

function findingsOf(db: Database, reviewId: string): Promise<ReviewFindingRow[]> {
  return db.select().from(reviewFindings).where(eq(reviewFindings.reviewId, reviewId)).orderBy(asc(reviewFindings.ordinal));
}

/** Delete a review of the author's with its findings; a job still queued for it then finds nothing to do. */
export async function deleteReview(options: { db: Database; author: ReviewAuthor; reviewId: string }): Promise<void> {
  const deleted = await options.db.delete(reviews).where(ownReview(options.author, options.reviewId)).returning({ id: reviews.id });
  if (deleted.length === 0) throw reviewNotFound();
}

/**
 * Accept, dismiss (with a reason) or restore one finding of the author's review. The decision is
 * dated; restoring clears it. A review still running (or failed) has no findings to decide: 409.
 */
export async function updateFinding(options: {
  db: Database;
  author: ReviewAuthor;
  reviewId: string;
  findingId: string;
  status: FindingStatus;
  reason?: string;
}): Promise<ReviewFinding> {
  const { db, author, reviewId, findingId, status } = options;
  const [review] = await db
    .select({ status: reviews.status, format: reviews.format, elements: reviews.elements })
    .from(reviews)
    .where(ownReview(author, reviewId));
  if (!review) throw reviewNotFound();
  if (review.status !== 'ready') throw notReviewed(review.status);
  const [finding] = await db
    .update(reviewFindings)
    .set({
      status,
      dismissReason: status === 'dismissed' ? (options.reason ?? null) : null,
      decidedAt: status === 'open' ? null : new Date(),
    })
    .where(and(eq(reviewFindings.id, findingId), eq(reviewFindings.reviewId, reviewId)))
    .returning();
  if (!finding) throw findingNotFound();
  return presentFinding(finding, review);
}

/** Share the author's review read-only with their organisation, or stop sharing it; doing what is already so changes nothing. */
export async function setSharing(options: {
  db: Database;
  author: ReviewAuthor;
  reviewId: string;
  shared: boolean;
}): Promise<ReviewSummary> {
  const { db, author, reviewId, shared } = options;
  const [row] = await db.update(reviews).set({ shared }).where(ownReview(author, reviewId)).returning(summaryColumns);
  if (!row) throw reviewNotFound();
  return presentSummary(row, (await tallyFindings(db, [row.id])).get(row.id) ?? []);
}

/** How many findings of these reviews have each severity and status, for their counts. */
async function tallyFindings(db: Database, reviewIds: string[]): Promise<Map<string, FindingTally>> {
  const tallies = new Map<string, FindingTally>();
  if (reviewIds.length === 0) return tallies;
  const rows = await db
    .select({ reviewId: reviewFindings.reviewId, severity: reviewFindings.severity, status: reviewFindings.status, n: count() })
    .from(reviewFindings)
    .where(inArray(reviewFindings.reviewId, reviewIds))
    .groupBy(reviewFindings.reviewId, reviewFindings.severity, reviewFindings.status);
  for (const { reviewId, ...finding } of rows) tallies.set(reviewId, [...(tallies.get(reviewId) ?? []), finding]);
  return tallies;
}

/** The review has no findings to decide yet, or none at all. */
export function notReviewed(status: 'reviewing' | 'failed'): AppError {
  return new AppError(
    409,
    status === 'reviewing'
      ? 'This policy is still being reviewed. Wait until the review is ready, then try again.'
      : 'This review failed, so it has no findings. Upload the policy again to retry.',
  );
}
