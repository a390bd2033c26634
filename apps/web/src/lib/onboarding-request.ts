import { readStored, writeStored } from './browser-storage';
import { ONBOARDING_REQUEST_VALID_MS } from './constants';

/**
 * Asking for the onboarding guide (SPEC §4): onboarding=true in the URL opens it (and is then
 * removed); a visit that asks before signing in leaves a request, valid for five minutes, so the
 * guide still opens after a sign-in that loses the address (a registration, a password reset).
 * Here rather than in the guide's feature because the route guard, which every page loads, makes
 * the request.
 */

/** The URL parameter that opens the guide (then removed from the address). */
export const ONBOARDING_URL_PARAMETER = 'onboarding';

export const ONBOARDING_REQUEST_STORAGE_KEY = 'onboarding_request';

/** Ask for the guide to open at the next sign-in within five minutes (a "Show me how" before signing in). */
export function requestOnboarding(now: number = Date.now()): void {
  // Without storage the person opens the guide from Home instead.
  writeStored('local', ONBOARDING_REQUEST_STORAGE_KEY, String(now));
}

/** The time of a pending request, or null. */
export function pendingOnboardingRequest(): number | null {
  const stored = Number(readStored('local', ONBOARDING_REQUEST_STORAGE_KEY));
  return Number.isFinite(stored) && stored > 0 ? stored : null;
}

export function clearOnboardingRequest(): void {
  writeStored('local', ONBOARDING_REQUEST_STORAGE_KEY, null);
}

/** A request counts for five minutes after it was made (never one from the future: a changed clock). */
export function isRequestPending(requestedAt: number | null, now: number): boolean {
  return requestedAt !== null && requestedAt <= now && now - requestedAt < ONBOARDING_REQUEST_VALID_MS;
}

/** The search string without onboarding=true ('' when nothing is left), and whether it was there. */
export function withoutOnboardingParameter(search: string): { requested: boolean; search: string } {
  const params = new URLSearchParams(search);
  if (params.get(ONBOARDING_URL_PARAMETER) !== 'true') return { requested: false, search };
  params.delete(ONBOARDING_URL_PARAMETER);
  const rest = params.toString();
  return { requested: true, search: rest ? `?${rest}` : '' };
}
