import { createHmac } from 'node:crypto';
import { ERROR_CODES, type User } from '@verity/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { organisations, users } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { listEvents } from '../../test/events.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';
import { startTestForum, type TestForum } from '../../test/forum.ts';
import { multipart } from '../../test/multipart.ts';
import { mailTo } from '../../test/outbox.ts';

const APP_URL = 'http://verity.test';
const PASSWORD = 'amber-otter-lantern-29';

let forum: TestForum;
let t: TestApp;

beforeAll(async () => {
  forum = await startTestForum({ appUrl: APP_URL });
  t = await buildTestApp({ APP_URL, DISCOURSE_CONNECT_SECRET: forum.secret, FORUM_URL: forum.url });
});

afterAll(async () => {
  await t?.close();
  await forum?.close();
});

function connect(user: TestUser | { headers: Record<string, string> } | null, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/auth/forum/connect', headers: user?.headers ?? {}, payload: body });
}

/** The browser following Verity's answer to the forum: what the forum made of it. */
async function followToForum(redirectUrl: string) {
  const response = await fetch(redirectUrl);
  return { status: response.status, login: forum.logins.at(-1) };
}

describe('answering the forum', () => {
  test('a signed-in user is sent back to the forum with a payload the forum verifies', async () => {
    const person = await buildUser(t, { email: `priya.shah@northshire-${Date.now()}.nhs.test`, firstname: 'Priya' });
    const { sso, sig, nonce } = forum.signInRequest();
    const response = await connect(person, { sso, sig });
    expect(response.statusCode).toBe(200);
    const { redirect_url } = response.json<{ redirect_url: string }>();
    expect(redirect_url.startsWith(`${forum.url}/session/sso_login?`)).toBe(true);

    const { status, login } = await followToForum(redirect_url);
    expect(status).toBe(200);
    expect(login).toEqual({
      ok: true,
      fields: {
        nonce,
        external_id: person.user.externalId,
        email: person.email,
        username: 'priya.shah',
        name: 'Priya Morgan',
      },
    });
    const recorded = await listEvents({ db: t.db, organisationId: person.user.organisationId, kind: 'auth.forum_signed_on' });
    expect(recorded.map((event) => event.data)).toEqual([{ require_activation: false }]);
  });

  test('an unverified address asks the forum for activation, and a photo is passed as an absolute address', async () => {
    const person = await buildUser(t, { verified: false });
    await t.db.update(users).set({ photoId: 'photo-capability-id' }).where(eq(users.id, person.user.id));
    const { sso, sig } = forum.signInRequest();
    const { redirect_url } = (await connect(person, { sso, sig })).json<{ redirect_url: string }>();
    const { login } = await followToForum(redirect_url);
    expect(login?.fields).toMatchObject({
      require_activation: 'true',
      avatar_url: `${APP_URL}/api/account/photos/photo-capability-id`,
    });
  });

  test.each([
    ['a bad signature', () => ({ sso: forum.signInRequest().sso, sig: 'f'.repeat(64) })],
    [
      'a missing nonce',
      () => {
        const sso = Buffer.from(`return_sso_url=${encodeURIComponent(`${forum.url}/session/sso_login`)}`).toString('base64');
        return { sso, sig: sign(sso) };
      },
    ],
    [
      'a return address outside FORUM_URL',
      () => {
        const sso = Buffer.from(`nonce=abc&return_sso_url=${encodeURIComponent('https://evil.example/session/sso_login')}`).toString(
          'base64',
        );
        return { sso, sig: sign(sso) };
      },
    ],
    ['a payload that is not Base64 of anything', () => ({ sso: '%%%', sig: sign('%%%') })],
  ])('refuses %s with SPEC’s message, recording nothing', async (_name, make) => {
    const person = await buildUser(t);
    const response = await connect(person, make());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error_code: ERROR_CODES.forumSignOnRefused.code,
      error_title: 'Forum sign-in refused',
      message: 'Login failed. Please try again.',
    });
    expect(await listEvents({ db: t.db, organisationId: person.user.organisationId, kind: 'auth.forum_signed_on' })).toEqual([]);
  });

  test('needs a session, and refuses malformed and oversized input', async () => {
    const { sso, sig } = forum.signInRequest();
    expect((await connect(null, { sso, sig })).statusCode).toBe(401);
    expect((await connect({ headers: { 'auth-token': 'x'.repeat(43) } }, { sso, sig })).statusCode).toBe(401);
    const person = await buildUser(t);
    expect((await connect(person, { sso })).statusCode).toBe(422);
    expect((await connect(person, { sso: 'a'.repeat(9000), sig })).statusCode).toBe(422);
    expect((await connect(person, { sso, sig, extra: true })).statusCode).toBe(422);
  });

  test('a guest may sign in to the forum (it is what forum-only accounts are for)', async () => {
    const guest = await buildUser(t, { roles: ['guest'] });
    const { sso, sig } = forum.signInRequest();
    const response = await connect(guest, { sso, sig });
    expect(response.statusCode).toBe(200);
  });
});

