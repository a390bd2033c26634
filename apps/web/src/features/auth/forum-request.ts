/**
 * The forum's DiscourseConnect request in the browser: its sso and sig parameters travel on
 * /auth/login and /auth/register-forum, and are kept for this tab while a Microsoft sign-in is on
 * its way. No API here, so the sign-in page reads them without loading the calls.
 */

const FORUM_KEY = 'verity.forumSignOn';

/** The forum's DiscourseConnect request, as /auth/login received it. */
export interface ForumRequest {
  sso: string;
  sig: string;
}

export function forumRequestFrom(params: URLSearchParams): ForumRequest | null {
  const sso = params.get('sso');
  const sig = params.get('sig');
  return sso && sig ? { sso, sig } : null;
}

/** The query string that carries the forum's request to another page: "?sso=…&sig=…". */
export function forumQuery(request: ForumRequest): string {
  return `?${new URLSearchParams({ sso: request.sso, sig: request.sig })}`;
}

/** This tab's stored value, or null (storage can be unavailable: private modes, policies). */
export function tabStored(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores (or with null forgets) a value for this tab; without storage the hand-off cannot survive a trip away, and the return page says so. */
export function tabStore(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage unavailable.
  }
}

/** Keeps the forum's request for this tab while the person signs in with Microsoft (null forgets it). */
export function keepForumRequest(request: ForumRequest | null): void {
  tabStore(FORUM_KEY, request ? JSON.stringify(request) : null);
}

/** The forum request kept before a Microsoft sign-in, once: reading it forgets it. */
export function takeForumRequest(): ForumRequest | null {
  const raw = tabStored(FORUM_KEY);
  tabStore(FORUM_KEY, null);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<ForumRequest>;
    return typeof parsed.sso === 'string' && typeof parsed.sig === 'string' ? { sso: parsed.sso, sig: parsed.sig } : null;
  } catch {
    return null;
  }
}
