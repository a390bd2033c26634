// A member's in-app notifications, and the supersession notices already sent.
import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { documents } from './documents.ts';
import { organisations, users } from './organisations.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** Where opening the notification takes the user: an in-app path (/review/{id}), or null. */
    link: text('link'),
    status: text('status', { enum: ['unread', 'read'] })
      .notNull()
      .default('unread'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/**
 * One row per person told that a library document was superseded (the superseded-regulation
 * radar): the key makes the notice once per person per superseded document, however many
 * newer editions are ingested or however often the same one is stored again.
 */
export const supersessionNotices = pgTable(
  'supersession_notices',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The superseded document. */
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** The edition that superseded it, named in the notification. */
    supersededById: text('superseded_by_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.documentId] })],
);
