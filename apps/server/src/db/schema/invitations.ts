// Champion invitations: a pending user invited into an organisation, and the secret link that lets them in.
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { organisations, users } from './organisations.ts';

/**
 * One invitation per invited user. Only SHA-256 hashes of its secrets are stored: `token_hash`
 * (the link, replaced whenever the invitation is re-sent) and `profile_token_hash` (the short-lived
 * token a verified link hands the complete-profile form). Accepted once, then never usable again.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    /** The champion who invited; null once their account is gone. */
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** 'email' when the link was e-mailed, 'link' when it was handed to the champion to share. */
    kind: text('kind', { enum: ['email', 'link'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the current link was issued (creation or the latest re-send). */
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    profileTokenHash: text('profile_token_hash'),
    profileTokenExpiresAt: timestamp('profile_token_expires_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    uniqueIndex('invitations_profile_token_hash_key').on(t.profileTokenHash),
    uniqueIndex('invitations_user_key').on(t.userId),
    index('invitations_organisation_idx').on(t.organisationId, t.createdAt),
  ],
);
