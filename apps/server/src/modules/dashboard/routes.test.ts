import type { DashboardMetrics, DashboardTasks, MessageCount, OrganisationUsers, PendingInvitations, SubdomainUsage } from '@verity/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema.ts';
import { recordActivity } from '../../seed/activity.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildDocument, buildOrganisation, buildUser, type TestUser } from '../../test/factories.ts';
import { approveDomain } from '../../core/identity/organisations.ts';
import { multipart } from '../../test/multipart.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ENDPOINTS = ['users', 'metrics', 'messages', 'subdomain-usage', 'documents', 'tasks'] as const;

let t: TestApp;
let champion: TestUser;
let standard: TestUser;
let guest: TestUser;
let otherChampion: TestUser;

const get = (user: TestUser | null, path: string) =>
  t.app.inject({ method: 'GET', url: `/api/dashboard/organisation/${path}`, headers: user ? user.headers : {} });

async function figures<T>(user: TestUser, path: string): Promise<T> {
  const response = await get(user, path);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

/**
 * Our organisation over the last 7 days (and the 7 before), times relative to now and well clear
 * of midnight boundaries: the champion signed in (once through the API) and asked two questions,
 * one citing an external and an internal document; the standard user wrote minutes; both were
 * active in the previous period too. The colleague and the guest did nothing. Another
 * organisation's champion asked five questions just now.
 */
beforeAll(async () => {
  t = await buildTestApp();
  const organisationId = (await buildOrganisation(t)).id;
  champion = await buildUser(t, { roles: ['champion', 'standard'], organisationId, firstname: 'Grace' });
  standard = await buildUser(t, { roles: ['standard'], organisationId, firstname: 'Priya' });
  guest = await buildUser(t, { roles: ['guest'], organisationId, firstname: 'Tom' });
  await buildUser(t, { roles: ['standard'], organisationId, firstname: 'Sam' });
  otherChampion = await buildUser(t, { roles: ['champion', 'standard'] });

  const external = await buildDocument(t, { code: 'HTM 06-01', filename: 'htm-06-01.pdf' });
  const externalWrite = await buildDocument(t, { code: 'HTM 04-01', filename: 'htm-04-01.pdf' });
  const internal = await buildDocument(t, { code: 'OWN 1', filename: 'own-1.md', organisationId });
  await t.db.update(documents).set({ domain: 'Trust', subdomain: 'Estates procedures' }).where(eq(documents.id, internal));
  const othersDocument = await buildDocument(t, {
    code: 'THEIRS 1',
    filename: 'theirs-1.md',
    organisationId: otherChampion.user.organisationId,
  });

  const now = Date.now();
  const ago = (ms: number) => new Date(now - ms);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    ...(await multipart({ email: champion.email, password: champion.password })),
  });
  expect(login.statusCode).toBe(200);
  await recordActivity(t.db, champion.user, [
    { kind: 'signIn', at: ago(2 * DAY) },
    { kind: 'question', at: ago(2 * DAY + HOUR), documentIds: [external, internal, othersDocument] },
    { kind: 'question', at: ago(3 * DAY), documentIds: [external] },
    { kind: 'question', at: ago(10 * DAY), documentIds: [external] },
  ]);
  await recordActivity(t.db, standard.user, [
    { kind: 'write', at: ago(4 * DAY), documentIds: [externalWrite] },
    { kind: 'signIn', at: ago(10 * DAY) },
    { kind: 'review', at: ago(10 * DAY) },
  ]);
  await recordActivity(
    t.db,
    otherChampion.user,
    Array.from({ length: 5 }, () => ({ kind: 'question' as const, at: ago(HOUR), documentIds: [othersDocument] })),
  );
});

afterAll(async () => {
  await t?.close();
});

