/** Feature flags evaluated by the server for each caller (GET /api/flags, and with the user from account/info) and mirrored by the route table. */
export const FEATURE_FLAGS = ['platform-onboarding', 'workforce-reports', 'data-library', 'professional-body-logos'] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/** Defaults used when a flag has never been set by an administrator. */
export const FEATURE_FLAG_DEFAULTS: Record<FeatureFlag, boolean> = {
  'platform-onboarding': true,
  'workforce-reports': true,
  'data-library': true,
  'professional-body-logos': false,
};

export type FlagValues = Record<FeatureFlag, boolean>;

/**
 * Where a stored setting applies. A global setting replaces the shipped default; a role's setting
 * applies to everyone holding that role; an organisation's to all its members, and wins over a
 * role's (an organisation that turns reports off has them off for its champions too).
 */
export const FLAG_SCOPES = ['global', 'role', 'organisation'] as const;
export type FlagScope = (typeof FLAG_SCOPES)[number];

export function isFeatureFlag(value: string): value is FeatureFlag {
  return (FEATURE_FLAGS as readonly string[]).includes(value);
}
