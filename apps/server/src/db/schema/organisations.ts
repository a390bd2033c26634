// Organisations and their members: the tenant every other table is scoped by.
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

export const organisations = pgTable('organisations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The e-mail domains an organisation has shown it owns, approved by a Verity administrator. A
 * copyable invitation link is only made for an address in one of them (docs/security.md,
 * "Invitations"); an organisation made by self sign-up starts with none.
 */
export const organisationDomains = pgTable(
  'organisation_domains',
  {
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Lower case, without "@". */
    domain: text('domain').notNull(),
    /** Who approved it: an administrator's e-mail address, or the command line. */
    approvedBy: text('approved_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.domain] }), index('organisation_domains_domain_idx').on(t.domain)],
);

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    externalId: text('external_id').notNull(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    email: text('email').notNull(),
    firstname: text('firstname').notNull(),
    surname: text('surname').notNull(),
    jobTitle: text('job_title').notNull().default(''),
    passwordHash: text('password_hash'),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    onboardingComplete: boolean('onboarding_complete').notNull().default(false),
    /** The onboarding modules completed, on any device (keys from ONBOARDING_MODULE_KEYS). */
    onboardingModules: text('onboarding_modules').array().notNull().default(sql`'{}'::text[]`),
    photoId: text('photo_id'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_external_id_key').on(t.externalId),
    index('users_organisation_idx').on(t.organisationId),
  ],
);
