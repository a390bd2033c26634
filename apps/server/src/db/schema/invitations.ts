// Champion invitations: a pending user invited into an organisation, and the secret link that lets them in.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { organisations, users } from './organisations.ts';

/**
 * One invitation per invited user. An e-mail invitation to an address that has an account in
 * another organisation is *held*: no user is made (`user_id` null), the address and names are kept
 * here so the champion's pending list shows it as any other, and its link token is one nobody
 * receives (the address's owner is told by e-mail instead), so it can never be accepted. Only SHA-256 hashes of its secrets are stored: `token_hash`
 * (the link, replaced whenever the invitation is re-sent) and `profile_token_hash` (the short-lived
 * token a verified link hands the complete-profile form). Accepted once, then never usable again.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    /** The pending user; null for a held invitation. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A held invitation's address and names (null when there is a user: theirs are on it). */
    email: text('email'),
    firstname: text('firstname'),
    surname: text('surname'),
    jobTitle: text('job_title'),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    /** The champion who invited; null once their account is gone. */
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** 'email' when the link was e-mailed, 'link' when it was handed to the champion to share. */
    kind: text('kind', { enum: ['email', 'link'] }).notNull(),
    /** The role the champion chose (MEMBER_ROLES); a pending user already holds it, a held invitation keeps it here (migration 0031). */
    role: text('role', { enum: ['guest', 'standard', 'champion'] })
      .notNull()
      .default('standard'),
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
    // One held invitation per address and organisation (only held ones have an address here).
    uniqueIndex('invitations_held_email_key').on(t.organisationId, t.email),
    check('invitations_user_or_email', sql`${t.userId} is not null or ${t.email} is not null`),
    index('invitations_organisation_idx').on(t.organisationId, t.createdAt),
  ],
);

/**
 * The link of an invitation a champion withdrew (migration 0031): the invitation and its pending
 * account are gone, and only the hash of the link that was live then is kept, so that opening it
 * says the invitation was withdrawn rather than that the link is invalid. Nothing else is kept.
 */
export const invitationWithdrawals = pgTable(
  'invitation_withdrawals',
  {
    tokenHash: text('token_hash').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invitation_withdrawals_organisation_idx').on(t.organisationId)],
);
