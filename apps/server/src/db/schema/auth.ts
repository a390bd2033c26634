// Signing in and proving who you are: sessions, e-mailed action codes and rate-limit counters.
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './organisations.ts';

/** Sessions are opaque tokens; only their SHA-256 is stored (the id). */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use codes sent by e-mail (verifyEmail, resetPassword); only their SHA-256 is stored. */
export const actionCodes = pgTable(
  'action_codes',
  {
    id: text('id').primaryKey(),
    codeHash: text('code_hash').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verifyEmail', 'resetPassword'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('action_codes_code_hash_key').on(t.codeHash), index('action_codes_user_idx').on(t.userId)],
);

/**
 * Rate-limit counters shared by every server process on this database (unless REDIS_URL moves
 * them to Redis): a count per key until `reset_at`, when the key starts again from zero. Also
 * holds markers with a count of one, such as an address an account has signed in from.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);
