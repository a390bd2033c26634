// What a member keeps on their profile besides the users row: the photo.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns.ts';
import { users } from './organisations.ts';

/** Profile photos, addressed by an unguessable id so an <img> can load them without a header. */
export const userPhotos = pgTable(
  'user_photos',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('user_photos_user_idx').on(t.userId)],
);
