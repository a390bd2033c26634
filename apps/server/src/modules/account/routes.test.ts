import type { ApiErrorBody, User } from '@verity/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { events, userPhotos, users } from '../../db/schema.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildUser, TEST_PASSWORD, type TestUser } from '../../test/factories.ts';
import { pngImage } from '../../test/png.ts';
import { createSession } from '../../core/identity/sessions.ts';

const IMAGE_MAX_BYTES = 2048;

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ IMAGE_MAX_BYTES: String(IMAGE_MAX_BYTES) });
});

afterAll(async () => {
  await t.close();
});

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body for app.inject. */
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----verity-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(user: TestUser, file: Buffer, options: { filename?: string; contentType?: string } = {}) {
  const body = multipart([
    { name: 'file', value: file, filename: options.filename ?? 'photo.png', contentType: options.contentType ?? 'image/png' },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/account/upload/image',
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}

async function storedRow(userId: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new Error('user vanished');
  return row;
}

async function photoCount(userId: string): Promise<number> {
  return (await t.db.select({ id: userPhotos.id }).from(userPhotos).where(eq(userPhotos.userId, userId))).length;
}

function expectErrorShape(body: ApiErrorBody) {
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  expect(typeof body.request_id).toBe('string');
}

describe('every account route needs a session', () => {
  const routes = [
    ['GET', '/api/account/info'],
    ['POST', '/api/account/update'],
    ['POST', '/api/account/upload/image'],
    ['DELETE', '/api/account/delete/image'],
    ['GET', '/api/account/image'],
    ['POST', '/api/account/change-password'],
    ['POST', '/api/account/onboarding'],
  ] as const;

  test.each(routes)('%s %s without a token is a JSON 401', async (method, url) => {
    const response = await t.app.inject({ method, url });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const body = response.json<ApiErrorBody>();
    expectErrorShape(body);
    expect(body.request_id).toBe(response.headers['x-request-id']);
  });

  test('a garbage token is a 401', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/account/info',
      headers: { 'auth-token': 'not-a-real-session-token-at-all' },
    });
    expect(response.statusCode).toBe(401);
    expectErrorShape(response.json());
  });
});

