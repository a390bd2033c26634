import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { recordActivity } from '../../seed/activity.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildUser } from '../../test/factories.ts';
import { dashboardMetrics, dashboardTasks, messageCount, organisationUsers } from './service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

const at = (iso: string) => new Date(iso);

describe('period boundaries are London midnights, across the clocks changing', () => {
  it('in spring: a question at 23:30 UTC on the Sunday the clocks went forward is Monday’s', async () => {
    const { user } = await buildUser(t, { roles: ['champion'] });
    await recordActivity(t.db, user, [
      // 23:59 GMT on 26 March: the day before the 7-day period.
      { kind: 'question', at: at('2026-03-26T23:59:00Z') },
      // 00:00 GMT on 27 March: its first instant.
      { kind: 'question', at: at('2026-03-27T00:00:00Z') },
      // 00:30 GMT on 29 March (the clocks go forward at 01:00 UTC).
      { kind: 'question', at: at('2026-03-29T00:30:00Z') },
      // 00:30 BST on 30 March.
      { kind: 'question', at: at('2026-03-29T23:30:00Z') },
    ]);
    const messages = await messageCount({ db: t.db, organisationId: user.organisationId, days: 7, now: at('2026-04-02T10:00:00Z') });
    expect(messages.count).toBe(3);
    expect(messages.percentage_change).toBe(200);
    expect(messages.daily.filter((day) => day.count > 0)).toEqual([
      { date: '2026-03-27', count: 1 },
      { date: '2026-03-29', count: 1 },
      { date: '2026-03-30', count: 1 },
    ]);
  });

  it('in autumn: the period starts at 23:00 UTC the evening before its first day (BST)', async () => {
    const { user } = await buildUser(t, { roles: ['champion'] });
    await recordActivity(t.db, user, [
      { kind: 'review', at: at('2026-10-19T22:59:59Z') },
      { kind: 'review', at: at('2026-10-19T23:00:00Z') },
      // 00:30 BST on 25 October, before the clocks go back at 01:00 UTC.
      { kind: 'write', at: at('2026-10-24T23:30:00Z') },
      // 23:30 GMT on 25 October, after.
      { kind: 'write', at: at('2026-10-25T23:30:00Z') },
    ]);
    const query = { db: t.db, organisationId: user.organisationId, days: 7 as const, now: at('2026-10-26T12:00:00Z') };
    expect(await dashboardTasks(query)).toEqual({
      tasks: { chat: 0, write: 2, review: 1, wiki: 0 },
      total_tasks: 3,
      percentage_change: 200,
    });
    const messages = await messageCount(query);
    // 2 × 45 + 60 = 150 minutes = 2.5 hours, by the one active member.
    expect(messages).toMatchObject({ count: 0, percentage_change: null, hours_saved: 2.5, is_minutes: false, average_hours_per_user: 2.5 });
    expect(messages.daily.map((day) => day.date)).toEqual([
      '2026-10-20',
      '2026-10-21',
      '2026-10-22',
      '2026-10-23',
      '2026-10-24',
      '2026-10-25',
      '2026-10-26',
    ]);
  });
});

describe('an organisation quiet in the current period', () => {
  it('shows zero, a change of -100 % against a busy previous period, and everyone inactive', async () => {
    const { user } = await buildUser(t, { roles: ['champion'] });
    await recordActivity(t.db, user, [
      { kind: 'signIn', at: at('2026-05-05T09:00:00Z') },
      { kind: 'question', at: at('2026-05-05T09:05:00Z') },
    ]);
    const query = { db: t.db, organisationId: user.organisationId, days: 7 as const, now: at('2026-05-14T12:00:00Z') };
    expect(await dashboardTasks(query)).toEqual({
      tasks: { chat: 0, write: 0, review: 0, wiki: 0 },
      total_tasks: 0,
      percentage_change: -100,
    });
    expect(await dashboardMetrics(query)).toEqual({ active_users: 0, inactive_users: 1, percentage_change: -100 });
    expect(await messageCount(query)).toMatchObject({
      count: 0,
      percentage_change: -100,
      hours_saved: 0,
      is_minutes: true,
      average_hours_per_user: 0,
    });
    const { users } = await organisationUsers(query);
    expect(users[0]?.session_history).toEqual({ sessions: [], session_count: 0, last_login: null, activity_level: 'inactive' });
  });
});

describe('a disabled account', () => {
  it('is listed, marked deactivated, but neither active nor inactive, while its tasks still count in the organisation’s totals', async () => {
    const { user: champion } = await buildUser(t, { roles: ['champion'] });
    const { user: leaver } = await buildUser(t, { organisationId: champion.organisationId });
    const now = at('2026-07-10T12:00:00Z');
    await recordActivity(t.db, leaver, [
      { kind: 'signIn', at: at('2026-07-08T09:00:00Z') },
      { kind: 'question', at: at('2026-07-08T09:05:00Z') },
    ]);
    await t.db.update(users).set({ disabledAt: now }).where(eq(users.id, leaver.id));
    const query = { db: t.db, organisationId: champion.organisationId, days: 7 as const, now };
    const listed = (await organisationUsers(query)).users.map((row) => [row.user.user_id, row.user.deactivated]);
    expect(listed.sort()).toEqual(
      [
        [champion.id, false],
        [leaver.id, true],
      ].sort(),
    );
    expect(await dashboardMetrics(query)).toEqual({ active_users: 0, inactive_users: 1, percentage_change: null });
    expect((await dashboardTasks(query)).tasks.chat).toBe(1);
  });
});
