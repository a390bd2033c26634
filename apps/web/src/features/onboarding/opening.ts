import type { User } from '@verity/shared';
import { isRequestPending } from '../../lib/onboarding-request';

export interface OpeningInput {
  initialised: boolean;
  authenticated: boolean;
  user: User | null;
  /** The URL has onboarding=true. */
  urlRequested: boolean;
  /** When a pending request was made (ms), or null. */
  requestedAt: number | null;
  /** The person closed the guide in this tab. */
  dismissed: boolean;
  now: number;
}

/** The guide is for the people with the standard role (the tools it teaches are theirs), with the onboarding flag on. */
export function isGuideFor(user: User | null): user is User {
  return Boolean(user?.flags['platform-onboarding'] && user.account_roles.includes('standard'));
}

/**
 * Why the guide opens by itself, or null when it does not (SPEC §4): only for a signed-in person
 * with the standard role — the tools it teaches are theirs — and the onboarding flag on; then
 * when the URL asks, when a request younger than five minutes is pending, or when their
 * onboarding is not complete (unless they closed the guide in this tab).
 */
export function openingReason(input: OpeningInput): 'not_complete' | 'url' | 'request' | null {
  const { user } = input;
  if (!input.initialised || !input.authenticated || !isGuideFor(user)) return null;
  if (input.urlRequested) return 'url';
  if (isRequestPending(input.requestedAt, input.now)) return 'request';
  return user.onboarding_complete || input.dismissed ? null : 'not_complete';
}
