/**
 * The forum's DiscourseConnect request in the browser: its sso and sig parameters travel on
 * /auth/login and /auth/register-forum, and are kept for this tab while a Microsoft sign-in is on
 * its way. No API here, so the sign-in page reads them without loading the calls.
 */

import { readStoredJson, writeStored } from '../../lib/browser-storage';

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

/** Keeps the forum's request for this tab while the person signs in with Microsoft (null forgets it). */
export function keepForumRequest(request: ForumRequest | null): void {
  // Without storage the hand-off cannot survive a trip away, and the return page says so.
  writeStored('session', FORUM_KEY, request ? JSON.stringify(request) : null);
}

/** The forum request kept before a Microsoft sign-in, once: reading it forgets it. */
export function takeForumRequest(): ForumRequest | null {
  const stored = readStoredJson('session', FORUM_KEY);
  writeStored('session', FORUM_KEY, null);
  if (typeof stored !== 'object' || stored === null) return null;
  const { sso, sig } = stored as Partial<ForumRequest>;
  return typeof sso === 'string' && typeof sig === 'string' ? { sso, sig } : null;
}
