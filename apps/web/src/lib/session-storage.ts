import type { User } from '@verity/shared';
import { ACCESS_TOKEN_STORAGE_KEY, USER_STORAGE_KEY } from './constants';

/**
 * The session lives in localStorage: the access token under `accessToken` and the
 * profile under `user`. Storage can throw (private mode, quota, disabled), so every access is
 * guarded and a failure behaves like "nothing stored".
 */

export function getAccessToken(): string | null {
  try {
    return localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setAccessToken(token: string): void {
  try {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, token);
  } catch {
    // Storage unavailable: the session lasts for this page only.
  }
}

export function getStoredUser(): User | null {
  try {
    const raw = localStorage.getItem(USER_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isUserLike(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function setStoredUser(user: User): void {
  try {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  } catch {
    // Storage unavailable: the in-memory store still holds the user.
  }
}

export function clearStoredSession(): void {
  try {
    localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
    localStorage.removeItem(USER_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}

function isUserLike(value: unknown): value is User {
  return (
    typeof value === 'object' &&
    value !== null &&
    'account_roles' in value &&
    Array.isArray((value as { account_roles: unknown }).account_roles)
  );
}
