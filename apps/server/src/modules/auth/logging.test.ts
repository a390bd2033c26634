import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildUser } from '../../test/factories.ts';
import { multipart } from '../../test/multipart.ts';
import { mailTo, oobCodeIn } from '../../test/outbox.ts';

const SIGNUP_PASSWORD = 'amber-otter-lantern-29';
const WRONG_PASSWORD = 'plum-glacier-whistle-81';
const NEW_PASSWORD = 'violet-harbour-kettle-73';

let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  // The most talkative level, so anything a handler or hook might log is seen.
  t = await buildTestApp({ LOG_LEVEL: 'trace' }, { logStream: { write: (line) => lines.push(line) } });
});

afterAll(async () => {
  await t.close();
});

test('passwords, session tokens and request bodies never reach the log; one-time codes only in the outbox line', async () => {
  const email = `logged.${Date.now()}@example.org`;
  const login = async (password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', ...(await multipart({ email, password })) });

  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    ...(await multipart({
      first_name: 'Leah',
      surname: 'Brennan',
      job_title: 'Infection Prevention Lead',
      email,
      password: SIGNUP_PASSWORD,
      confirm_password: SIGNUP_PASSWORD,
    })),
  });
  expect(signup.statusCode).toBe(201);
  const verifyCode = oobCodeIn((await mailTo(t, email))[0]?.textBody ?? '', 'verifyEmail');
  expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { oobCode: verifyCode } })).statusCode).toBe(200);

  expect((await login(WRONG_PASSWORD)).statusCode).toBe(401);
  const first = await login(SIGNUP_PASSWORD);
  const token = first.json().auth_token as string;
  expect((await t.app.inject({ method: 'GET', url: '/api/account/info', headers: { 'auth-token': token } })).statusCode).toBe(200);
  // An invalid token in the header is not logged either.
  const bogusToken = 'forged-token-value-that-is-long-enough-1234';
  expect((await t.app.inject({ method: 'GET', url: '/api/account/info', headers: { 'auth-token': bogusToken } })).statusCode).toBe(401);

  await t.app.inject({ method: 'POST', url: '/api/auth/reset_password', ...(await multipart({ email })) });
  const resetCode = oobCodeIn((await mailTo(t, email))[1]?.textBody ?? '', 'resetPassword');
  const weak = await t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { oobCode: resetCode, newPassword: 'password1234' },
  });
  expect(weak.statusCode).toBe(422);
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { oobCode: resetCode, newPassword: NEW_PASSWORD },
  });
  expect(reset.statusCode).toBe(200);
  const second = (await login(NEW_PASSWORD)).json().auth_token as string;
  expect((await t.app.inject({ method: 'GET', url: '/api/auth/signout', headers: { 'auth-token': second } })).statusCode).toBe(200);

  const other = await buildUser(t);
  expect((await t.app.inject({ method: 'GET', url: '/api/account/info', headers: other.headers })).statusCode).toBe(200);
  // A signed-in multipart request: the multipart parser traces its options, headers included.
  const form = await multipart({ email: other.email, password: other.password });
  const signedInForm = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: form.payload,
    headers: { ...form.headers, ...other.headers, authorization: `Bearer ${other.token}`, cookie: `session=${other.token}` },
  });
  expect(signedInForm.statusCode).toBe(200);

  await t.mailIdle();
  const log = lines.join('');
  expect(lines.length).toBeGreaterThan(20);
  for (const secret of [SIGNUP_PASSWORD, WRONG_PASSWORD, NEW_PASSWORD, 'password1234', token, second, bogusToken, other.token]) {
    expect(log).not.toContain(secret);
  }
  for (const field of ['confirm_password', 'newPassword', 'auth_token']) expect(log).not.toContain(field);
  for (const code of [verifyCode, resetCode]) {
    const carrying = lines.filter((line) => line.includes(code)).map((line) => JSON.parse(line).msg);
    expect(carrying).toEqual(['e-mail kept in the outbox (no SMTP_URL)']);
  }
});
