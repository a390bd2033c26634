import { ERROR_CODES, type User } from '@verity/shared';
import { eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { actionCodes, organisations, sessions, users } from '../../db/schema.ts';
import { sha256 } from '../../lib/ids.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildOrganisation, buildUser } from '../../test/factories.ts';
import { multipart } from '../../test/multipart.ts';
import { mailTo, oobCodeIn } from '../../test/outbox.ts';
import { findUserByEmail } from '../../core/identity/accounts.ts';

const STRONG_PASSWORD = 'amber-otter-lantern-29';
const NEW_PASSWORD = 'violet-harbour-kettle-73';
const TOO_MANY = "You've made too many requests. Please wait a moment before trying again.";

let t: TestApp;
let counter = 0;

const uniqueEmail = (prefix = 'person') => `${prefix}.${++counter}.${Date.now()}@example.org`;

async function postLogin(app: TestApp, email: string, password: string, remoteAddress?: string) {
  return app.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, ...(await multipart({ email, password })) });
}

function signupFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    first_name: 'Hannah',
    surname: 'Whitfield',
    job_title: 'Estates Compliance Lead',
    email: uniqueEmail('hannah'),
    password: STRONG_PASSWORD,
    confirm_password: STRONG_PASSWORD,
    ...overrides,
  };
}

/** Signs up and waits for what is done after the answer (the account, its e-mail). */
async function postSignup(app: TestApp, fields: Record<string, string>, remoteAddress?: string) {
  const response = await app.app.inject({ method: 'POST', url: '/api/auth/signup', remoteAddress, ...(await multipart(fields)) });
  await app.mailIdle();
  return response;
}

async function postJson(app: TestApp, url: string, payload: unknown, remoteAddress?: string) {
  return app.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress });
}

/** Asks for a reset link and waits for what is done after the answer (the code, its e-mail). */
async function requestReset(app: TestApp, email: string, remoteAddress?: string) {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/auth/reset_password',
    remoteAddress,
    ...(await multipart({ email })),
  });
  await app.mailIdle();
  return response;
}

const signout = (app: TestApp, token: string) =>
  app.app.inject({ method: 'GET', url: '/api/auth/signout', headers: { 'auth-token': token } });
const accountInfo = (app: TestApp, token: string) =>
  app.app.inject({ method: 'GET', url: '/api/account/info', headers: { 'auth-token': token } });

function expectErrorShape(response: LightMyRequestResponse, status: number, errorCode?: number) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  const body = response.json();
  expect(typeof body.message).toBe('string');
  expect(body.request_id).toBe(response.headers['x-request-id']);
  if (errorCode !== undefined) expect(body.error_code).toBe(errorCode);
  return body;
}

beforeAll(async () => {
  // Generous limits here; the rate-limit tests build their own app with small ones.
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' });
});

afterAll(async () => {
  await t.close();
});

