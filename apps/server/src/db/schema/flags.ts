// Feature flags switched at run time.
import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';

export const featureFlags = pgTable('feature_flags', {
  key: text('key').primaryKey(),
  enabled: boolean('enabled').notNull(),
  updatedAt: updatedAt(),
});
