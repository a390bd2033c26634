// Usage events for the dashboard and reports.
import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { organisations, users } from './organisations.ts';

/**
 * What people did with the tools, for the champion dashboard and reports: one row per event
 * (a chat question answered, …) with the subdomains it touched and the documents it used.
 */
export const usageEvents = pgTable(
  'usage_events',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The tool: chat, write, review, wiki. */
    tool: text('tool').notNull(),
    /** What happened, e.g. question_asked. */
    kind: text('kind').notNull(),
    subdomains: text('subdomains').array().notNull().default(sql`'{}'::text[]`),
    /** Library documents used (cited), for internal vs external counts. */
    documentIds: text('document_ids').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [index('usage_events_organisation_time_idx').on(t.organisationId, t.createdAt), index('usage_events_user_idx').on(t.userId)],
);