describe('POST /api/auth/login', () => {
  test('the right password opens a session that the API accepts, and records the sign-in', async () => {
    const { user, email, password } = await buildUser(t);
    const form = await multipart({ email: email.toUpperCase(), password });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '203.0.113.7',
      payload: form.payload,
      headers: { ...form.headers, 'user-agent': 'VitestBrowser/1.0' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ auth_token: expect.any(String), message: 'Login successful', error: null });
    expect(body.auth_token.length).toBeGreaterThanOrEqual(40);

    const info = await accountInfo(t, body.auth_token);
    expect(info.statusCode).toBe(200);
    expect((info.json() as User).email).toBe(email);

    const [session] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sha256(body.auth_token)));
    expect(session).toMatchObject({ userId: user.id, ip: '203.0.113.7', userAgent: 'VitestBrowser/1.0', revokedAt: null });
    const [row] = await t.db.select({ lastLoginAt: users.lastLoginAt }).from(users).where(eq(users.id, user.id));
    expect(row?.lastLoginAt).toBeInstanceOf(Date);
  });

  test('a wrong password is 401 invalidCredentials, and an unknown e-mail gets exactly the same answer', async () => {
    const { email } = await buildUser(t);
    const wrong = await postLogin(t, email, 'not-the-right-password');
    const unknown = await postLogin(t, uniqueEmail('nobody'), 'not-the-right-password');
    const wrongBody = expectErrorShape(wrong, 401, ERROR_CODES.invalidCredentials.code);
    const unknownBody = expectErrorShape(unknown, 401, ERROR_CODES.invalidCredentials.code);
    expect({ ...wrongBody, request_id: undefined }).toEqual({ ...unknownBody, request_id: undefined });
    expect(wrongBody).toMatchObject({ error_title: ERROR_CODES.invalidCredentials.title, message: ERROR_CODES.invalidCredentials.message });
    expect(wrong.json()).not.toHaveProperty('auth_token');
  });

  test('an unverified user is refused with 4002 and sent a new link, at most one per five minutes', async () => {
    const { email, password, user } = await buildUser(t, { verified: false });
    const first = await postLogin(t, email, password);
    expectErrorShape(first, 403, ERROR_CODES.emailNotVerified.code);
    const mails = await mailTo(t, email);
    expect(mails).toHaveLength(1);
    const code = oobCodeIn(mails[0]?.textBody ?? '', 'verifyEmail');

    const second = await postLogin(t, email, password);
    expectErrorShape(second, 403, ERROR_CODES.emailNotVerified.code);
    expect(await mailTo(t, email)).toHaveLength(1);

    // Once the newest link is more than five minutes old, trying again sends another.
    await t.db
      .update(actionCodes)
      .set({ createdAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(actionCodes.userId, user.id));
    expectErrorShape(await postLogin(t, email, password), 403, ERROR_CODES.emailNotVerified.code);
    expect(await mailTo(t, email)).toHaveLength(2);

    // Both links still verify the address (the first one is used here).
    expect((await postJson(t, '/api/auth/verify-email', { oobCode: code })).statusCode).toBe(200);
    expect((await postLogin(t, email, password)).statusCode).toBe(200);
  });

  test('an unverified user with the wrong password learns nothing and gets no e-mail', async () => {
    const { email } = await buildUser(t, { verified: false });
    expectErrorShape(await postLogin(t, email, 'not-the-right-password'), 401, ERROR_CODES.invalidCredentials.code);
    expect(await mailTo(t, email)).toHaveLength(0);
  });

  test('a disabled user or a deactivated organisation is refused with 4003, but only after the right password', async () => {
    const disabled = await buildUser(t);
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.user.id));
    expectErrorShape(await postLogin(t, disabled.email, disabled.password), 403, ERROR_CODES.accountDisabled.code);
    expectErrorShape(await postLogin(t, disabled.email, 'not-the-right-password'), 401, ERROR_CODES.invalidCredentials.code);

    const organisation = await buildOrganisation(t);
    const member = await buildUser(t, { organisationId: organisation.id });
    await t.db.update(organisations).set({ deactivatedAt: new Date() }).where(eq(organisations.id, organisation.id));
    expectErrorShape(await postLogin(t, member.email, member.password), 403, ERROR_CODES.accountDisabled.code);
  });

  test('missing fields are a 422 naming each field', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', ...(await multipart({ email: 'not-an-email' })) });
    const body = expectErrorShape(response, 422);
    expect(body.detail.map((d: { loc: string[] }) => d.loc)).toEqual([
      ['body', 'email'],
      ['body', 'password'],
    ]);
  });
});

