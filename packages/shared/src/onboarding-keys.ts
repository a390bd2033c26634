/**
 * The onboarding guide's module keys, apart from the modules themselves (onboarding.ts) so that
 * what reads only the keys — the user's schema, which the sign-in page loads — does not carry the
 * modules' text.
 */
export const ONBOARDING_MODULE_KEYS = ['welcome', 'chat', 'review', 'write', 'wiki', 'dashboard'] as const;
export type OnboardingModuleKey = (typeof ONBOARDING_MODULE_KEYS)[number];

export function isOnboardingModuleKey(value: string): value is OnboardingModuleKey {
  return (ONBOARDING_MODULE_KEYS as readonly string[]).includes(value);
}
