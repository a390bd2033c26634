import { ANALYTICS_BATCH_MAX_EVENTS, type ApiErrorBody } from '@verity/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { listEvents } from '../../test/events.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';
import { ANALYTICS_BATCHES_PER_MINUTE } from './service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

const AT = '2026-03-02T09:15:00.000Z';

function send(user: TestUser | null, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/analytics/events',
    headers: { ...(user?.headers ?? {}), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

async function webEvents(user: TestUser) {
  const all = await listEvents({ db: t.db, organisationId: user.user.organisationId });
  return all.filter((event) => event.kind.startsWith('web.') || event.kind.startsWith('notifications.'));
}

describe('POST /api/analytics/events', () => {
  test('stores each event of the batch as the caller’s typed usage event, not a use of a tool', async () => {
    const user = await buildUser(t);
    const response = await send(user, {
      events: [
        { name: 'navigate_wiki', properties: {}, timestamp: AT },
        { name: '$pageview', properties: { path: '/wiki' }, timestamp: AT },
        { name: 'notifications_modal_opened', properties: {}, timestamp: AT },
        { name: 'notifications_marked_as_read', properties: { count: 2, ids: ['n1', 'n2'] }, timestamp: AT },
      ],
    });
    expect(response.statusCode).toBe(204);
    const stored = await webEvents(user);
    expect(stored.map((event) => [event.kind, event.data])).toEqual([
      ['web.navigated', { event: 'navigate_wiki', occurred_at: AT }],
      ['web.page_viewed', { path: '/wiki', occurred_at: AT }],
      ['notifications.modal_opened', { occurred_at: AT }],
      ['notifications.marked_as_read', { count: 2, ids: ['n1', 'n2'], occurred_at: AT }],
    ]);
    for (const event of stored) {
      expect(event.actorUserId).toBe(user.user.id);
      expect(event.subject).toEqual({ type: 'user', id: user.user.id });
      expect(event.tool).toBeNull();
    }
  });

  test('a guest may send them too', async () => {
    const guest = await buildUser(t, { roles: ['guest'] });
    const response = await send(guest, { events: [{ name: 'navigate_home', properties: {}, timestamp: AT }] });
    expect(response.statusCode).toBe(204);
    expect(await webEvents(guest)).toHaveLength(1);
  });

  test('without a session: 401 and nothing stored', async () => {
    const response = await send(null, { events: [{ name: 'navigate_home', properties: {}, timestamp: AT }] });
    expect(response.statusCode).toBe(401);
  });

  test.each([
    ['an unknown event name', { name: 'navigate_somewhere', properties: {}, timestamp: AT }],
    ['a page path with a query string', { name: '$pageview', properties: { path: '/auth/reset?code=123' }, timestamp: AT }],
    ['a page view without a path', { name: '$pageview', properties: {}, timestamp: AT }],
    ['properties a navigation event does not take', { name: 'navigate_chat', properties: { from: '/home' }, timestamp: AT }],
    [
      'a count that is not the number of ids',
      { name: 'notifications_marked_as_read', properties: { count: 3, ids: ['a'] }, timestamp: AT },
    ],
    ['a timestamp that is not a date', { name: 'navigate_home', properties: {}, timestamp: 'yesterday' }],
  ])('%s refuses the whole batch with 422 and stores nothing', async (_case, bad) => {
    const user = await buildUser(t);
    const response = await send(user, { events: [{ name: 'navigate_home', properties: {}, timestamp: AT }, bad] });
    expect(response.statusCode).toBe(422);
    expect(response.json<ApiErrorBody>().message.length).toBeGreaterThan(0);
    expect(await webEvents(user)).toEqual([]);
  });

  test('an empty or oversized batch is refused with 422', async () => {
    const user = await buildUser(t);
    const one = { name: 'navigate_home', properties: {}, timestamp: AT };
    expect((await send(user, { events: [] })).statusCode).toBe(422);
    expect((await send(user, { events: Array.from({ length: ANALYTICS_BATCH_MAX_EVENTS + 1 }, () => one) })).statusCode).toBe(422);
    expect(await webEvents(user)).toEqual([]);
  });

  test('past the per-user rate limit: 429 with Retry-After, and the refused batch stores nothing', async () => {
    const user = await buildUser(t);
    const batch = { events: [{ name: 'navigate_home', properties: {}, timestamp: AT }] };
    for (let i = 0; i < ANALYTICS_BATCHES_PER_MINUTE; i += 1) expect((await send(user, batch)).statusCode).toBe(204);
    const refused = await send(user, batch);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await webEvents(user)).toHaveLength(ANALYTICS_BATCHES_PER_MINUTE);
    // Another user of the same organisation has their own allowance.
    const colleague = await buildUser(t, { organisationId: user.user.organisationId });
    expect((await send(colleague, batch)).statusCode).toBe(204);
  });
});