describe('POST /api/auth/signup', () => {
  test('creates an unverified champion in a new organisation named after the domain; the e-mailed link verifies it', async () => {
    const fields = signupFields({ email: uniqueEmail('Signup').toUpperCase() });
    const email = fields.email?.toLowerCase() ?? '';
    const response = await postSignup(t, fields);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Account created. Check your e-mail for a link to verify your address.' });

    const user = await findUserByEmail(t.db, email);
    expect(user).toMatchObject({ firstname: 'Hannah', surname: 'Whitfield', jobTitle: 'Estates Compliance Lead', emailVerifiedAt: null });
    expect(user?.roles).toEqual(['standard', 'champion']);
    expect(await verifyPassword(STRONG_PASSWORD, user?.passwordHash ?? null)).toBe(true);
    const [organisation] = await t.db
      .select()
      .from(organisations)
      .where(eq(organisations.id, user?.organisationId ?? ''));
    expect(organisation?.name).toBe('example.org');

    // Not verified yet: sign-in is refused, and no second link is sent straight after the first.
    expectErrorShape(await postLogin(t, email, STRONG_PASSWORD), 403, ERROR_CODES.emailNotVerified.code);
    const mails = await mailTo(t, email);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.subject).toBe('Verify your e-mail address for Verity');
    expect(mail?.textBody).toContain('Hello Hannah,');
    expect(mail?.textBody).toMatch(/http:\/\/verity\.test\/auth\/action-handler\?mode=verifyEmail&oobCode=/);
    expect(mail?.htmlBody).toContain('<a href="http://verity.test/auth/action-handler?mode=verifyEmail&amp;oobCode=');
    const code = oobCodeIn(mail?.textBody ?? '', 'verifyEmail');

    const verified = await postJson(t, '/api/auth/verify-email', { oobCode: code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: 'Your e-mail address has been verified.' });

    const login = await postLogin(t, email, STRONG_PASSWORD);
    expect(login.statusCode).toBe(200);
    const info = await accountInfo(t, login.json().auth_token);
    expect(info.json()).toMatchObject({ email, email_verified: true, account_roles: ['standard', 'champion'] });

    expectErrorShape(await postJson(t, '/api/auth/verify-email', { oobCode: code }), 400, ERROR_CODES.invalidActionCode.code);
  });

  test('an address already registered gets the same answer; nothing is created and the owner is e-mailed', async () => {
    const owner = await buildUser(t, { firstname: 'Imogen' });
    const before = await t.db.select({ id: organisations.id }).from(organisations);
    const response = await postSignup(t, signupFields({ email: owner.email.toUpperCase(), first_name: 'Mallory' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Account created. Check your e-mail for a link to verify your address.' });

    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.email, owner.email))).toHaveLength(1);
    expect(await t.db.select({ id: organisations.id }).from(organisations)).toHaveLength(before.length);
    const unchanged = await findUserByEmail(t.db, owner.email);
    expect(unchanged?.firstname).toBe('Imogen');
    expect(await verifyPassword(owner.password, unchanged?.passwordHash ?? null)).toBe(true);

    const mails = await mailTo(t, owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Someone tried to create a Verity account with your e-mail address');
    expect(mails[0]?.textBody).toContain('Hello Imogen,');
    expect(mails[0]?.textBody).toContain('http://verity.test/auth/forgot-password');
    expect(mails[0]?.textBody).not.toContain('oobCode');
  });

  const invalid: [string, () => Record<string, string>, (string | number)[][]][] = [
    [
      'missing fields',
      () => ({ email: uniqueEmail('blank') }),
      [
        ['body', 'first_name'],
        ['body', 'surname'],
        ['body', 'job_title'],
        ['body', 'password'],
        ['body', 'confirm_password'],
      ],
    ],
    ['an invalid e-mail address', () => signupFields({ email: 'hannah-at-example.org' }), [['body', 'email']]],
    ['a short password', () => signupFields({ password: 'short-pw', confirm_password: 'short-pw' }), [['body', 'password']]],
    ['a common password', () => signupFields({ password: 'password1234', confirm_password: 'password1234' }), [['body', 'password']]],
    [
      'a password made of the name',
      () => signupFields({ password: 'Whitfield2024!', confirm_password: 'Whitfield2024!' }),
      [['body', 'password']],
    ],
    ['passwords that do not match', () => signupFields({ confirm_password: 'something-else-entirely' }), [['body', 'confirm_password']]],
  ];

  test.each(invalid)('%s is a 422 with detail[].loc and msg, and nothing is created', async (_name, fields, locs) => {
    const body = fields();
    const email = body.email ?? '';
    const orgsBefore = (await t.db.select({ id: organisations.id }).from(organisations)).length;
    const error = expectErrorShape(await postSignup(t, body), 422);
    expect(error.detail.map((d: { loc: (string | number)[] }) => d.loc)).toEqual(locs);
    for (const d of error.detail) expect(d.msg).toEqual(expect.any(String));
    expect(error.message).toBe(error.detail.map((d: { msg: string }) => d.msg).join(', '));
    expect(await findUserByEmail(t.db, email)).toBeUndefined();
    expect((await t.db.select({ id: organisations.id }).from(organisations)).length).toBe(orgsBefore);
    expect(await mailTo(t, email)).toHaveLength(0);
  });
});

