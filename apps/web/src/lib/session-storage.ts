import type { User } from '@verity/shared';
import { readStored, readStoredJson, writeStored } from './browser-storage';
import { ACCESS_TOKEN_STORAGE_KEY, USER_STORAGE_KEY } from './constants';

/**
 * The session lives in localStorage: the access token under `accessToken` and the profile under
 * `user`. Without storage (browser-storage.ts) the session lasts for this page only, and the
 * in-memory store still holds the user.
 */

export function getAccessToken(): string | null {
  return readStored('local', ACCESS_TOKEN_STORAGE_KEY);
}

export function setAccessToken(token: string): void {
  writeStored('local', ACCESS_TOKEN_STORAGE_KEY, token);
}

export function getStoredUser(): User | null {
  const parsed = readStoredJson('local', USER_STORAGE_KEY);
  return isUserLike(parsed) ? parsed : null;
}

export function setStoredUser(user: User): void {
  writeStored('local', USER_STORAGE_KEY, JSON.stringify(user));
}

export function clearStoredSession(): void {
  writeStored('local', ACCESS_TOKEN_STORAGE_KEY, null);
  writeStored('local', USER_STORAGE_KEY, null);
}

function isUserLike(value: unknown): value is User {
  return (
    typeof value === 'object' &&
    value !== null &&
    'account_roles' in value &&
    Array.isArray((value as { account_roles: unknown }).account_roles)
  );
}