describe('creating a forum-only account', () => {
  function fields(overrides: Record<string, string> = {}) {
    return {
      first_name: 'Tom',
      last_name: 'Reid',
      job_title: 'Care Home Manager',
      new_password: PASSWORD,
      organisation: 'Larchfield Care Home',
      email: `tom.reid.${Date.now()}.${Math.random().toString(36).slice(2)}@larchfield.test`,
      ...overrides,
    };
  }

  function create(body: Record<string, string>, remoteAddress?: string) {
    return multipart(body).then((form) => t.app.inject({ method: 'POST', url: '/api/auth/create_forum_user', remoteAddress, ...form }));
  }

  test('creates a guest in a new organisation, signs it in, e-mails a verification link, and the round trip carries on', async () => {
    const input = fields();
    const response = await create(input);
    expect(response.statusCode).toBe(201);
    const { auth_token, message } = response.json<{ auth_token: string; message: string }>();
    expect(message).toBe('Login successful');
    const info = await t.app.inject({ method: 'GET', url: '/api/account/info', headers: { 'auth-token': auth_token } });
    const user = info.json<User>();
    expect(user).toMatchObject({ email: input.email, firstname: 'Tom', surname: 'Reid', account_roles: ['guest'] });
    const [row] = await t.db.select().from(users).where(eq(users.email, input.email));
    const [organisation] = await t.db
      .select()
      .from(organisations)
      .where(eq(organisations.id, row?.organisationId as string));
    expect(organisation?.name).toBe('Larchfield Care Home');
    expect(row?.emailVerifiedAt).toBeNull();
    const created = await listEvents({ db: t.db, organisationId: organisation?.id as string, kind: 'auth.account_created' });
    expect(created.map((event) => event.data)).toEqual([{ via: 'forum', roles: ['guest'], organisation_created: true }]);
    expect((await mailTo(t, input.email)).map((mail) => mail.subject)).toEqual(['Verify your e-mail address for Verity']);

    // The new session answers the forum at once; the forum is told to ask for activation.
    const { sso, sig } = forum.signInRequest();
    const { redirect_url } = (await connect({ headers: { 'auth-token': auth_token } }, { sso, sig })).json<{ redirect_url: string }>();
    const { login } = await followToForum(redirect_url);
    expect(login).toMatchObject({ ok: true, fields: { email: input.email, require_activation: 'true', name: 'Tom Reid' } });
  });

  test('an address that has an account is refused with a way forward, changing nothing', async () => {
    const existing = await buildUser(t);
    const before = await t.db.select().from(organisations);
    const response = await create(fields({ email: existing.email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error_code: ERROR_CODES.emailTaken.code, message: expect.stringContaining('Sign in') });
    expect(await t.db.select().from(organisations)).toHaveLength(before.length);
  });

  test.each([
    ['a missing field', { job_title: '' }],
    ['a weak password', { new_password: 'password1234' }],
    ['a bad e-mail address', { email: 'not-an-address' }],
    ['an oversized organisation', { organisation: 'x'.repeat(201) }],
  ])('refuses %s with a 422, creating nothing', async (_name, overrides) => {
    const input = fields(overrides);
    const response = await create(input);
    expect(response.statusCode).toBe(422);
    expect(await t.db.select().from(users).where(eq(users.email, input.email))).toEqual([]);
  });

  test('is limited per address and per source', async () => {
    const limited = await buildTestApp({
      APP_URL,
      DISCOURSE_CONNECT_SECRET: forum.secret,
      FORUM_URL: forum.url,
      AUTH_RATE_LIMIT_PER_IP: '2',
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/create_forum_user',
          remoteAddress: '203.0.113.9',
          ...(await multipart(fields())),
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('without the forum configured', () => {
  test('connect and account creation answer 404, and the public configuration has no forum', async () => {
    const plain = await buildTestApp({ APP_URL });
    try {
      const person = await buildUser(plain);
      const response = await plain.app.inject({
        method: 'POST',
        url: '/api/auth/forum/connect',
        headers: person.headers,
        payload: { sso: 'abc', sig: 'f'.repeat(64) },
      });
      expect(response.statusCode).toBe(404);
      const created = await plain.app.inject({
        method: 'POST',
        url: '/api/auth/create_forum_user',
        ...(await multipart({
          first_name: 'A',
          last_name: 'B',
          job_title: 'C',
          new_password: PASSWORD,
          organisation: 'Somewhere',
          email: 'someone@example.test',
        })),
      });
      expect(created.statusCode).toBe(404);
      expect((await plain.app.inject({ method: 'GET', url: '/api/app-config' })).json()).toMatchObject({ forum_url: null });
    } finally {
      await plain.close();
    }
  });

  test('the settings come together or not at all', async () => {
    await expect(buildTestApp({ FORUM_URL: 'https://forum.example.org' })).rejects.toThrow(/DISCOURSE_CONNECT_SECRET/);
    await expect(buildTestApp({ DISCOURSE_CONNECT_SECRET: 'short' })).rejects.toThrow(/at least 16/);
  });
});

function sign(payload: string): string {
  return createHmac('sha256', forum.secret).update(payload).digest('hex');
}