describe('malformed bodies', () => {
  test('a broken multipart body is a JSON 4xx with a request id', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'multipart/form-data; boundary=----nothing' },
      payload: '------nothing\r\nContent-Disposition: form-data; name="email"\r\n\r\nhalf a part',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expectErrorShape(response, response.statusCode);
  });

  test('invalid JSON is a JSON 400 with a request id', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      headers: { 'content-type': 'application/json' },
      payload: '{"oobCode": ',
    });
    expectErrorShape(response, 400);
  });

  test('an unsupported content type is a JSON 415 with a request id', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<email/>',
    });
    expectErrorShape(response, 415);
  });

  test('a JSON body without the code is a 422', async () => {
    const body = expectErrorShape(await postJson(t, '/api/auth/verify-email', {}), 422);
    expect(body.detail[0].loc).toEqual(['body', 'oobCode']);
  });
});

describe('GET /api/auth/signout', () => {
  test('revokes the current session only; the token is refused afterwards', async () => {
    const { email, password, token: other } = await buildUser(t);
    const token = (await postLogin(t, email, password)).json().auth_token as string;
    const response = await signout(t, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Logged out successfully.' });
    expectErrorShape(await accountInfo(t, token), 401);
    expectErrorShape(await signout(t, token), 401);
    expect((await accountInfo(t, other)).statusCode).toBe(200);
  });

  test('without a token it is 401', async () => {
    expectErrorShape(await t.app.inject({ method: 'GET', url: '/api/auth/signout' }), 401);
  });
});

describe('session expiry', () => {
  test('a session idle for longer than SESSION_IDLE_MINUTES is refused', async () => {
    const { token } = await buildUser(t);
    expect((await accountInfo(t, token)).statusCode).toBe(200);
    // The clock moves on (the session is held in the server's memory, as it is between requests).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + (t.config.SESSION_IDLE_MINUTES + 1) * 60_000);
      expectErrorShape(await accountInfo(t, token), 401);
    } finally {
      vi.useRealTimers();
    }
  });

  test('a session used within SESSION_IDLE_MINUTES stays open, and its use is recorded at most once a minute', async () => {
    const { token } = await buildUser(t);
    const lastSeen = async () =>
      (
        await t.db
          .select({ at: sessions.lastSeenAt })
          .from(sessions)
          .where(eq(sessions.id, sha256(token)))
      )[0]?.at.getTime();
    expect((await accountInfo(t, token)).statusCode).toBe(200);
    const first = await lastSeen();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 30_000);
      expect((await accountInfo(t, token)).statusCode).toBe(200);
      expect(await lastSeen()).toBe(first);
      vi.setSystemTime(Date.now() + 61_000);
      expect((await accountInfo(t, token)).statusCode).toBe(200);
      expect(await lastSeen()).toBeGreaterThan(first as number);
    } finally {
      vi.useRealTimers();
    }
  });

  test('a session past its absolute end is refused even when in use', async () => {
    const { token } = await buildUser(t);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() })
      .where(eq(sessions.id, sha256(token)));
    expectErrorShape(await accountInfo(t, token), 401);
  });
});

