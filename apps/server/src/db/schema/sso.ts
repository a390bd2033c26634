// Single sign-on: Microsoft sign-ins under way, the accounts they are linked to, and which
// organisation each Microsoft Entra tenant signs people into.
import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { organisations, users } from './organisations.ts';

/**
 * A Microsoft sign-in between its start and its callback (at most 10 minutes). The id is the
 * SHA-256 of the flow secret the browser keeps; state, nonce and the PKCE verifier never leave
 * the server. The row is deleted when the callback uses it, so a callback works once.
 */
export const ssoSignIns = pgTable(
  'sso_sign_ins',
  {
    id: text('id').primaryKey(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** Where to go once signed in: a path on this site, or null for the home page. */
    redirectPath: text('redirect_path'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sso_sign_ins_expires_at_idx').on(t.expiresAt)],
);

/** A Microsoft account (tenant and object id) linked to a Verity account: found again by it, whatever its e-mail becomes. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    provider: text('provider', { enum: ['microsoft'] }).notNull(),
    /** "<tenant id>:<object id>" for Microsoft. */
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('sso_identities_user_idx').on(t.userId)],
);

/** A Microsoft Entra tenant whose people sign in into this organisation, as an administrator set it. One organisation per tenant. */
export const microsoftTenants = pgTable(
  'microsoft_tenants',
  {
    /** A GUID, lower case. */
    tenantId: text('tenant_id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    addedBy: text('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('microsoft_tenants_organisation_idx').on(t.organisationId)],
);
