import { createHmac, randomUUID } from 'node:crypto';

import { ERROR_CODES, type User } from '@verity/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { microsoftTenants, organisations, sessions, ssoIdentities, ssoSignIns, users } from '../../db/schema.ts';
import { sha256 } from '../../lib/ids.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { listEvents } from '../../test/events.ts';
import { buildOrganisation, buildUser } from '../../test/factories.ts';
import { startTestOidcProvider, type TestIdentity, type TestOidcProvider } from '../../test/oidc-provider.ts';

const APP_URL = 'http://verity.test';

let provider: TestOidcProvider;
let t: TestApp;
let organisationId: string;
let tenantId: string;

beforeAll(async () => {
  provider = await startTestOidcProvider({ redirectUri: `${APP_URL}/microsoft-auth-callback` });
  t = await buildTestApp({
    APP_URL,
    MICROSOFT_TENANT_ID: 'organizations',
    MICROSOFT_CLIENT_ID: provider.clientId,
    MICROSOFT_CLIENT_SECRET: provider.clientSecret,
    MICROSOFT_AUTHORITY_URL: provider.issuer,
  });
  organisationId = (await buildOrganisation(t, 'Northshire Community Health NHS Trust')).id;
  tenantId = randomUUID();
  await t.db.insert(microsoftTenants).values({ tenantId, organisationId });
});

afterAll(async () => {
  await t?.close();
  await provider?.close();
});

let counter = 0;
function identity(overrides: Partial<TestIdentity> = {}): TestIdentity {
  counter += 1;
  return {
    oid: randomUUID(),
    tid: tenantId,
    email: `priya.shah.${counter}@northshire.nhs.test`,
    email_verified: true,
    name: 'Priya Shah',
    given_name: 'Priya',
    family_name: 'Shah',
    ...overrides,
  };
}

async function start(redirect?: string) {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/microsoft/start', payload: redirect ? { redirect } : {} });
  expect(response.statusCode).toBe(200);
  return response.json<{ authorization_url: string; flow: string }>();
}

function finish(flow: string, callback: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/microsoft/finish', payload: { flow, callback } });
}

/** The whole round trip as a browser makes it: start, the provider's sign-in, the callback page's finish. */
async function signInWithMicrosoft(person: TestIdentity, redirect?: string) {
  const { authorization_url, flow } = await start(redirect);
  const callback = await provider.authorize(authorization_url, person);
  return { response: await finish(flow, callback), flow, callback };
}

async function accountInfo(token: string): Promise<User> {
  const response = await t.app.inject({ method: 'GET', url: '/api/account/info', headers: { 'auth-token': token } });
  expect(response.statusCode).toBe(200);
  return response.json<User>();
}

describe('starting a Microsoft sign-in', () => {
  test('asks for an authorisation code with PKCE (S256), state, nonce and the least scopes, returning to the callback page', async () => {
    const { authorization_url, flow } = await start('/wiki');
    const url = new URL(authorization_url);
    expect(url.origin).toBe(provider.issuer);
    const params = url.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe(provider.clientId);
    expect(params.get('redirect_uri')).toBe(`${APP_URL}/microsoft-auth-callback`);
    expect(params.get('scope')).toBe('openid profile email');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [kept] = await t.db
      .select()
      .from(ssoSignIns)
      .where(eq(ssoSignIns.id, sha256(flow)));
    expect(kept?.state).toBe(params.get('state'));
    expect(kept?.nonce).toBe(params.get('nonce'));
    // The verifier stays on the server; only its challenge travels.
    expect(authorization_url).not.toContain(kept?.codeVerifier);
    expect(kept?.redirectPath).toBe('/wiki');
  });

  test('a redirect off the site is not kept', async () => {
    const { flow } = await start('https://evil.example/phish');
    const [kept] = await t.db
      .select()
      .from(ssoSignIns)
      .where(eq(ssoSignIns.id, sha256(flow)));
    expect(kept?.redirectPath).toBe('/home');
  });

  test('says Microsoft sign-in is available in the public configuration', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/app-config' });
    expect(response.json()).toMatchObject({ microsoft_sso_enabled: true, forum_url: null });
  });
});

