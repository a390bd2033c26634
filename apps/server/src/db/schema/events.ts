// Typed events: what people did with the tools (the dashboard and reports count them) and the
// security-relevant changes an administrator's audit log lists, in one table.
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { organisations, users } from './organisations.ts';

/**
 * One row per event, written by the service that made the change, in the same transaction (see
 * core/events). `kind` decides the shape of `data` and the type of the subject; the tool and
 * document columns are filled only for use of a tool, so the dashboard counts with plain SQL.
 */
export const events = pgTable(
  'events',
  {
    id: text('id').primaryKey(),
    /** The organisation the event belongs to; null only for a document added to the shared library. */
    organisationId: text('organisation_id').references(() => organisations.id),
    /** Who did it: null for the system or an operator, and once the account is deleted. */
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What happened, `<area>.<what>`, e.g. chat.question_asked. */
    kind: text('kind').notNull(),
    /** What it happened to (user, chat_session, document), when there is one; kept after the subject is deleted. */
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    /** The kind's own fields: ids, names of changed fields, never secrets or document or message text. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** The tool used (chat, write, review, wiki), for a use of a tool; null for any other event. */
    tool: text('tool'),
    /** Library documents used (cited), for internal vs external counts. */
    documentIds: text('document_ids').array().notNull().default(sql`'{}'::text[]`),
    subdomains: text('subdomains').array().notNull().default(sql`'{}'::text[]`),
    /** The address of the client whose request caused it (TRUST_PROXY decides which); null for jobs, the command line and the seed. */
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('events_organisation_time_idx').on(t.organisationId, t.createdAt),
    index('events_actor_idx').on(t.actorUserId),
    index('events_subject_idx').on(t.subjectType, t.subjectId),
    check('events_subject_check', sql`(${t.subjectType} is null) = (${t.subjectId} is null)`),
  ],
);
