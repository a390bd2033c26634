import type { AuditResponse } from '@verity/shared';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { notifications, organisations, users } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildOrganisation, buildUser, type TestUser } from '../../test/factories.ts';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildUser(t, { roles: ['verity_admin', 'standard'] });
});

afterAll(async () => {
  await t.close();
});

const post = (who: TestUser | null, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/admin/broadcast', headers: who?.headers ?? {}, payload: payload as object });
const titlesOf = async (who: TestUser) =>
  (
    (await t.app.inject({ method: 'GET', url: '/api/notifications/user', headers: who.headers })).json() as {
      notifications: { title: string; message: string; status: string }[];
    }
  ).notifications;
const totalNotifications = async () => Number((await t.db.select({ n: count() }).from(notifications))[0]?.n ?? 0);

describe('broadcast notifications', () => {
  test('to one organisation: its active members get it, a deactivated member and everyone else do not; recorded with the count', async () => {
    const trust = await buildOrganisation(t, 'Broadcast Trust');
    const [first, second, leaver, elsewhere] = [
      await buildUser(t, { organisationId: trust.id }),
      await buildUser(t, { organisationId: trust.id, roles: ['guest'] }),
      await buildUser(t, { organisationId: trust.id }),
      await buildUser(t),
    ];
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, leaver.user.id));
    const response = await post(admin, {
      title: 'Water safety group moves to Thursday',
      message: 'From next week the water safety group meets on Thursdays at 10:00.',
      audience: 'organisation',
      organisation_id: trust.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ recipients: 2, message: 'Sent to 2 people.' });
    for (const member of [first, second]) {
      expect((await titlesOf(member))[0]).toMatchObject({ title: 'Water safety group moves to Thursday', status: 'unread' });
    }
    expect((await titlesOf(elsewhere)).map((n) => n.title)).not.toContain('Water safety group moves to Thursday');
    const stored = await t.db.select().from(notifications).where(eq(notifications.userId, leaver.user.id));
    expect(stored.map((n) => n.title)).not.toContain('Water safety group moves to Thursday');

    const audit = (
      await t.app.inject({ method: 'GET', url: '/api/admin/audit?kind=notifications.broadcast', headers: admin.headers })
    ).json<AuditResponse>();
    expect(audit.entries[0]).toMatchObject({
      actor: { id: admin.user.id },
      organisation: { id: trust.id },
      data: { title: 'Water safety group moves to Thursday', audience: 'organisation', role: null, recipients: 2 },
    });
  });

  test('to a role across organisations, and to everyone but deactivated organisations', async () => {
    const champion = await buildUser(t, { roles: ['standard', 'champion'] });
    const standard = await buildUser(t);
    const closed = await buildOrganisation(t, 'Closed Trust');
    const closedMember = await buildUser(t, { organisationId: closed.id, roles: ['standard', 'champion'] });
    await t.db.update(organisations).set({ deactivatedAt: new Date() }).where(eq(organisations.id, closed.id));

    const toChampions = await post(admin, {
      title: 'For champions',
      message: 'The dashboard has a new chart.',
      audience: 'role',
      role: 'champion',
    });
    expect(toChampions.statusCode).toBe(200);
    expect((await titlesOf(champion))[0]?.title).toBe('For champions');
    expect((await titlesOf(standard)).map((n) => n.title)).not.toContain('For champions');
    const closedRows = await t.db.select().from(notifications).where(eq(notifications.userId, closedMember.user.id));
    expect(closedRows.map((n) => n.title)).not.toContain('For champions');

    const activeUsers = Number(
      (
        await t.db
          .select({ n: count() })
          .from(users)
          .innerJoin(organisations, eq(organisations.id, users.organisationId))
          .where(and(isNull(users.disabledAt), isNull(organisations.deactivatedAt)))
      )[0]?.n ?? 0,
    );
    const everyone = await post(admin, {
      title: 'Planned maintenance',
      message: 'Verity is unavailable on Sunday 06:00–07:00.',
      audience: 'everyone',
    });
    expect(everyone.json<{ recipients: number }>().recipients).toBe(activeUsers);
    expect((await titlesOf(standard))[0]?.title).toBe('Planned maintenance');
  });

  test('refusals send nothing: bad shapes 422, unknown organisation 404, not an administrator 403, no session 401', async () => {
    const champion = await buildUser(t, { roles: ['standard', 'champion'] });
    const before = await totalNotifications();
    const good = { title: 'Hello', message: 'A message.', audience: 'everyone' };
    const cases: [number, unknown, TestUser | null][] = [
      [422, { ...good, title: 'Hi' }, admin],
      [422, { ...good, message: 'x'.repeat(1001) }, admin],
      [422, { ...good, audience: 'organisation' }, admin],
      [422, { ...good, role: 'champion' }, admin],
      [422, { ...good, audience: 'role', role: 'owner' }, admin],
      [422, { ...good, link: 'https://evil.example' }, admin],
      [404, { ...good, audience: 'organisation', organisation_id: 'no-such-organisation' }, admin],
      [403, good, champion],
      [401, good, null],
    ];
    for (const [status, payload, who] of cases) {
      const response = await post(who, payload);
      expect(response.statusCode, response.body).toBe(status);
    }
    expect(await totalNotifications()).toBe(before);
  });
});
