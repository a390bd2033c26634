// Chat conversations: sessions, their messages and the files attached to them.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { organisations, users } from './organisations.ts';

/**
 * A user's chat conversations: private to that user (and their organisation) unless shared_at is
 * set, when every member of the organisation may read it (never change it). last_message_at is
 * the last activity, so a new, empty conversation lists by its creation.
 */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the owner shared it read-only with their organisation; null while it is private. */
    sharedAt: timestamp('shared_at', { withTimezone: true }),
  },
  (t) => [
    index('chat_sessions_user_activity_idx').on(t.userId, t.lastMessageAt, t.id),
    index('chat_sessions_organisation_idx').on(t.organisationId),
  ],
);

/** The questions and answers of a conversation, in position order; each answer keeps its engine and sources for audit. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    mode: text('mode', { enum: ['answer', 'draft'] })
      .notNull()
      .default('answer'),
    status: text('status', { enum: ['complete', 'stopped', 'error'] })
      .notNull()
      .default('complete'),
    engine: text('engine'),
    citations: jsonb('citations').$type<import('@verity/shared').Citation[]>().notNull().default([]),
    sources: jsonb('sources').$type<import('@verity/shared').ChatSourceRecord[]>().notNull().default([]),
    filters: jsonb('filters').$type<import('@verity/shared').ChatFilters>(),
    includeInternal: boolean('include_internal').notNull().default(true),
    feedback: text('feedback', { enum: ['up', 'down'] }),
    feedbackComment: text('feedback_comment'),
    /** The files a question was asked about (chat_attachments ids, in the order given). */
    attachmentIds: text('attachment_ids').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chat_messages_session_position_key').on(t.sessionId, t.position),
    // Conversation search by message text; queries repeat this exact expression.
    index('chat_messages_content_fts_idx').using('gin', sql`to_tsvector('english', ${t.content})`),
  ],
);

/**
 * A file attached to a conversation to ask about: parsed with the ingestion code when uploaded and
 * kept with its elements, private to the user and the conversation (never part of the library).
 */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** The format sniffed from the bytes (pdf, docx, text). */
    format: text('format').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    title: text('title').notNull(),
    /** The parsed elements, in reading order, in the ingestion parser's shape. */
    elements: jsonb('elements').$type<unknown[]>().notNull(),
    pages: integer('pages'),
    createdAt: createdAt(),
  },
  (t) => [index('chat_attachments_session_idx').on(t.sessionId), index('chat_attachments_user_idx').on(t.userId)],
);
