/** Feature flags evaluated by the server (GET /api/flags) and mirrored by the route table. */
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
