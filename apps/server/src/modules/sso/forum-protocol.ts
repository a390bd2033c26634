import { createHmac, timingSafeEqual } from 'node:crypto';
import { catalogued } from '../../lib/errors.ts';

/**
 * DiscourseConnect, the forum's single sign-on, with Verity as the provider. The forum sends the
 * browser to /auth/login with `sso` (a Base64 query string holding a nonce and return_sso_url) and
 * `sig` (the hex HMAC-SHA256 of `sso` under the shared secret); Verity answers by sending the
 * browser to return_sso_url with a signed payload of the same form describing the user.
 */

/** The longest nonce accepted: Discourse sends 32 hex characters. */
const MAX_NONCE_LENGTH = 200;

export interface ForumRequest {
  nonce: string;
  /** The forum address to answer to: checked to be on FORUM_URL. */
  returnUrl: URL;
}

/** The user as the forum is told about them. */
export interface ForumUser {
  externalId: string;
  email: string;
  username: string;
  name: string;
  avatarUrl: string | null;
  /** The forum asks the person to confirm their address itself until Verity has verified it. */
  requireActivation: boolean;
}

/** The hex HMAC-SHA256 of a payload under the secret: the protocol's `sig`. */
export function forumSignature(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload, 'utf8').digest('hex');
}

const refused = () => catalogued(400, 'forumSignOnRefused');

/**
 * Checks the forum's request: the signature (compared in constant time, over `sso` exactly as
 * sent, padding and line breaks included), a nonce, and a return address on the forum's own site.
 * Any failure is the same refusal, which says nothing about which check failed.
 */
export function readForumRequest(options: { secret: string; forumUrl: string; sso: string; sig: string }): ForumRequest {
  const { secret, sso, sig } = options;
  if (!/^[0-9a-f]{64}$/i.test(sig)) throw refused();
  const expected = Buffer.from(forumSignature(secret, sso), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(sig, 'hex'))) throw refused();
  const payload = new URLSearchParams(Buffer.from(sso, 'base64').toString('utf8').trim());
  const nonce = payload.get('nonce')?.trim() ?? '';
  if (nonce === '' || nonce.length > MAX_NONCE_LENGTH) throw refused();
  const returnUrl = parseUrl(payload.get('return_sso_url'));
  if (!returnUrl || !withinForum(returnUrl, options.forumUrl)) throw refused();
  return { nonce, returnUrl };
}

/** Whether the address is on the forum's site: its origin, and within its path when FORUM_URL has one. */
export function withinForum(url: URL, forumUrl: string): boolean {
  const forum = new URL(forumUrl);
  if (url.origin !== forum.origin || url.username !== '' || url.password !== '') return false;
  const base = forum.pathname.replace(/\/+$/, '');
  return base === '' || url.pathname === base || url.pathname.startsWith(`${base}/`);
}

function parseUrl(value: string | null): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** The signed answer: the payload fields in the protocol's names, Base64-encoded, and its signature. */
export function signForumPayload(secret: string, fields: Readonly<Record<string, string>>): { sso: string; sig: string } {
  const sso = Buffer.from(new URLSearchParams(fields).toString(), 'utf8').toString('base64');
  return { sso, sig: forumSignature(secret, sso) };
}

/** The payload fields for a user, in the protocol's names; require_activation only when it applies. */
export function forumPayloadFields(nonce: string, user: ForumUser): Record<string, string> {
  return {
    nonce,
    external_id: user.externalId,
    email: user.email,
    username: user.username,
    name: user.name,
    ...(user.avatarUrl ? { avatar_url: user.avatarUrl } : {}),
    ...(user.requireActivation ? { require_activation: 'true' } : {}),
  };
}

/** The forum's return address carrying the signed answer (its own query parameters kept). */
export function forumAnswerUrl(request: ForumRequest, secret: string, user: ForumUser): string {
  const { sso, sig } = signForumPayload(secret, forumPayloadFields(request.nonce, user));
  const url = new URL(request.returnUrl);
  url.searchParams.set('sso', sso);
  url.searchParams.set('sig', sig);
  return url.href;
}

/**
 * A forum username from an e-mail address: its local part in the characters Discourse accepts
 * (letters, digits, "_", "." and "-"), starting and ending with a letter, digit or "_", 3 to 20
 * long. The forum makes it unique itself when it is taken.
 */
export function forumUsername(email: string): string {
  const local = email.slice(0, email.lastIndexOf('@'));
  const cleaned = local
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9_.-]+/g, '_')
    .replace(/[._-]{2,}/g, '_')
    .slice(0, 20)
    .replace(/^[.-]+|[.-]+$/g, '');
  return cleaned.length >= 3 ? cleaned : `${cleaned}_user`.replace(/^_/, '').padEnd(3, '_');
}