describe('finishing a Microsoft sign-in', () => {
  test('creates the account in the organisation the tenant is linked to, signs it in and records it', async () => {
    const person = identity();
    const { response } = await signInWithMicrosoft(person, '/chat');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ auth_token: string; message: string; redirect: string }>();
    expect(body.message).toBe('Login successful');
    expect(body.redirect).toBe('/chat');
    const user = await accountInfo(body.auth_token);
    expect(user).toMatchObject({ email: person.email, firstname: 'Priya', surname: 'Shah', account_roles: ['standard'] });
    const [row] = await t.db.select().from(users).where(eq(users.email, person.email));
    expect(row?.organisationId).toBe(organisationId);
    expect(row?.emailVerifiedAt).not.toBeNull();
    expect(row?.passwordHash).toBeNull();
    const [linked] = await t.db
      .select()
      .from(ssoIdentities)
      .where(eq(ssoIdentities.userId, row?.id as string));
    expect(linked?.subject).toBe(`${tenantId}:${person.oid}`);
    const created = await listEvents({ db: t.db, organisationId, kind: 'auth.account_created' });
    expect(created.filter((event) => event.actorUserId === row?.id).map((event) => event.data)).toEqual([
      { via: 'microsoft', roles: ['standard'], organisation_created: false },
    ]);
    const signedIn = await listEvents({ db: t.db, organisationId, kind: 'auth.signed_in' });
    expect(signedIn.filter((event) => event.actorUserId === row?.id).map((event) => event.data)).toEqual([{ method: 'microsoft' }]);
    const session = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sha256(body.auth_token)));
    expect(session).toHaveLength(1);
  });

  test('links an existing account by its verified e-mail address, and finds it by the Microsoft account afterwards', async () => {
    const existing = await buildUser(t, { organisationId, email: `existing.${randomUUID()}@northshire.nhs.test`, verified: false });
    const person = identity({ email: existing.email.toUpperCase() });
    const first = await signInWithMicrosoft(person);
    expect(first.response.statusCode).toBe(200);
    expect((await accountInfo(first.response.json<{ auth_token: string }>().auth_token)).user_id).toBe(existing.user.id);
    const [row] = await t.db.select().from(users).where(eq(users.id, existing.user.id));
    expect(row?.emailVerifiedAt).not.toBeNull();
    const linkedEvents = await listEvents({ db: t.db, organisationId, kind: 'auth.sso_linked' });
    expect(linkedEvents.filter((event) => event.actorUserId === existing.user.id)).toHaveLength(1);

    // Microsoft now sends another address (a changed name): the link, not the address, finds the account.
    const again = await signInWithMicrosoft({ ...person, email: `renamed.${randomUUID()}@northshire.nhs.test` });
    expect(again.response.statusCode).toBe(200);
    expect((await accountInfo(again.response.json<{ auth_token: string }>().auth_token)).user_id).toBe(existing.user.id);
  });

  test('accepts Entra ID’s domain-verified claim (xms_edov) in place of email_verified', async () => {
    const { response } = await signInWithMicrosoft(identity({ email_verified: undefined, xms_edov: true }));
    expect(response.statusCode).toBe(200);
  });

  test('refuses a callback whose state is not the one this flow sent, and uses the flow up', async () => {
    const { authorization_url, flow } = await start();
    const callback = await provider.authorize(authorization_url, identity());
    const tampered = new URLSearchParams(callback.slice(1));
    tampered.set('state', 'another-state-value');
    const response = await finish(flow, `?${tampered}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: ERROR_CODES.ssoExpired.code, message: ERROR_CODES.ssoExpired.message });
    // The genuine callback cannot be tried after a refused one.
    expect((await finish(flow, callback)).statusCode).toBe(400);
  });

  test('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    const { authorization_url, flow } = await start();
    const callback = await provider.authorize(authorization_url, identity());
    await t.db
      .update(ssoSignIns)
      .set({ nonce: 'a-nonce-from-another-sign-in' })
      .where(eq(ssoSignIns.id, sha256(flow)));
    const response = await finish(flow, callback);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: ERROR_CODES.ssoExpired.code });
  });

  test('a replayed callback or code signs nobody in', async () => {
    const person = identity();
    const { response, flow, callback } = await signInWithMicrosoft(person);
    expect(response.statusCode).toBe(200);
    // The same callback again: the sign-in was used.
    const replayed = await finish(flow, callback);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toMatchObject({ error_code: ERROR_CODES.ssoExpired.code });
    // The code inside a new flow's callback: the provider refuses a code it already exchanged.
    const fresh = await start();
    const stolen = new URLSearchParams(callback.slice(1));
    stolen.set('state', new URL(fresh.authorization_url).searchParams.get('state') as string);
    const reused = await finish(fresh.flow, `?${stolen}`);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ error_code: ERROR_CODES.ssoRefused.code });
  });

  test('refuses an e-mail address Microsoft did not verify, creating nothing', async () => {
    const person = identity({ email_verified: false });
    const { response } = await signInWithMicrosoft(person);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error_code: ERROR_CODES.ssoEmailUnverified.code });
    expect(await t.db.select().from(users).where(eq(users.email, person.email))).toEqual([]);
  });

  test('refuses a tenant no administrator linked, with a message that says what to do', async () => {
    const person = identity({ tid: randomUUID() });
    const { response } = await signInWithMicrosoft(person);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      error_code: ERROR_CODES.ssoTenantUnknown.code,
      error_title: 'Organisation not linked',
      message: expect.stringContaining('Ask your Verity administrator'),
    });
    expect(await t.db.select().from(users).where(eq(users.email, person.email))).toEqual([]);
  });

  test('refuses a deactivated user, and everyone of a deactivated organisation', async () => {
    const disabled = await buildUser(t, { organisationId, email: `leaver.${randomUUID()}@northshire.nhs.test` });
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.user.id));
    const refused = await signInWithMicrosoft(identity({ email: disabled.email }));
    expect(refused.response.statusCode).toBe(403);
    expect(refused.response.json()).toMatchObject({ error_code: ERROR_CODES.accountDisabled.code });
    expect(await t.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, disabled.user.id))).toEqual([]);

    const closed = await buildOrganisation(t, 'Closed Trust');
    const closedTenant = randomUUID();
    await t.db.insert(microsoftTenants).values({ tenantId: closedTenant, organisationId: closed.id });
    await t.db.update(organisations).set({ deactivatedAt: new Date() }).where(eq(organisations.id, closed.id));
    const person = identity({ tid: closedTenant });
    const response = (await signInWithMicrosoft(person)).response;
    expect(response.statusCode).toBe(403);
    expect(await t.db.select().from(users).where(eq(users.email, person.email))).toEqual([]);
  });

  test('refuses to link an account of another organisation', async () => {
    const elsewhere = await buildUser(t, { email: `elsewhere.${randomUUID()}@other.nhs.test` });
    const { response } = await signInWithMicrosoft(identity({ email: elsewhere.email }));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error_code: ERROR_CODES.ssoOtherOrganisation.code });
  });

  test('a person who cancels at Microsoft is told so, and nothing is signed in', async () => {
    const { authorization_url, flow } = await start();
    const state = new URL(authorization_url).searchParams.get('state') as string;
    const response = await finish(flow, `?error=access_denied&error_description=cancelled&state=${state}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: ERROR_CODES.ssoRefused.code });
  });

  test('malformed input is refused before anything is used', async () => {
    for (const payload of [
      {},
      { flow: 'short', callback: '' },
      { flow: 'x'.repeat(40), callback: 'y'.repeat(9000) },
      { flow: 'x'.repeat(40), callback: '', extra: 1 },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/microsoft/finish', payload });
      expect(response.statusCode).toBe(422);
    }
    const unknown = await finish('f'.repeat(43), '?code=abc&state=def');
    expect(unknown.statusCode).toBe(400);
  });
});

