import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/** A person at the test identity provider, with the claims Microsoft Entra ID puts in an ID token. */
export interface TestIdentity {
  /** The object id (oid), also the subject. */
  oid: string;
  tid: string;
  email: string;
  email_verified?: boolean;
  /** Entra's "e-mail domain owner verified" optional claim. */
  xms_edov?: boolean;
  name: string;
  given_name?: string;
  family_name?: string;
}

export interface TestOidcProvider {
  /** The issuer, to set as MICROSOFT_AUTHORITY_URL. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who a browser (not `authorize`) is signed in as next: also settable over HTTP, `PUT /test/next-identity` with the identity as JSON. */
  signInNext(identity: TestIdentity): void;
  /**
   * Follows the authorisation URL as a fresh browser would: the provider signs in `identity` and
   * grants consent, then redirects to the client. Returns the query string of that redirect.
   */
  authorize(authorizationUrl: string, identity: TestIdentity): Promise<string>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) on a local port: discovery, JWKS, the
 * authorisation endpoint with PKCE, single-use codes, and signed ID tokens. Its sign-in and
 * consent pages are replaced by a handler that signs in whoever the test names.
 */
export async function startTestOidcProvider(options: { redirectUri: string }): Promise<TestOidcProvider> {
  const clientId = 'verity-test-client';
  const clientSecret = 'verity-test-client-secret-0123456789';
  const identities = new Map<string, TestIdentity>();
  const pending = new Map<string, TestIdentity>();
  let next: TestIdentity | undefined;
  let provider: Provider | undefined;

  const server = createServer((req, res) => {
    if (!provider) {
      res.statusCode = 503;
      res.end();
      return;
    }
    if (req.url === '/test/next-identity' && req.method === 'PUT') {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      req.on('end', () => {
        next = JSON.parse(body) as TestIdentity;
        res.writeHead(204).end();
      });
      return;
    }
    if (req.url?.startsWith('/interaction/')) {
      interact(provider, req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    claims: {
      openid: ['sub', 'tid', 'oid', 'xms_edov'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // As Entra ID does: the claims go in the ID token itself.
    conformIdTokenClaims: false,
    cookies: { keys: ['verity-test-cookie-key'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    findAccount: async (_ctx, id) => {
      const identity = identities.get(id);
      if (!identity) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...identity }) };
    },
  });
  provider.on('server_error', () => undefined);

  /** Login for the identity the browser's authorisation is for, then consent to what the client asked. */
  async function interact(p: Provider, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await p.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      const identity = pending.get(String(details.params.state)) ?? next;
      if (!identity) throw new Error('no identity was named for this authorisation');
      identities.set(identity.oid, identity);
      await p.interactionFinished(req, res, { login: { accountId: identity.oid } }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = new p.Grant({ accountId: String(details.session?.accountId), clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    await p.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
  }

  return {
    issuer,
    clientId,
    clientSecret,
    signInNext(identity) {
      next = identity;
    },
    async authorize(authorizationUrl, identity) {
      const state = new URL(authorizationUrl).searchParams.get('state') ?? '';
      pending.set(state, identity);
      const cookies = new Map<string, string>();
      let url = authorizationUrl;
      for (let hop = 0; hop < 10; hop++) {
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const header of response.headers.getSetCookie()) {
          const [pair = ''] = header.split(';');
          const at = pair.indexOf('=');
          cookies.set(pair.slice(0, at), pair.slice(at + 1));
        }
        const location = response.headers.get('location');
        if (!location) throw new Error(`the provider stopped at ${response.status}: ${await response.text()}`);
        const next = new URL(location, url);
        if (next.href.startsWith(options.redirectUri)) return next.search;
        url = next.href;
      }
      throw new Error('too many redirects at the test provider');
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