describe('who may read the dashboard', () => {
  it.each(ENDPOINTS)('%s: no session 401, a standard user or a guest 403, a bad period 422', async (path) => {
    expect((await get(null, `${path}?days=7`)).statusCode).toBe(401);
    expect((await get(standard, `${path}?days=7`)).statusCode).toBe(403);
    expect((await get(guest, `${path}?days=7`)).statusCode).toBe(403);
    for (const days of ['14', '0', '-7', '7.0', 'seven', '']) {
      const response = await get(champion, `${path}?days=${days}`);
      expect(response.statusCode, days).toBe(422);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect((await get(champion, path)).statusCode).toBe(422);
  });

  it('pending invitations: no session 401, a standard user 403, the champion 200', async () => {
    expect((await get(null, 'users/pending')).statusCode).toBe(401);
    expect((await get(standard, 'users/pending')).statusCode).toBe(403);
    expect(await figures(champion, 'users/pending')).toEqual({ invitations: [] });
  });
});

describe('the figures of the last 7 days, against the 7 before', () => {
  it('tasks by tool, their total and its change', async () => {
    expect(await figures<DashboardTasks>(champion, 'tasks?days=7')).toEqual({
      tasks: { chat: 2, write: 1, review: 0, wiki: 0 },
      total_tasks: 3,
      percentage_change: 50,
    });
  });

  it('questions, and the time all tasks saved (in minutes when under an hour)', async () => {
    const messages = await figures<MessageCount>(champion, 'messages?days=7');
    // 2 questions × 6 min + 1 document written × 45 min = 57 min, over 2 active members = 28.5 → 29 min.
    expect(messages).toMatchObject({
      count: 2,
      percentage_change: 100,
      hours_saved: 57,
      is_minutes: true,
      average_hours_per_user: 29,
      is_average_minutes: true,
    });
    expect(messages.daily).toHaveLength(7);
    expect(messages.daily.reduce((sum, day) => sum + day.count, 0)).toBe(2);
  });

  it('active and inactive members, and the change in active members', async () => {
    expect(await figures<DashboardMetrics>(champion, 'metrics?days=7')).toEqual({
      active_users: 2,
      inactive_users: 2,
      percentage_change: 0,
    });
  });

  it('subdomains the questions touched (not the writing assistant’s), most first', async () => {
    expect(await figures<SubdomainUsage>(champion, 'subdomain-usage?days=7')).toEqual({
      subdomain_usage: [
        { subdomain: 'HTM 06 Electrical services', domain: 'HTM', count: 2 },
        { subdomain: 'Estates procedures', domain: 'Trust', count: 1 },
      ],
      current_period_count: 3,
      previous_period_count: 1,
      percentage_change: 200,
    });
  });

  it('internal and external documents used, never another organisation’s', async () => {
    expect(await figures(champion, 'documents?days=7')).toEqual({ internal_documents: 1, external_documents: 2 });
  });

  it('every member with sign-ins, last sign-in, activity level and tasks', async () => {
    const { users } = await figures<OrganisationUsers>(champion, 'users?days=7');
    expect(
      users.map((row) => [row.user.firstname, row.tasks, row.session_history.session_count, row.session_history.activity_level]),
    ).toEqual([
      ['Grace', 2, 2, 'high'],
      ['Priya', 1, 0, 'medium'],
      ['Sam', 0, 0, 'inactive'],
      ['Tom', 0, 0, 'inactive'],
    ]);
    const grace = users[0]?.session_history;
    expect(grace?.sessions).toHaveLength(2);
    expect(Date.parse(grace?.sessions[0] ?? '')).toBeGreaterThan(Date.parse(grace?.sessions[1] ?? ''));
    // The sign-in through the API: its time on the account and its event's, written together.
    expect(Math.abs(Date.parse(grace?.last_login ?? '') - Date.parse(grace?.sessions[0] ?? ''))).toBeLessThan(1000);
    expect(users[1]?.session_history.last_login).toBeNull();
    expect(users.some((row) => row.user.user_id === otherChampion.user.id)).toBe(false);
  });

  it('over 30 days the previous week’s activity is in the period', async () => {
    expect(await figures<DashboardTasks>(champion, 'tasks?days=30')).toEqual({
      tasks: { chat: 3, write: 1, review: 1, wiki: 0 },
      total_tasks: 5,
      percentage_change: null,
    });
  });
});

describe('another organisation’s champion', () => {
  it('sees only their own organisation: their five questions, none of ours, and no change from an empty previous period', async () => {
    expect(await figures<DashboardTasks>(otherChampion, 'tasks?days=7')).toEqual({
      tasks: { chat: 5, write: 0, review: 0, wiki: 0 },
      total_tasks: 5,
      percentage_change: null,
    });
    const { users } = await figures<OrganisationUsers>(otherChampion, 'users?days=7');
    expect(users.map((row) => row.user.user_id)).toEqual([otherChampion.user.id]);
    expect(await figures(otherChampion, 'documents?days=7')).toEqual({ internal_documents: 1, external_documents: 0 });
    expect(await figures(otherChampion, 'metrics?days=7')).toEqual({ active_users: 1, inactive_users: 0, percentage_change: null });
  });

  it('an invitation not yet accepted is pending, not a member, and only its own organisation sees it', async () => {
    await approveDomain({
      db: t.db,
      organisationId: otherChampion.user.organisationId,
      domain: 'example.test',
      approvedBy: 'test',
      via: 'command_line',
    });
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/auth/champion_create_invitation_link',
      headers: otherChampion.headers,
      payload: { email: 'New.Colleague@Example.test', first_name: 'Jo', last_name: 'Reid', job_title: 'Estates officer' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const { invitations } = await figures<PendingInvitations>(otherChampion, 'users/pending');
    expect(invitations.map((row) => [row.email, row.kind, row.expired])).toEqual([['new.colleague@example.test', 'link', false]]);
    const { users } = await figures<OrganisationUsers>(otherChampion, 'users?days=7');
    expect(users.map((row) => row.user.user_id)).toEqual([otherChampion.user.id]);
    expect(await figures(otherChampion, 'metrics?days=7')).toEqual({ active_users: 1, inactive_users: 0, percentage_change: null });
    expect(await figures(champion, 'users/pending')).toEqual({ invitations: [] });
  });
});
