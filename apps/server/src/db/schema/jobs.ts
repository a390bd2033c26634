// Background work: the job queue and the uploaded files waiting for it.
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea, createdAt, updatedAt } from './columns.ts';
import { organisations } from './organisations.ts';

/**
 * Background work (document ingestion, later review and writing). A worker claims a queued job
 * whose run_at has passed with FOR UPDATE SKIP LOCKED, so several workers never take the same
 * one; a running job whose locked_at is older than the stale timeout is taken to be abandoned.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    payload: jsonb('payload').notNull(),
    progress: jsonb('progress'),
    result: jsonb('result'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('jobs_status_run_at_idx').on(t.status, t.runAt)],
);

/** Uploaded files waiting for their job; the row is deleted when the job succeeds or fails for good. */
export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').references(() => organisations.id),
    filename: text('filename').notNull(),
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    /** The format sniffed from the bytes (pdf, docx, html, markdown, text). */
    format: text('format').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('files_organisation_idx').on(t.organisationId)],
);
