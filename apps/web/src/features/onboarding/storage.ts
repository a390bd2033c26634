import { isOnboardingModuleKey, type OnboardingModuleKey } from '@verity/shared';

/**
 * What the guide keeps in browser storage: the modules completed on this device (mirrored to the
 * account, so a second device knows) and whether it was closed in this tab (the pending request
 * to open it is in lib/onboarding-request). Storage can throw (private mode, quota), so a
 * failure keeps nothing and reads as nothing.
 */

/** Per person, so two people sharing a browser each have their own progress. */
export const onboardingModulesStorageKey = (userId: string) => `onboarding_modules:${userId}`;

export function storedCompletedModules(userId: string): OnboardingModuleKey[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(onboardingModulesStorageKey(userId)) ?? '[]');
    return Array.isArray(parsed)
      ? [...new Set(parsed.filter((key): key is OnboardingModuleKey => typeof key === 'string' && isOnboardingModuleKey(key)))]
      : [];
  } catch {
    return [];
  }
}

export function storeCompletedModules(userId: string, modules: readonly OnboardingModuleKey[]): void {
  try {
    localStorage.setItem(onboardingModulesStorageKey(userId), JSON.stringify([...new Set(modules)]));
  } catch {
    // Storage unavailable: the account still keeps them.
  }
}

/**
 * The person closed the guide in this tab: it does not open by itself again until they sign in
 * afresh or open a new tab (asking for it by URL or from Home still opens it).
 */
const DISMISSED_STORAGE_KEY = 'onboarding_dismissed';

export function dismissOnboarding(userId: string): void {
  try {
    sessionStorage.setItem(DISMISSED_STORAGE_KEY, userId);
  } catch {
    // Storage unavailable: it opens again at the next load.
  }
}

export function isOnboardingDismissed(userId: string): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_STORAGE_KEY) === userId;
  } catch {
    return false;
  }
}
