// Usage rollups: the champion dashboard's read model, kept by the events service in the same
// transaction as the events they count (core/events/rollups.ts), so a year of a large
// organisation's activity is read in a few hundred rows instead of a million events.
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { documents } from './documents.ts';
import { organisations, users } from './organisations.ts';

/** Days are Europe/London calendar days (the dashboard's). */
const day = () => date('day', { mode: 'string' }).notNull();
const count = (name: string) => integer(name).notNull().default(0);

/** An organisation's uses of each tool on one day (tasks by tool, questions per day, minutes saved). */
export const usageDays = pgTable(
  'usage_days',
  {
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    day: day(),
    chat: count('chat'),
    write: count('write'),
    review: count('review'),
    wiki: count('wiki'),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.day] })],
);

/** How many of an organisation's questions and wiki searches touched a library subdomain on one day. */
export const usageSubdomainDays = pgTable(
  'usage_subdomain_days',
  {
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    day: day(),
    subdomain: text('subdomain').notNull(),
    uses: count('uses'),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.day, t.subdomain] })],
);

/** When an organisation's tasks last used a library document (documents used in a period that ends now). */
export const usageDocuments = pgTable(
  'usage_documents',
  {
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.documentId] })],
);

/**
 * A member's sign-ins and tasks on one day, and their running totals through that day: the
 * counts of any period ending now are the latest totals less those through the day before it
 * began (one index probe per member, whatever the period's length); a short period sums its own rows.
 */
export const usageUserDays = pgTable(
  'usage_user_days',
  {
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: day(),
    signIns: count('sign_ins'),
    tasks: count('tasks'),
    signInsThrough: count('sign_ins_through'),
    tasksThrough: count('tasks_through'),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.userId, t.day] }),
    // A short period's rows, every member's at once.
    index('usage_user_days_organisation_day_idx').on(t.organisationId, t.day),
  ],
);

/** A member's totals so far and their latest sign-ins (newest first, five at most). */
export const usageUsers = pgTable(
  'usage_users',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    signIns: count('sign_ins'),
    tasks: count('tasks'),
    recentSignIns: timestamp('recent_sign_ins', { withTimezone: true }).array().notNull().default(sql`'{}'::timestamptz[]`),
  },
  (t) => [index('usage_users_organisation_idx').on(t.organisationId)],
);
