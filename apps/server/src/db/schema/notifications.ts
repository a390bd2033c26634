// A member's in-app notifications.
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
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
    status: text('status', { enum: ['unread', 'read'] })
      .notNull()
      .default('unread'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);