describe('GET /api/account/info', () => {
  test('returns the signed-in user in the shared User shape', async () => {
    const alice = await buildUser(t, { firstname: 'Alice' });
    const response = await t.app.inject({ method: 'GET', url: '/api/account/info', headers: alice.headers });
    expect(response.statusCode).toBe(200);
    const user = response.json<User>();
    expect(user).toMatchObject({
      user_id: alice.user.id,
      external_id: alice.user.externalId,
      firstname: 'Alice',
      surname: 'Morgan',
      email: alice.email,
      job_title: 'Estates Compliance Manager',
      account_roles: ['standard'],
      onboarding_complete: false,
      email_verified: true,
      photoURL: null,
    });
    expect(user.organisation.id).toBe(alice.user.organisationId);
    expect(user.organisation.name).toMatch(/^Test Trust/);
  });

  test('a guest may read its own profile', async () => {
    const guest = await buildUser(t, { roles: ['guest'] });
    const response = await t.app.inject({ method: 'GET', url: '/api/account/info', headers: guest.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json<User>().account_roles).toEqual(['guest']);
  });
});

describe('POST /api/account/update', () => {
  test('saves the profile and answers with the updated user', async () => {
    const alice = await buildUser(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/update',
      headers: alice.headers,
      payload: { firstname: '  Alicia ', surname: 'Okafor', job_title: 'Head of Estates' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<User>()).toMatchObject({ firstname: 'Alicia', surname: 'Okafor', job_title: 'Head of Estates' });
    const row = await storedRow(alice.user.id);
    expect([row.firstname, row.surname, row.jobTitle]).toEqual(['Alicia', 'Okafor', 'Head of Estates']);
    const again = await t.app.inject({ method: 'GET', url: '/api/account/info', headers: alice.headers });
    expect(again.json<User>().firstname).toBe('Alicia');
  });

  test('an empty first name is a 422 naming the field, and nothing changes', async () => {
    const alice = await buildUser(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/update',
      headers: alice.headers,
      payload: { firstname: '   ', surname: 'Okafor', job_title: 'Head of Estates' },
    });
    expect(response.statusCode).toBe(422);
    const body = response.json<ApiErrorBody>();
    expectErrorShape(body);
    expect(body.detail).toEqual([{ loc: ['body', 'firstname'], msg: 'First name is required' }]);
    const row = await storedRow(alice.user.id);
    expect([row.firstname, row.surname, row.jobTitle]).toEqual(['Alex', 'Morgan', 'Estates Compliance Manager']);
  });

  test('a 101-character surname is a 422 naming the field, and nothing changes', async () => {
    const alice = await buildUser(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/update',
      headers: alice.headers,
      payload: { firstname: 'Alicia', surname: 'x'.repeat(101), job_title: 'Head of Estates' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<ApiErrorBody>().detail).toEqual([{ loc: ['body', 'surname'], msg: 'Surname must be at most 100 characters' }]);
    expect((await storedRow(alice.user.id)).firstname).toBe('Alex');
  });
});

describe('POST /api/account/onboarding', () => {
  const progress = (user: TestUser, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/account/onboarding', headers: user.headers, payload: payload as object });
  const progressEvents = async (userId: string) =>
    (
      await t.db
        .select({ data: events.data })
        .from(events)
        .where(and(eq(events.kind, 'account.onboarding_progressed'), eq(events.subjectId, userId)))
        .orderBy(events.createdAt, events.id)
    ).map((row) => row.data);

  test('adds modules from each device to the account, and completes onboarding with the last module the roles are shown', async () => {
    const user = await buildUser(t);
    const first = await progress(user, { completed_modules: ['welcome', 'chat'] });
    expect(first.statusCode).toBe(200);
    expect(first.json<User>()).toMatchObject({ onboarding_modules: ['welcome', 'chat'], onboarding_complete: false });

    // A second device knows only its own module: the first device's are kept.
    const second = await progress(user, { completed_modules: ['review', 'chat'] });
    expect(second.json<User>().onboarding_modules).toEqual(['welcome', 'chat', 'review']);

    // The dashboard module is a champion's only, so a standard user is done without it.
    const last = await progress(user, { completed_modules: ['write', 'wiki'] });
    expect(last.json<User>()).toMatchObject({ onboarding_complete: true });
    const info = await t.app.inject({ method: 'GET', url: '/api/account/info', headers: user.headers });
    expect(info.json<User>()).toMatchObject({
      onboarding_complete: true,
      onboarding_modules: ['welcome', 'chat', 'review', 'write', 'wiki'],
    });

    expect(await progressEvents(user.user.id)).toEqual([
      { completed: ['welcome', 'chat'], restarted: false, onboarding_complete: false },
      { completed: ['review'], restarted: false, onboarding_complete: false },
      { completed: ['write', 'wiki'], restarted: false, onboarding_complete: true },
    ]);
    // Nothing new: no change and no event.
    expect((await progress(user, { completed_modules: ['chat'] })).statusCode).toBe(200);
    expect(await progressEvents(user.user.id)).toHaveLength(3);
  });

  test("a champion's onboarding needs the dashboard module too", async () => {
    const champion = await buildUser(t, { roles: ['standard', 'champion'] });
    const response = await progress(champion, { completed_modules: ['welcome', 'chat', 'review', 'write', 'wiki'] });
    expect(response.json<User>().onboarding_complete).toBe(false);
    expect((await progress(champion, { completed_modules: ['dashboard'] })).json<User>().onboarding_complete).toBe(true);
  });

  test('a restart clears the modules and opens onboarding again', async () => {
    const user = await buildUser(t);
    await progress(user, { completed_modules: ['welcome', 'chat', 'review', 'write', 'wiki'] });
    const restarted = await progress(user, { completed_modules: [], restart: true });
    expect(restarted.json<User>()).toMatchObject({ onboarding_modules: [], onboarding_complete: false });
    expect((await progressEvents(user.user.id)).at(-1)).toEqual({ completed: [], restarted: true, onboarding_complete: false });
  });

  test.each([
    ['an unknown module', { completed_modules: ['welcome', 'cooking'] }],
    ['a list that is not one', { completed_modules: 'welcome' }],
    ['too many entries', { completed_modules: Array.from({ length: 7 }, () => 'chat') }],
    ['an unknown field', { completed_modules: [], onboarding_complete: true }],
  ])('%s is a 422 and changes nothing', async (_label, payload) => {
    const user = await buildUser(t);
    const response = await progress(user, payload);
    expect(response.statusCode).toBe(422);
    expectErrorShape(response.json<ApiErrorBody>());
    const row = await storedRow(user.user.id);
    expect([row.onboardingModules, row.onboardingComplete]).toEqual([[], false]);
    expect(await progressEvents(user.user.id)).toEqual([]);
  });

  test("one person's progress never touches another's", async () => {
    const [alice, bob] = [await buildUser(t), await buildUser(t)];
    await progress(alice, { completed_modules: ['chat'] });
    expect((await storedRow(bob.user.id)).onboardingModules).toEqual([]);
  });
});

describe('profile photo', () => {
  test('a real PNG is stored, served back byte for byte, and described by account/image', async () => {
    const alice = await buildUser(t);
    const before = await t.app.inject({ method: 'GET', url: '/api/account/image', headers: alice.headers });
    expect(before.statusCode).toBe(204);
    expect(before.body).toBe('');

    const png = pngImage();
    // The declared type is wrong on purpose: the stored type comes from the bytes.
    const response = await upload(alice, png, { filename: 'me.jpg', contentType: 'image/jpeg' });
    expect(response.statusCode).toBe(200);
    const user = response.json<User>();
    expect(user.photoURL).toMatch(/^\/api\/account\/photos\/[A-Za-z0-9_-]{32}$/);
    const photoURL = user.photoURL as string;

    // No auth header: an <img> tag cannot send one.
    const photo = await t.app.inject({ method: 'GET', url: photoURL });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    expect(photo.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    expect(photo.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(photo.rawPayload.equals(png)).toBe(true);

    const info = await t.app.inject({ method: 'GET', url: '/api/account/image', headers: alice.headers });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ data: [{ url: photoURL, content_type: 'image/png', size: png.length }] });
    expect((await t.app.inject({ method: 'GET', url: '/api/account/info', headers: alice.headers })).json<User>().photoURL).toBe(photoURL);
  });

  test('replacing the photo deletes the previous one', async () => {
    const alice = await buildUser(t);
    const first = (await upload(alice, pngImage())).json<User>().photoURL as string;
    const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x3b])]);
    const second = (await upload(alice, gif, { filename: 'x.png' })).json<User>().photoURL as string;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    const served = await t.app.inject({ method: 'GET', url: second });
    expect(served.headers['content-type']).toBe('image/gif');
    expect(await photoCount(alice.user.id)).toBe(1);
  });

  test('a text file dressed as a PNG is refused with a catalogued 422 and nothing is stored', async () => {
    const alice = await buildUser(t);
    const response = await upload(alice, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), {
      filename: 'photo.png',
      contentType: 'image/png',
    });
    expect(response.statusCode).toBe(422);
    const body = response.json<ApiErrorBody>();
    expectErrorShape(body);
    expect(body.error_code).toBe(4104);
    expect(body.detail?.[0]?.loc).toEqual(['body', 'file']);
    expect(await photoCount(alice.user.id)).toBe(0);
    expect((await storedRow(alice.user.id)).photoId).toBeNull();
  });

  test('an image over IMAGE_MAX_BYTES is a catalogued 413 and nothing is stored', async () => {
    const alice = await buildUser(t);
    const big = Buffer.concat([pngImage(), Buffer.alloc(IMAGE_MAX_BYTES * 3, 7)]);
    const response = await upload(alice, big);
    expect(response.statusCode).toBe(413);
    const body = response.json<ApiErrorBody>();
    expectErrorShape(body);
    expect(body.error_code).toBe(4105);
    expect(await photoCount(alice.user.id)).toBe(0);
    expect((await storedRow(alice.user.id)).photoId).toBeNull();
  });

  test('an image of exactly IMAGE_MAX_BYTES is accepted', async () => {
    const alice = await buildUser(t);
    const png = pngImage();
    const exact = Buffer.concat([png, Buffer.alloc(IMAGE_MAX_BYTES - png.length)]);
    const response = await upload(alice, exact);
    expect(response.statusCode).toBe(200);
    expect(await photoCount(alice.user.id)).toBe(1);
  });

  test('a malformed multipart body is a JSON 400, not a server error', async () => {
    const alice = await buildUser(t);
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=abc']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/account/upload/image',
        headers: { ...alice.headers, 'content-type': contentType },
        payload: '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
      });
      expect(response.statusCode).toBe(400);
      expectErrorShape(response.json());
    }
    expect(await photoCount(alice.user.id)).toBe(0);
  });

  test('a request without a file field is a 422 naming the field', async () => {
    const alice = await buildUser(t);
    const body = multipart([
      { name: 'file', value: 'just text, not a file' },
      { name: 'other', value: 'x' },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/upload/image',
      headers: { ...alice.headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<ApiErrorBody>().detail?.[0]?.loc).toEqual(['body', 'file']);

    const empty = await t.app.inject({ method: 'POST', url: '/api/account/upload/image', headers: alice.headers, payload: {} });
    expect(empty.statusCode).toBe(422);
  });

  test('deleting removes the photo, kills its URL and may be repeated', async () => {
    const alice = await buildUser(t);
    const photoURL = (await upload(alice, pngImage())).json<User>().photoURL as string;
    const response = await t.app.inject({ method: 'DELETE', url: '/api/account/delete/image', headers: alice.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json<User>().photoURL).toBeNull();

    const gone = await t.app.inject({ method: 'GET', url: photoURL });
    expect(gone.statusCode).toBe(404);
    expectErrorShape(gone.json());
    expect(await photoCount(alice.user.id)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/image', headers: alice.headers })).statusCode).toBe(204);

    const again = await t.app.inject({ method: 'DELETE', url: '/api/account/delete/image', headers: alice.headers });
    expect(again.statusCode).toBe(200);
    expect(again.json<User>().photoURL).toBeNull();
  });

  test('unknown or malformed photo ids are a JSON 404', async () => {
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '..%2f..%2fetc', 'x']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/account/photos/${id}` });
      expect(response.statusCode).toBe(404);
      expectErrorShape(response.json());
    }
  });

  test("deleting one user's photo leaves another user's alone", async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const bobsPhoto = (await upload(bob, pngImage())).json<User>().photoURL as string;
    await upload(alice, pngImage());
    await t.app.inject({ method: 'DELETE', url: '/api/account/delete/image', headers: alice.headers });
    expect((await t.app.inject({ method: 'GET', url: bobsPhoto })).statusCode).toBe(200);
  });
});

describe('POST /api/account/change-password', () => {
  const NEW_PASSWORD = 'amber-lantern-quietly-drifts';

  function change(user: TestUser, payload: Record<string, unknown>, headers = user.headers) {
    return t.app.inject({ method: 'POST', url: '/api/account/change-password', headers, payload });
  }

  test('a wrong current password is a catalogued 400 and the hash is unchanged', async () => {
    const alice = await buildUser(t);
    const hashBefore = (await storedRow(alice.user.id)).passwordHash;
    const response = await change(alice, { old_password: 'not-my-password-at-all', new_password: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    const body = response.json<ApiErrorBody>();
    expectErrorShape(body);
    expect(body.error_code).toBe(4006);
    expect((await storedRow(alice.user.id)).passwordHash).toBe(hashBefore);
  });

  test('a weak, short or unchanged new password is a 422 on new_password', async () => {
    const alice = await buildUser(t);
    const hashBefore = (await storedRow(alice.user.id)).passwordHash;
    for (const newPassword of ['password1234', 'aaaaaaaaaaaaaaaa', `${alice.email}1`, 'short', TEST_PASSWORD]) {
      const response = await change(alice, { old_password: TEST_PASSWORD, new_password: newPassword });
      expect(response.statusCode, newPassword).toBe(422);
      expect(response.json<ApiErrorBody>().detail?.[0]?.loc).toEqual(['body', 'new_password']);
    }
    expect((await storedRow(alice.user.id)).passwordHash).toBe(hashBefore);
  });

  test('success: new hash, other sessions signed out, the current one kept', async () => {
    const alice = await buildUser(t);
    const otherToken = await createSession({
      db: t.db,
      userId: alice.user.id,
      policy: { idleMinutes: t.config.SESSION_IDLE_MINUTES, absoluteDays: t.config.SESSION_ABSOLUTE_DAYS },
    });
    const response = await change(alice, { old_password: TEST_PASSWORD, new_password: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Your password has been changed. Other devices have been signed out.' });

    const row = await storedRow(alice.user.id);
    expect(await verifyPassword(TEST_PASSWORD, row.passwordHash)).toBe(false);
    expect(await verifyPassword(NEW_PASSWORD, row.passwordHash)).toBe(true);

    const other = await t.app.inject({ method: 'GET', url: '/api/account/info', headers: { 'auth-token': otherToken } });
    expect(other.statusCode).toBe(401);
    const current = await t.app.inject({ method: 'GET', url: '/api/account/info', headers: alice.headers });
    expect(current.statusCode).toBe(200);
  });

  test('attempts are limited per user (429 with Retry-After), without affecting other users', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const limit = t.config.AUTH_RATE_LIMIT_PER_ACCOUNT;
    for (let attempt = 0; attempt < limit; attempt++) {
      const response = await change(alice, { old_password: 'short', new_password: 'short' });
      expect(response.statusCode).toBe(422);
    }
    const blocked = await change(alice, { old_password: TEST_PASSWORD, new_password: NEW_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expectErrorShape(blocked.json());
    expect(await verifyPassword(TEST_PASSWORD, (await storedRow(alice.user.id)).passwordHash)).toBe(true);

    const bobs = await change(bob, { old_password: 'wrong-password-here', new_password: NEW_PASSWORD });
    expect(bobs.statusCode).toBe(400);
  });
});
