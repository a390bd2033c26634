import { ssoEndpoints } from '@verity/shared';
import { api, type EndpointBody } from '../../lib/api-client';
import { setAccessToken } from '../../lib/session-storage';
import { readStored, writeStored } from '../../lib/browser-storage';
import type { ForumRequest } from './forum-request';

/**
 * Single sign-on calls from the browser. Microsoft: the start's flow secret is kept for this tab
 * (sessionStorage) and given back at the callback, so a callback link opened in another browser
 * finds nothing to finish. The forum: Verity's answer to its request (forum-request.ts).
 */

const FLOW_KEY = 'verity.microsoftFlow';

/** Sends the browser to the forum with Verity's signed answer for the signed-in user. */
export async function continueToForum(request: ForumRequest): Promise<void> {
  const { redirect_url } = await api(ssoEndpoints.forumConnect, { body: request }, { background: true });
  window.location.assign(redirect_url);
}

/** Starts a Microsoft sign-in and sends the browser to Microsoft. */
export async function startMicrosoftSignIn(redirect: string | null): Promise<void> {
  const { authorization_url, flow } = await api(ssoEndpoints.microsoftStart, { body: redirect ? { redirect } : {} }, { background: true });
  writeStored('session', FLOW_KEY, flow);
  window.location.assign(authorization_url);
}

/** The flow this tab started, once: null when there is none (a link opened elsewhere, or used already). */
export function takeMicrosoftFlow(): string | null {
  const flow = readStored('session', FLOW_KEY);
  writeStored('session', FLOW_KEY, null);
  return flow;
}

/** Finishes the sign-in Microsoft returned with; the answer carries the session and where to go. */
export function finishMicrosoftSignIn(body: EndpointBody<typeof ssoEndpoints.microsoftFinish>) {
  return api(ssoEndpoints.microsoftFinish, { body }, { background: true });
}

/**
 * Creates a forum-only account and keeps its session for this browser without signing into this
 * page (it is a guest-only page, which would leave for /home), then carries on to the forum.
 */
export async function createForumAccount(
  body: EndpointBody<typeof ssoEndpoints.createForumUser>,
  next: { request: ForumRequest | null; forumUrl: string },
): Promise<void> {
  const { auth_token } = await api(ssoEndpoints.createForumUser, { body }, { background: true });
  if (!auth_token) throw new Error('The account was created, but no session came back. Sign in to continue.');
  setAccessToken(auth_token);
  if (next.request) await continueToForum(next.request);
  else window.location.assign(next.forumUrl);
}
