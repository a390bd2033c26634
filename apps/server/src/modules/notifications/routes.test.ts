import type { ApiErrorBody, NotificationsResponse } from '@verity/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { notifications } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';
import { NOTIFICATIONS_LIST_LIMIT, notify } from '../../core/notifications/service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

function list(user: TestUser) {
  return t.app.inject({ method: 'GET', url: '/api/notifications/user', headers: user.headers });
}

function markAsRead(user: TestUser, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/notifications/mark-as-read',
    headers: { ...user.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

async function statusOf(id: string): Promise<string | undefined> {
  const [row] = await t.db.select({ status: notifications.status }).from(notifications).where(eq(notifications.id, id));
  return row?.status;
}

function notifyUser(user: TestUser, title: string, message = `${title} message`) {
  return notify({ db: t.db, userId: user.user.id, organisationId: user.user.organisationId, title, message });
}

describe('every notifications route needs a session', () => {
  test.each([
    ['GET', '/api/notifications/user'],
    ['POST', '/api/notifications/mark-as-read'],
  ] as const)('%s %s without a token is a JSON 401', async (method, url) => {
    const response = await t.app.inject({ method, url });
    expect(response.statusCode).toBe(401);
    const body = response.json<ApiErrorBody>();
    expect(body.message.length).toBeGreaterThan(0);
    expect(body.request_id).toBe(response.headers['x-request-id']);
  });
});

describe('GET /api/notifications/user', () => {
  test('lists only the caller’s notifications, newest first', async () => {
    const alice = await buildUser(t);
    // Bob is in the same organisation: organisation membership must not leak notifications.
    const bob = await buildUser(t, { organisationId: alice.user.organisationId });
    await notifyUser(alice, 'First');
    await notifyUser(bob, 'For Bob only');
    await notifyUser(alice, 'Second');
    await notifyUser(alice, 'Third');

    const response = await list(alice);
    expect(response.statusCode).toBe(200);
    const body = response.json<NotificationsResponse>();
    expect(body.notifications.map((n) => n.title)).toEqual(['Third', 'Second', 'First', 'Welcome to Verity']);
    for (const item of body.notifications.slice(0, 3)) {
      expect(item).toEqual({
        id: expect.any(String),
        status: 'unread',
        title: item.title,
        message: `${item.title} message`,
        created_at: expect.any(String),
      });
      expect(new Date(item.created_at).toISOString()).toBe(item.created_at);
    }

    const bobs = (await list(bob)).json<NotificationsResponse>();
    expect(bobs.notifications.map((n) => n.title)).toEqual(['For Bob only', 'Welcome to Verity']);
  });

  test('a new account holds only its welcome; a guest may read its own', async () => {
    const guest = await buildUser(t, { roles: ['guest'] });
    expect((await list(guest)).json<NotificationsResponse>().notifications.map((n) => n.title)).toEqual(['Welcome to Verity']);
    await notifyUser(guest, 'Hello guest');
    expect((await list(guest)).json<NotificationsResponse>().notifications).toHaveLength(2);
  });

  test(`lists at most ${NOTIFICATIONS_LIST_LIMIT}, keeping the newest`, async () => {
    const alice = await buildUser(t);
    for (let i = 0; i < NOTIFICATIONS_LIST_LIMIT + 2; i++) await notifyUser(alice, `n${i}`);
    const titles = (await list(alice)).json<NotificationsResponse>().notifications.map((n) => n.title);
    expect(titles).toHaveLength(NOTIFICATIONS_LIST_LIMIT);
    expect(titles[0]).toBe(`n${NOTIFICATIONS_LIST_LIMIT + 1}`);
    expect(titles).not.toContain('n0');
    expect(titles).not.toContain('n1');
  });

  test('creating an account gives it a welcome notification, unread', async () => {
    const alice = await buildUser(t, { firstname: 'Priya' });
    const [item] = (await list(alice)).json<NotificationsResponse>().notifications;
    expect(item?.title).toBe('Welcome to Verity');
    expect(item?.message).toContain('Priya');
    expect(item?.status).toBe('unread');
  });
});

describe('a notification’s link', () => {
  test('is listed when it has one, and absent when it leads nowhere', async () => {
    const alice = await buildUser(t);
    await notify({
      db: t.db,
      userId: alice.user.id,
      organisationId: alice.user.organisationId,
      title: 'Linked',
      message: 'm',
      link: '/review/01J0000000000000000000000A',
    });
    await notifyUser(alice, 'Plain');
    const items = (await list(alice)).json<NotificationsResponse>().notifications;
    expect(items.find((item) => item.title === 'Linked')?.link).toBe('/review/01J0000000000000000000000A');
    expect(items.find((item) => item.title === 'Plain')).not.toHaveProperty('link');
  });

  test.each(['https://example.org/phish', '//example.org/phish', 'review/1'])('is never an address outside the app (%s)', async (link) => {
    const alice = await buildUser(t);
    await expect(
      notify({ db: t.db, userId: alice.user.id, organisationId: alice.user.organisationId, title: 'Bad', message: 'm', link }),
    ).rejects.toThrow(/in-app path/);
  });
});

describe('POST /api/notifications/mark-as-read', () => {
  test('marks the caller’s own notifications and silently ignores anyone else’s', async () => {
    const alice = await buildUser(t);
    const mallory = await buildUser(t);
    const own = await notifyUser(alice, 'Yours');
    const untouched = await notifyUser(alice, 'Not sent');
    const theirs = await notifyUser(mallory, 'Not yours');

    const response = await markAsRead(alice, { notification_ids: [own.id, theirs.id, 'no-such-id'] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated: 1 });
    expect(await statusOf(own.id)).toBe('read');
    expect(await statusOf(untouched.id)).toBe('unread');
    expect(await statusOf(theirs.id)).toBe('unread');

    const listed = (await list(alice)).json<NotificationsResponse>().notifications;
    expect(listed.find((n) => n.id === own.id)?.status).toBe('read');

    // Already read (and repeated) ids change nothing and are not counted again.
    expect((await markAsRead(alice, { notification_ids: [own.id, own.id] })).json()).toEqual({ updated: 0 });
  });

  test.each([
    ['not an array', { notification_ids: 'abc' }],
    ['missing', {}],
    ['empty', { notification_ids: [] }],
    ['501 ids', { notification_ids: Array.from({ length: 501 }, (_, i) => `id-${i}`) }],
    ['a non-string id', { notification_ids: [42] }],
    ['an id over 64 characters', { notification_ids: ['x'.repeat(65)] }],
    ['a body that is an array', ['abc']],
  ])('a malformed body (%s) is a 422 naming notification_ids and nothing changes', async (_label, payload) => {
    const alice = await buildUser(t);
    const own = await notifyUser(alice, 'Still unread');
    const response = await markAsRead(alice, payload);
    expect(response.statusCode).toBe(422);
    const body = response.json<ApiErrorBody>();
    expect(body.detail?.[0]?.loc[0]).toBe('body');
    expect(body.detail?.length).toBeGreaterThan(0);
    expect(await statusOf(own.id)).toBe('unread');
  });

  test('500 ids are accepted', async () => {
    const alice = await buildUser(t);
    const own = await notifyUser(alice, 'Among many');
    const ids = [own.id, ...Array.from({ length: 499 }, (_, i) => `id-${i}`)];
    expect((await markAsRead(alice, { notification_ids: ids })).json()).toEqual({ updated: 1 });
  });
});
