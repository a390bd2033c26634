// Requests to join an organisation by e-mail domain: a person who signed up with an address in a
// domain the organisation verified, waiting for one of its champions to approve or decline.
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { organisations, users } from './organisations.ts';

/**
 * One row per request. While it is pending (or after it was declined) the person's account sits in
 * the organisation holding no role, so it reaches nothing of the organisation's (the access rule
 * of every endpoint but the person's own, packages/shared contract/endpoint.ts); approval gives the
 * role the champion chose. A person has at most one request that is not decided as approved.
 */
export const joinRequests = pgTable(
  'join_requests',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The verified domain the address matched, as it was when the person signed up. */
    domain: text('domain').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'declined'] })
      .notNull()
      .default('pending'),
    /** The role given on approval. */
    role: text('role'),
    /** The champion who decided; null while pending or once their account is gone. */
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('join_requests_organisation_idx').on(t.organisationId, t.status, t.createdAt),
    index('join_requests_decided_by_idx').on(t.decidedBy),
    // One undecided-or-declined request per person: the one their account waits on.
    uniqueIndex('join_requests_open_user_key').on(t.userId).where(sql`${t.status} <> 'approved'`),
    index('join_requests_user_idx').on(t.userId),
  ],
);

/**
 * A champion's request that Verity confirm their organisation owns the domain of their own e-mail
 * address; a Verity administrator approves it (the domain then joins `organisation_domains`
 * through `approveDomain`) or refuses it. At most one pending request per organisation and domain.
 */
export const joinDomainRequests = pgTable(
  'join_domain_requests',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    /** The champion who asked; null once their account is gone. */
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'approved', 'refused'] })
      .notNull()
      .default('pending'),
    /** The administrator who decided; null while pending or once their account is gone. */
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('join_domain_requests_organisation_idx').on(t.organisationId, t.createdAt),
    index('join_domain_requests_requested_by_idx').on(t.requestedBy),
    index('join_domain_requests_decided_by_idx').on(t.decidedBy),
    index('join_domain_requests_pending_idx').on(t.status, t.createdAt),
    uniqueIndex('join_domain_requests_pending_key').on(t.organisationId, t.domain).where(sql`${t.status} = 'pending'`),
  ],
);
