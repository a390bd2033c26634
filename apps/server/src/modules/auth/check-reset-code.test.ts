import { ERROR_CODES } from '@verity/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildUser } from '../../test/factories.ts';
import { createActionCode } from '../../core/identity/action-codes.ts';

/** POST /api/auth/check-reset-code: the reset page's first call, which must use nothing up. */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

function check(payload: unknown, remoteAddress = '203.0.113.10') {
  return t.app.inject({ method: 'POST', url: '/api/auth/check-reset-code', payload: payload as object, remoteAddress });
}

function resetCode(userId: string) {
  return createActionCode({ db: t.db, config: t.config, userId, purpose: 'resetPassword' });
}

describe('POST /api/auth/check-reset-code', () => {
  test('a live code is valid, and checking it does not use it up', async () => {
    const { user } = await buildUser(t);
    const code = await resetCode(user.id);
    for (let i = 0; i < 2; i += 1) {
      const response = await check({ oobCode: code });
      expect(response.statusCode, response.body).toBe(200);
    }
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { oobCode: code, newPassword: 'a-long-and-unusual-passphrase-7' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    // Used now: the check says so.
    const after = await check({ oobCode: code });
    expect(after.statusCode).toBe(400);
    expect(after.json()).toMatchObject({ error_code: ERROR_CODES.invalidActionCode.code });
  });

  test('a made-up code, an e-mail verification code and a disabled account are refused with 4004', async () => {
    const bogus = await check({ oobCode: 'not-a-real-code' });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json()).toMatchObject({ error_code: ERROR_CODES.invalidActionCode.code, request_id: expect.any(String) });

    const { user } = await buildUser(t);
    const verifyCode = await createActionCode({ db: t.db, config: t.config, userId: user.id, purpose: 'verifyEmail' });
    expect((await check({ oobCode: verifyCode })).statusCode).toBe(400);

    const code = await resetCode(user.id);
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    expect((await check({ oobCode: code })).statusCode).toBe(400);
  });

  test('a missing or malformed code is a 422', async () => {
    expect((await check({})).statusCode).toBe(422);
    expect((await check({ oobCode: '' })).statusCode).toBe(422);
    expect((await check({ oobCode: 'x'.repeat(201) })).statusCode).toBe(422);
  });

  test('guesses are limited per address, with the reset attempts', async () => {
    let status = 0;
    for (let i = 0; i < 50 && status !== 429; i += 1) status = (await check({ oobCode: `guess-${i}` }, '198.51.100.77')).statusCode;
    expect(status).toBe(429);
  });
});
