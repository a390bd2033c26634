import { and, eq, or, type SQL } from 'drizzle-orm';
import { reviews } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * Who may see or change a policy review, its findings and its job: the user who made it, within
 * their organisation. Matching both user and organisation in every query means another user's or
 * organisation's id behaves exactly like a missing one (`reviewNotFound`).
 *
 * The one exception is reading: a review its author shared may be read, never changed, by every
 * member of the author's organisation, guests included (`readableReview`).
 */
export interface ReviewAuthor {
  organisationId: string;
  userId: string;
}

/** The author's reviews (the `reviews` table). */
export function ownReviews(author: ReviewAuthor): SQL {
  return and(eq(reviews.organisationId, author.organisationId), eq(reviews.userId, author.userId)) as SQL;
}

/** One review, when it is the author's. */
export function ownReview(author: ReviewAuthor, reviewId: string): SQL {
  return and(eq(reviews.id, reviewId), ownReviews(author)) as SQL;
}

/** One review, when the reader made it or it is shared with the reader's organisation (any role). */
export function readableReview(reader: ReviewAuthor, reviewId: string): SQL {
  return and(
    eq(reviews.id, reviewId),
    eq(reviews.organisationId, reader.organisationId),
    or(eq(reviews.userId, reader.userId), eq(reviews.shared, true)),
  ) as SQL;
}

/** What a reader may do with a review they can read: its author everything, anyone else (a shared review) nothing but read. */
export interface ReviewAbilities {
  decide_findings: boolean;
  share: boolean;
  export: boolean;
  new_version: boolean;
  delete: boolean;
}

export function reviewAbilities(reader: ReviewAuthor, review: { userId: string; organisationId: string }): ReviewAbilities {
  const author = review.userId === reader.userId && review.organisationId === reader.organisationId;
  return { decide_findings: author, share: author, export: author, new_version: author, delete: author };
}

/** The review a job reviews, when it is the author's. */
export function ownReviewJob(author: ReviewAuthor, jobId: string): SQL {
  return and(eq(reviews.jobId, jobId), ownReviews(author)) as SQL;
}

export const REVIEW_NOT_FOUND = 'The requested review could not be found.';
export const FINDING_NOT_FOUND = 'The requested finding could not be found.';
export const REVIEW_JOB_NOT_FOUND = 'The requested job could not be found.';

export const reviewNotFound = () => notFound(REVIEW_NOT_FOUND);
export const findingNotFound = () => notFound(FINDING_NOT_FOUND);
export const reviewJobNotFound = () => notFound(REVIEW_JOB_NOT_FOUND);
