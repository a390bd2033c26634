// The policy review assistant: reviews of uploaded policies and their findings.
import type { FindingLocation, FindingStatus, PolicyElement, ReviewCategory, ReviewSeverity } from '@verity/shared';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { organisations, users } from './organisations.ts';

/** A library passage that supports a finding, as stored (the code and title as they were when found). */
export interface StoredEvidence {
  document_id: string;
  code: string;
  title: string;
  element_ids: string[];
  excerpt: string | null;
}

/**
 * A review of an uploaded policy: its author's, within their organisation, and read-only to the
 * whole organisation while `shared` (policies/review.ts). The row is made when the file has been
 * read (the request refuses a file it cannot read before anything is stored) and holds the
 * policy's parsed blocks, which every finding's location points into; the review job then stores
 * the findings. A new version of a policy is a new review whose `previous_id` names the last one.
 */
export const reviews = pgTable(
  'reviews',
  {
    /** A ULID, the review's address /review/{id}. */
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    filename: text('filename').notNull(),
    /** The format the file was read as (pdf, docx, markdown, text). */
    format: text('format').notNull(),
    pageCount: integer('page_count').notNull().default(1),
    elements: jsonb('elements').$type<PolicyElement[]>().notNull(),
    status: text('status', { enum: ['reviewing', 'ready', 'failed'] })
      .notNull()
      .default('reviewing'),
    shared: boolean('shared').notNull().default(false),
    previousId: text('previous_id').references((): AnyPgColumn => reviews.id, { onDelete: 'set null' }),
    /** Which reviewer ran: 'builtin' or 'builtin+provider:{provider}:{model}'. */
    engine: text('engine'),
    /** The review job (jobs.id). */
    jobId: text('job_id'),
    /** Why the review failed, in words for the author. */
    error: text('error'),
    /**
     * When the author's page last asked about the review's job (marked at most every few seconds):
     * a review that finishes with nobody watching tells its author by a notification.
     */
    watchedAt: timestamp('watched_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The author's list, newest first.
    index('reviews_owner_created_idx').on(t.organisationId, t.userId, t.createdAt, t.id),
    index('reviews_job_idx').on(t.jobId),
    index('reviews_previous_idx').on(t.previousId),
  ],
);

/** One finding of a review, in reading order (`ordinal`), with its reader's decision. */
export const reviewFindings = pgTable(
  'review_findings',
  {
    id: text('id').primaryKey(),
    reviewId: text('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    category: text('category').$type<ReviewCategory>().notNull(),
    severity: text('severity', { enum: ['high', 'medium', 'low'] })
      .$type<ReviewSeverity>()
      .notNull(),
    quote: text('quote'),
    location: jsonb('location').$type<FindingLocation>(),
    expected: text('expected'),
    explanation: text('explanation').notNull(),
    suggestion: text('suggestion').notNull(),
    evidence: jsonb('evidence').$type<StoredEvidence[]>().notNull(),
    status: text('status', { enum: ['open', 'accepted', 'dismissed'] })
      .$type<FindingStatus>()
      .notNull()
      .default('open'),
    dismissReason: text('dismiss_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('review_findings_review_idx').on(t.reviewId, t.ordinal),
    check('review_findings_dismiss_reason_check', sql`${t.status} <> 'dismissed' or ${t.dismissReason} is not null`),
  ],
);