describe('without Microsoft configured', () => {
  test('start and finish answer 404 and the public configuration says it is off', async () => {
    const plain = await buildTestApp();
    try {
      const started = await plain.app.inject({ method: 'POST', url: '/api/auth/microsoft/start', payload: {} });
      expect(started.statusCode).toBe(404);
      const finished = await plain.app.inject({
        method: 'POST',
        url: '/api/auth/microsoft/finish',
        payload: { flow: 'f'.repeat(43), callback: '?code=a&state=b' },
      });
      expect(finished.statusCode).toBe(404);
      expect((await plain.app.inject({ method: 'GET', url: '/api/app-config' })).json()).toMatchObject({ microsoft_sso_enabled: false });
    } finally {
      await plain.close();
    }
  });

  test('an unreachable provider is a 503 the person can retry, not a crash', async () => {
    const down = await buildTestApp({
      MICROSOFT_TENANT_ID: 'organizations',
      MICROSOFT_CLIENT_ID: 'client',
      MICROSOFT_CLIENT_SECRET: 'secret',
      MICROSOFT_AUTHORITY_URL: 'http://127.0.0.1:9/organizations/v2.0',
    });
    try {
      const response = await down.app.inject({ method: 'POST', url: '/api/auth/microsoft/start', payload: {} });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ error_code: ERROR_CODES.serviceUnavailable.code });
    } finally {
      await down.close();
    }
  });
});