describe('password reset', () => {
  test('end to end: the e-mailed link sets a new password, ends every session and works only once', async () => {
    const { user, email, password, token: firstSession } = await buildUser(t, { firstname: 'Oliver' });
    const secondSession = (await postLogin(t, email, password)).json().auth_token as string;

    const requested = await requestReset(t, email);
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ message: 'If an account exists for that address, we have sent a link to reset the password.' });
    const [mail] = await mailTo(t, email);
    expect(mail?.subject).toBe('Reset your Verity password');
    const code = oobCodeIn(mail?.textBody ?? '', 'resetPassword');

    // A weak password is refused without using the link up.
    const weak = await postJson(t, '/api/auth/reset-password', { oobCode: code, newPassword: 'password1234' });
    const weakBody = expectErrorShape(weak, 422);
    expect(weakBody.detail[0].loc).toEqual(['body', 'newPassword']);
    const short = await postJson(t, '/api/auth/reset-password', { oobCode: code, newPassword: 'short' });
    expect(expectErrorShape(short, 422).detail[0].loc).toEqual(['body', 'newPassword']);

    const reset = await postJson(t, '/api/auth/reset-password', { oobCode: code, newPassword: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Your password has been reset. You can now sign in.' });

    expectErrorShape(await accountInfo(t, firstSession), 401);
    expectErrorShape(await accountInfo(t, secondSession), 401);
    const live = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);

    expectErrorShape(await postLogin(t, email, password), 401, ERROR_CODES.invalidCredentials.code);
    expect((await postLogin(t, email, NEW_PASSWORD)).statusCode).toBe(200);

    const reused = await postJson(t, '/api/auth/reset-password', { oobCode: code, newPassword: 'another-fine-password-55' });
    const reusedBody = expectErrorShape(reused, 400, ERROR_CODES.invalidActionCode.code);
    expect(reusedBody.message).toBe(ERROR_CODES.invalidActionCode.message);

    const mails = await mailTo(t, email);
    expect(mails.map((m) => m.subject)).toEqual(['Reset your Verity password', 'Your Verity password was changed']);
    expect(mails[1]?.textBody).toContain(t.config.SUPPORT_EMAIL);
  });

  test('an unknown address gets the same answer and no e-mail is sent', async () => {
    const email = uniqueEmail('ghost');
    const response = await requestReset(t, email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'If an account exists for that address, we have sent a link to reset the password.' });
    expect(await mailTo(t, email)).toHaveLength(0);
  });

  test('a disabled account gets the same answer and no e-mail', async () => {
    const { user, email } = await buildUser(t);
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    expect((await requestReset(t, email)).json().message).toBe(
      'If an account exists for that address, we have sent a link to reset the password.',
    );
    expect(await mailTo(t, email)).toHaveLength(0);
  });

  test('a newer reset link replaces the earlier one', async () => {
    const { email } = await buildUser(t);
    await requestReset(t, email);
    await requestReset(t, email);
    const [first, second] = await mailTo(t, email);
    const older = oobCodeIn(first?.textBody ?? '', 'resetPassword');
    const newer = oobCodeIn(second?.textBody ?? '', 'resetPassword');
    expectErrorShape(await postJson(t, '/api/auth/reset-password', { oobCode: older, newPassword: NEW_PASSWORD }), 400, 4004);
    expect((await postJson(t, '/api/auth/reset-password', { oobCode: newer, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
  });

  test('an expired link is refused', async () => {
    const { user, email } = await buildUser(t);
    await requestReset(t, email);
    const code = oobCodeIn((await mailTo(t, email))[0]?.textBody ?? '', 'resetPassword');
    await t.db
      .update(actionCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(actionCodes.userId, user.id));
    expectErrorShape(await postJson(t, '/api/auth/reset-password', { oobCode: code, newPassword: NEW_PASSWORD }), 400, 4004);
    expect(await verifyPassword(NEW_PASSWORD, (await findUserByEmail(t.db, email))?.passwordHash ?? null)).toBe(false);
  });

  test('a made-up code is refused', async () => {
    expectErrorShape(await postJson(t, '/api/auth/reset-password', { oobCode: 'x'.repeat(43), newPassword: NEW_PASSWORD }), 400, 4004);
  });

  test('resetting proves the mailbox, so an unverified address becomes verified', async () => {
    const { email } = await buildUser(t, { verified: false });
    await requestReset(t, email);
    const code = oobCodeIn((await mailTo(t, email))[0]?.textBody ?? '', 'resetPassword');
    expect((await postJson(t, '/api/auth/reset-password', { oobCode: code, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await findUserByEmail(t.db, email))?.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await postLogin(t, email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  test('a reset code does not verify an e-mail address, nor a verification code reset a password', async () => {
    const { email } = await buildUser(t, { verified: false });
    await requestReset(t, email);
    const resetCode = oobCodeIn((await mailTo(t, email))[0]?.textBody ?? '', 'resetPassword');
    expectErrorShape(await postJson(t, '/api/auth/verify-email', { oobCode: resetCode }), 400, 4004);
    await postLogin(t, email, 'correct-horse-battery-staple');
    const verifyCode = oobCodeIn((await mailTo(t, email))[1]?.textBody ?? '', 'verifyEmail');
    expectErrorShape(await postJson(t, '/api/auth/reset-password', { oobCode: verifyCode, newPassword: NEW_PASSWORD }), 400, 4004);
  });
});

describe('rate limits', () => {
  let limited: TestApp;

  beforeAll(async () => {
    limited = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '5', AUTH_RATE_LIMIT_PER_ACCOUNT: '3', AUTH_RATE_LIMIT_WINDOW_MINUTES: '15' });
  });

  afterAll(async () => {
    await limited.close();
  });

  function expectTooMany(response: LightMyRequestResponse) {
    const body = expectErrorShape(response, 429);
    expect(body.message).toBe(TOO_MANY);
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  }

  test('sign-in: failures use up the per-IP allowance, successful sign-ins do not', async () => {
    const ip = '198.51.100.1';
    const { email, password } = await buildUser(limited);
    for (let i = 0; i < 3; i++) expect((await postLogin(limited, uniqueEmail('probe'), 'wrong-password-here', ip)).statusCode).toBe(401);
    // A shift change behind one NAT address: many successful sign-ins in a row.
    for (let i = 0; i < 8; i++) expect((await postLogin(limited, email, password, ip)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await postLogin(limited, uniqueEmail('probe'), 'wrong-password-here', ip)).statusCode).toBe(401);
    expectTooMany(await postLogin(limited, uniqueEmail('probe'), 'wrong-password-here', ip));
    // Another address is unaffected.
    expect((await postLogin(limited, email, password, '198.51.100.2')).statusCode).toBe(200);
  });

  test('sign-in: failures from many addresses delay new sources but never lock the owner out of a known one', async () => {
    const { email, password } = await buildUser(limited);
    const ownerDesk = '192.0.2.200';
    expect((await postLogin(limited, email, password, ownerDesk)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      expectErrorShape(await postLogin(limited, email, 'wrong-password-here', `192.0.2.${10 + i}`), 401, 4001);
    }
    // A source the account has never signed in from waits, even with the right password.
    const waiting = await postLogin(limited, email, password, '192.0.2.99');
    expectTooMany(waiting);
    expect(Number(waiting.headers['retry-after'])).toBe(1);
    // The owner's own desk is not held up by the attacker's failures.
    expect((await postLogin(limited, email, password, ownerDesk)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await postLogin(limited, email, password, '192.0.2.99')).statusCode).toBe(200);
    // Other accounts from those addresses still work.
    const other = await buildUser(limited);
    expect((await postLogin(limited, other.email, other.password, '192.0.2.10')).statusCode).toBe(200);
  });

  test('sign-in: one source that keeps failing on an account is refused for it until the window ends', async () => {
    const { email, password } = await buildUser(limited);
    const ip = '192.0.2.150';
    for (let i = 0; i < 3; i++) expectErrorShape(await postLogin(limited, email, 'wrong-password-here', ip), 401, 4001);
    const refused = await postLogin(limited, email, password, ip);
    expectTooMany(refused);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });

  test('sign-in: successful sign-ins do not count against the account', async () => {
    const { email, password } = await buildUser(limited);
    for (let i = 0; i < 5; i++) expect((await postLogin(limited, email, password, `192.0.2.${100 + i}`)).statusCode).toBe(200);
  });

  test('sign-up: limited per address and per e-mail address', async () => {
    const ip = '198.51.100.20';
    for (let i = 0; i < 5; i++) expect((await postSignup(limited, signupFields(), ip)).statusCode).toBe(201);
    expectTooMany(await postSignup(limited, signupFields(), ip));

    const email = uniqueEmail('repeat');
    for (let i = 0; i < 3; i++) expect((await postSignup(limited, signupFields({ email }), `198.51.100.${30 + i}`)).statusCode).toBe(201);
    expectTooMany(await postSignup(limited, signupFields({ email }), '198.51.100.40'));
    expect(await limited.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  test('reset requests: limited per e-mail address (known or not) and per address', async () => {
    const { email } = await buildUser(limited);
    for (let i = 0; i < 3; i++) expect((await requestReset(limited, email, `203.0.113.${i + 1}`)).statusCode).toBe(200);
    expectTooMany(await requestReset(limited, email, '203.0.113.50'));
    expect(await mailTo(limited, email)).toHaveLength(3);

    const unknown = uniqueEmail('unknown');
    for (let i = 0; i < 3; i++) expect((await requestReset(limited, unknown, `203.0.113.${60 + i}`)).statusCode).toBe(200);
    expectTooMany(await requestReset(limited, unknown, '203.0.113.70'));

    const ip = '203.0.113.200';
    for (let i = 0; i < 5; i++) expect((await requestReset(limited, uniqueEmail('spray'), ip)).statusCode).toBe(200);
    expectTooMany(await requestReset(limited, uniqueEmail('spray'), ip));
  });

  test('setting a new password: limited per address', async () => {
    const ip = '203.0.113.220';
    for (let i = 0; i < 5; i++) {
      expectErrorShape(
        await postJson(limited, '/api/auth/reset-password', { oobCode: `guess-${i}-${'x'.repeat(40)}`, newPassword: NEW_PASSWORD }, ip),
        400,
        4004,
      );
    }
    expectTooMany(await postJson(limited, '/api/auth/reset-password', { oobCode: 'x'.repeat(43), newPassword: NEW_PASSWORD }, ip));
  });

  test('setting a new password: limited per account across addresses', async () => {
    const { email, user } = await buildUser(limited);
    await requestReset(limited, email, '203.0.113.230');
    const code = oobCodeIn((await mailTo(limited, email))[0]?.textBody ?? '', 'resetPassword');
    for (let i = 0; i < 3; i++) {
      expectErrorShape(
        await postJson(limited, '/api/auth/reset-password', { oobCode: code, newPassword: 'password1234' }, `203.0.113.${240 + i}`),
        422,
      );
    }
    expectTooMany(await postJson(limited, '/api/auth/reset-password', { oobCode: code, newPassword: NEW_PASSWORD }, '203.0.113.250'));
    const unused = await limited.db
      .select()
      .from(actionCodes)
      .where(inArray(actionCodes.userId, [user.id]));
    expect(unused.some((c) => c.usedAt === null)).toBe(true);
  });
});
