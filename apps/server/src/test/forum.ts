import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the test forum made of one answer that reached its /session/sso_login. */
export interface ForumLogin {
  ok: boolean;
  /** Why it was refused: the forum's own checks (signature, nonce). */
  reason?: 'bad_signature' | 'unknown_nonce';
  /** The decoded payload, when the signature was good. */
  fields?: Record<string, string>;
}

export interface TestForum {
  /** The forum's address, to set as FORUM_URL. */
  url: string;
  secret: string;
  /** A sign-in request as a forum makes one (nonce remembered, return address its /session/sso_login). */
  signInRequest(): { sso: string; sig: string; nonce: string };
  /** Answers that reached the forum, oldest first. */
  logins: ForumLogin[];
  close(): Promise<void>;
}

/**
 * A stand-in for a Discourse forum using Verity for DiscourseConnect, written from the protocol
 * (not from Verity's code): it signs its requests and checks Verity's answers itself. GET
 * /session/sso starts a sign-in (redirecting to Verity's /auth/login); GET /session/sso_login
 * takes the answer and shows who was signed in, or 403 and why not.
 */
export async function startTestForum(options: { appUrl: string; secret?: string }): Promise<TestForum> {
  const secret = options.secret ?? randomBytes(16).toString('hex');
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest('hex');
  const nonces = new Set<string>();
  const logins: ForumLogin[] = [];
  let url = '';

  const signInRequest = () => {
    const nonce = randomBytes(16).toString('hex');
    nonces.add(nonce);
    const sso = Buffer.from(`nonce=${nonce}&return_sso_url=${encodeURIComponent(`${url}/session/sso_login`)}`).toString('base64');
    return { sso, sig: sign(sso), nonce };
  };

  const server = createServer((req, res) => {
    const requested = new URL(req.url ?? '/', url);
    if (requested.pathname === '/session/sso') {
      const { sso, sig } = signInRequest();
      res.writeHead(302, { location: `${options.appUrl}/auth/login?${new URLSearchParams({ sso, sig })}` }).end();
      return;
    }
    if (requested.pathname === '/session/sso_login') {
      const sso = requested.searchParams.get('sso') ?? '';
      const sig = requested.searchParams.get('sig') ?? '';
      const expected = Buffer.from(sign(sso), 'hex');
      const given = Buffer.from(/^[0-9a-f]{64}$/.test(sig) ? sig : '', 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        logins.push({ ok: false, reason: 'bad_signature' });
        res.writeHead(403, { 'content-type': 'text/plain' }).end('Bad signature for payload');
        return;
      }
      const fields = Object.fromEntries(new URLSearchParams(Buffer.from(sso, 'base64').toString('utf8')));
      if (!fields.nonce || !nonces.delete(fields.nonce)) {
        logins.push({ ok: false, reason: 'unknown_nonce', fields });
        res.writeHead(403, { 'content-type': 'text/plain' }).end('Account login timed out, please try logging in again.');
        return;
      }
      logins.push({ ok: true, fields });
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><title>Community forum</title><h1>Welcome to the forum, ${escapeHtml(fields.username ?? '')}</h1>`);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    secret,
    signInRequest,
    logins,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