describe('the log', () => {
  test('holds no secret, code, token, e-mail address or forum payload of a Microsoft sign-in or a forum hand-off', async () => {
    const lines: string[] = [];
    const forumSecret = 'canary-forum-secret-7c1e9a0b';
    const logged = await buildTestApp(
      {
        APP_URL,
        LOG_LEVEL: 'trace',
        MICROSOFT_TENANT_ID: 'organizations',
        MICROSOFT_CLIENT_ID: provider.clientId,
        MICROSOFT_CLIENT_SECRET: provider.clientSecret,
        MICROSOFT_AUTHORITY_URL: provider.issuer,
        DISCOURSE_CONNECT_SECRET: forumSecret,
        FORUM_URL: 'https://forum.example.org',
      },
      { logStream: { write: (line) => lines.push(line) } },
    );
    try {
      const organisation = await buildOrganisation(logged, 'Canary Trust');
      const tenant = randomUUID();
      await logged.db.insert(microsoftTenants).values({ tenantId: tenant, organisationId: organisation.id });
      const email = `canary.person.${Date.now()}@canary.nhs.test`;
      const started = await logged.app.inject({ method: 'POST', url: '/api/auth/microsoft/start', payload: {} });
      const { authorization_url, flow } = started.json<{ authorization_url: string; flow: string }>();
      const callback = await provider.authorize(authorization_url, identity({ tid: tenant, email }));
      const finished = await logged.app.inject({ method: 'POST', url: '/api/auth/microsoft/finish', payload: { flow, callback } });
      expect(finished.statusCode).toBe(200);
      const token = finished.json<{ auth_token: string }>().auth_token;
      // A refused finish too: its reason is logged, not what was sent.
      await logged.app.inject({ method: 'POST', url: '/api/auth/microsoft/finish', payload: { flow, callback } });

      const sso = Buffer.from(
        `nonce=canarynonce42&return_sso_url=${encodeURIComponent('https://forum.example.org/session/sso_login')}`,
      ).toString('base64');
      const sig = createHmac('sha256', forumSecret).update(sso).digest('hex');
      const connected = await logged.app.inject({
        method: 'POST',
        url: '/api/auth/forum/connect',
        headers: { 'auth-token': token },
        payload: { sso, sig },
      });
      expect(connected.statusCode).toBe(200);
      const answer = new URL(connected.json<{ redirect_url: string }>().redirect_url).searchParams;
      await logged.app.inject({ method: 'GET', url: `/auth/login?${new URLSearchParams({ sso, sig })}` });

      const log = lines.join('');
      expect(log).toContain('signed in with Microsoft');
      expect(log).toContain('signed in to the forum');
      const code = new URLSearchParams(callback.slice(1)).get('code') as string;
      for (const secret of [
        provider.clientSecret,
        forumSecret,
        flow,
        code,
        token,
        email,
        sso,
        sig,
        answer.get('sso'),
        answer.get('sig'),
        'canarynonce42',
      ]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await logged.close();
    }
  });
});
