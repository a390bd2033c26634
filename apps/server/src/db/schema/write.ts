// The writing assistant: documents written from meeting transcripts.
import type { TranscriptFormat, TranscriptLine, WriteContent, WriteFindings, WriteKind } from '@verity/shared';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { organisations, users } from './organisations.ts';

/**
 * A document written from a meeting transcript: its author's alone, within their organisation
 * (policies/write.ts). The row is made when the transcript has been read (the request refuses a
 * file it cannot read before anything is stored); the generation job then fills in the findings
 * and the first content. `version` counts saved changes, so a save from a stale copy is refused.
 * The cleaned transcript is kept, because every decision and action cites its lines.
 */
export const writeDocuments = pgTable(
  'write_documents',
  {
    /** The external_id (a ULID), the document's address /write/{id}. */
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    kind: text('kind', { enum: ['minutes', 'action_log', 'briefing', 'incident_report'] })
      .$type<WriteKind>()
      .notNull(),
    meetingDate: date('meeting_date', { mode: 'string' }),
    status: text('status', { enum: ['generating', 'ready', 'failed'] })
      .notNull()
      .default('generating'),
    /** The editor's document (ProseMirror JSON); null until generated. */
    content: jsonb('content').$type<WriteContent>(),
    /** 0 while generating, 1 once generated, one more with every saved change. */
    version: integer('version').notNull().default(0),
    findings: jsonb('findings').$type<WriteFindings>(),
    /** The cleaned transcript, its lines numbered from 1: the evidence items cite. */
    transcript: jsonb('transcript').$type<{ format: TranscriptFormat; lines: TranscriptLine[] }>().notNull(),
    /** Which engine wrote it: 'builtin' or 'provider:{provider}:{model}'. */
    engine: text('engine'),
    /** The generation job (jobs.id). */
    jobId: text('job_id'),
    /** Why generation failed, in words for the author. */
    error: text('error'),
    sourceFilename: text('source_filename'),
    /**
     * When the author's page last asked about the generation job (written at most every few
     * seconds): a document written with nobody watching tells its author by a notification.
     */
    watchedAt: timestamp('watched_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The author's list, newest first.
    index('write_documents_owner_created_idx').on(t.organisationId, t.userId, t.createdAt, t.id),
    index('write_documents_job_idx').on(t.jobId),
    check('write_documents_version_check', sql`${t.version} >= 0`),
  ],
);
