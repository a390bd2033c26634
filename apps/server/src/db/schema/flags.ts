// Feature flags switched at run time: a global setting per flag, and settings for a role or an organisation.
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';
import { organisations } from './organisations.ts';

export const featureFlags = pgTable('feature_flags', {
  key: text('key').primaryKey(),
  enabled: boolean('enabled').notNull(),
  updatedAt: updatedAt(),
});

/**
 * A flag set for everyone holding a role, or for every member of an organisation (exactly one of
 * the two). core/flags.ts evaluates them over the global setting: organisation, then role, then
 * global, then the shipped default.
 */
export const featureFlagRules = pgTable(
  'feature_flag_rules',
  {
    id: text('id').primaryKey(),
    key: text('key').notNull(),
    organisationId: text('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    role: text('role'),
    enabled: boolean('enabled').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('feature_flag_rules_scope_check', sql`(${t.organisationId} is null) <> (${t.role} is null)`),
    uniqueIndex('feature_flag_rules_organisation_key').on(t.key, t.organisationId).where(sql`${t.organisationId} is not null`),
    uniqueIndex('feature_flag_rules_role_key').on(t.key, t.role).where(sql`${t.role} is not null`),
    index('feature_flag_rules_organisation_idx').on(t.organisationId),
  ],
);
