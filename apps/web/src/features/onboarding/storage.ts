import { isOnboardingModuleKey, type OnboardingModuleKey } from '@verity/shared';
import { readStored, readStoredJson, writeStored } from '../../lib/browser-storage';

/**
 * What the guide keeps in browser storage: the modules completed on this device (mirrored to the
 * account, so a second device knows) and whether it was closed in this tab (the pending request
 * to open it is in lib/onboarding-request). Without storage (lib/browser-storage.ts) the account
 * still keeps the modules, and a closed guide opens again at the next load.
 */

/** Per person, so two people sharing a browser each have their own progress. */
export const onboardingModulesStorageKey = (userId: string) => `onboarding_modules:${userId}`;

export function storedCompletedModules(userId: string): OnboardingModuleKey[] {
  const parsed = readStoredJson('local', onboardingModulesStorageKey(userId));
  return Array.isArray(parsed)
    ? [...new Set(parsed.filter((key): key is OnboardingModuleKey => typeof key === 'string' && isOnboardingModuleKey(key)))]
    : [];
}

export function storeCompletedModules(userId: string, modules: readonly OnboardingModuleKey[]): void {
  writeStored('local', onboardingModulesStorageKey(userId), JSON.stringify([...new Set(modules)]));
}

/**
 * The person closed the guide in this tab: it does not open by itself again until they sign in
 * afresh or open a new tab (asking for it by URL or from Home still opens it).
 */
const DISMISSED_STORAGE_KEY = 'onboarding_dismissed';

export function dismissOnboarding(userId: string): void {
  writeStored('session', DISMISSED_STORAGE_KEY, userId);
}

export function isOnboardingDismissed(userId: string): boolean {
  return readStored('session', DISMISSED_STORAGE_KEY) === userId;
}
