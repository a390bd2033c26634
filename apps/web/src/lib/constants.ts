/** The web app's own constants: time-outs, storage keys, the query cache policy and UI sizes. */

export const REQUEST_TIMEOUT_MS = 50_000;
export const TOAST_DURATION_MS = 5_000;
export const ACCESS_TOKEN_STORAGE_KEY = 'accessToken';
export const USER_STORAGE_KEY = 'user';

export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_MAX_RETRIES = 3;
const QUERY_RETRY_BASE_DELAY_MS = 1_000;
const QUERY_RETRY_MAX_DELAY_MS = 30_000;

/** Delay before retry number `attempt` (0-based): doubling from 1 s, capped at 30 s. */
export function queryRetryDelay(attempt: number): number {
  return Math.min(QUERY_RETRY_BASE_DELAY_MS * 2 ** attempt, QUERY_RETRY_MAX_DELAY_MS);
}

export const SIDEBAR_WIDTH_PX = 74;
export const TEMPORARY_DRAWER_DEFAULT_WIDTH_PX = 100;

const UNREAD_BADGE_MAX = 99;
export function formatUnreadBadge(count: number): string {
  return count > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(count);
}

export const CONSENT_COOKIE_DAYS = 150;
export const LOGO_CAROUSEL_REPEAT = 2;

/** An onboarding request (a "Show me how" before signing in) opens the guide for this long. */
export const ONBOARDING_REQUEST_VALID_MS = 300_000;
/** How often the guide re-reads the steps the tools record: the review module's and the others'. */
export const ONBOARDING_REVIEW_POLL_MS = 400;
export const ONBOARDING_POLL_MS = 500;
