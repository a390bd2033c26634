import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { documents, invitations, notifications, reviews, sessions, users, writeDocuments } from '../../db/schema.ts';
import { onPostgres, openThrowawayPostgres } from '../../test/database.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildDocument, buildOrganisation, buildUser, type TestUser } from '../../test/factories.ts';
import { listEvents } from '../../test/events.ts';
import { mailTo } from '../../test/outbox.ts';
import { inviteByLink } from '../../test/invitations.ts';
import { multipart } from '../../test/multipart.ts';
import { storedReview } from '../../test/review.ts';
import { storedWriteDocument } from '../../test/write.ts';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../../test/server-process.ts';
import type { EventKind } from '../../core/events/types.ts';
import { MEMBER_MESSAGES } from './service.ts';

let t: TestApp;
let organisationId: string;
let champion: TestUser;
let outsiderChampion: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  organisationId = (await buildOrganisation(t, 'Riverside Community Trust')).id;
  champion = await buildUser(t, { roles: ['standard', 'champion'], organisationId, firstname: 'Jordan' });
  outsiderChampion = await buildUser(t, { roles: ['standard', 'champion'] });
});

afterAll(async () => {
  await t?.close();
});

const member = (overrides: Parameters<typeof buildUser>[1] = {}) => buildUser(t, { organisationId, ...overrides });

const post = (by: TestUser | null, url: string, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: by?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const login = async (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', ...(await multipart({ email, password })) });

async function userRow(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row;
}

async function notificationsOf(userId: string) {
  return t.db.select().from(notifications).where(eq(notifications.userId, userId));
}

async function eventsAbout<K extends EventKind>(kind: K, subjectId: string) {
  const all = await listEvents<K>({ db: t.db, organisationId, kind });
  return all.filter((event) => event.subject?.id === subjectId);
}

describe('changing a member’s role', () => {
  test('guest ↔ standard ↔ champion: roles, audit event by the champion, notification, and the next request sees the new roles', async () => {
    const jane = await member();
    // The member's session is held in this process's memory: the change must reach it.
    expect((await t.app.inject({ method: 'GET', url: '/api/account/info', headers: jane.headers })).json().account_roles).toEqual([
      'standard',
    ]);

    const toChampion = await post(champion, `/members/${jane.user.id}/role`, { role: 'champion' });
    expect(toChampion.statusCode).toBe(200);
    expect(toChampion.json()).toMatchObject({ user_id: jane.user.id, role: 'champion', deactivated: false });
    expect((await userRow(jane.user.id))?.roles.sort()).toEqual(['champion', 'standard']);
    const dashboard = await t.app.inject({ method: 'GET', url: '/api/dashboard/organisation/users?days=30', headers: jane.headers });
    expect(dashboard.statusCode).toBe(200);

    const toGuest = await post(champion, `/members/${jane.user.id}/role`, { role: 'guest' });
    expect(toGuest.json()).toMatchObject({ role: 'guest', account_roles: ['guest'] });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/dashboard/organisation/users?days=30', headers: jane.headers })).statusCode,
    ).toBe(403);

    const changes = await eventsAbout('account.roles_changed', jane.user.id);
    expect(changes.map((event) => [event.actorUserId, event.data.roles])).toEqual([
      [champion.user.id, ['champion', 'standard']],
      [champion.user.id, ['guest']],
    ]);
    const told = (await notificationsOf(jane.user.id)).filter((row) => row.title === 'Your role has changed');
    expect(told.map((row) => row.message).sort()).toEqual([
      expect.stringContaining('made you a champion'),
      expect.stringContaining('made you a guest'),
    ]);
  });

  test('the same role again changes nothing and records nothing', async () => {
    const sam = await member();
    expect((await post(champion, `/members/${sam.user.id}/role`, { role: 'standard' })).statusCode).toBe(200);
    expect(await eventsAbout('account.roles_changed', sam.user.id)).toEqual([]);
  });

  test('an administrator role is kept: only administrators give or take it', async () => {
    const admin = await member({ roles: ['standard', 'verity_admin'] });
    const response = await post(champion, `/members/${admin.user.id}/role`, { role: 'guest' });
    expect(response.json().account_roles.sort()).toEqual(['guest', 'verity_admin']);
  });

  test('the last active champion cannot lose the role, not even by their own hand; with a second champion they can', async () => {
    const organisation = (await buildOrganisation(t)).id;
    const only = await buildUser(t, { roles: ['standard', 'champion'], organisationId: organisation });
    const own = await post(only, `/members/${only.user.id}/role`, { role: 'standard' });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(MEMBER_MESSAGES.lastChampion);
    expect((await userRow(only.user.id))?.roles).toContain('champion');

    // A deactivated champion does not count: they cannot run the organisation.
    const away = await buildUser(t, { roles: ['standard', 'champion'], organisationId: organisation });
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, away.user.id));
    expect((await post(only, `/members/${only.user.id}/role`, { role: 'standard' })).statusCode).toBe(409);

    const second = await buildUser(t, { roles: ['standard'], organisationId: organisation });
    expect((await post(only, `/members/${second.user.id}/role`, { role: 'champion' })).statusCode).toBe(200);
    const stepDown = await post(only, `/members/${only.user.id}/role`, { role: 'standard' });
    expect(stepDown.statusCode).toBe(200);
    expect(stepDown.json().role).toBe('standard');
    // Having stepped down, they are no longer a champion: the next call is refused for the role.
    expect((await post(only, `/members/${second.user.id}/role`, { role: 'guest' })).statusCode).toBe(403);
  });
});

describe('deactivating and reactivating a leaver', () => {
  test('sessions end at once, sign-in is refused with a clear message, work is kept; reactivating lets them in again', async () => {
    const leaver = await member({ firstname: 'Casey' });
    const documentId = await storedWriteDocument(t, leaver, { title: 'Estates committee minutes' });
    // Their session is cached by this process before the change.
    expect((await t.app.inject({ method: 'GET', url: '/api/account/info', headers: leaver.headers })).statusCode).toBe(200);

    const response = await post(champion, `/members/${leaver.user.id}/deactivate`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ deactivated: true, deactivated_at: expect.any(String) });
    expect((await t.app.inject({ method: 'GET', url: '/api/account/info', headers: leaver.headers })).statusCode).toBe(401);
    const open = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, leaver.user.id)));
    expect(open.every((session) => session.revokedAt !== null)).toBe(true);

    const refused = await login(leaver.email, leaver.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error_title: 'Account disabled', message: expect.stringContaining('disabled') });
    const [kept] = await t.db.select().from(writeDocuments).where(eq(writeDocuments.id, documentId));
    expect(kept?.userId).toBe(leaver.user.id);

    const [deactivated] = await eventsAbout('account.deactivated', leaver.user.id);
    expect(deactivated?.actorUserId).toBe(champion.user.id);

    // Listed as deactivated in the users table, and not counted in the figures.
    const listed = await t.app.inject({ method: 'GET', url: '/api/dashboard/organisation/users?days=30', headers: champion.headers });
    const row = listed.json().users.find((entry: { user: { user_id: string } }) => entry.user.user_id === leaver.user.id);
    expect(row.user.deactivated).toBe(true);
    const metrics = (
      await t.app.inject({ method: 'GET', url: '/api/dashboard/organisation/metrics?days=30', headers: champion.headers })
    ).json();
    const members = listed.json().users.filter((entry: { user: { deactivated: boolean } }) => !entry.user.deactivated).length;
    expect(metrics.active_users + metrics.inactive_users).toBe(members);

    const back = await post(champion, `/members/${leaver.user.id}/reactivate`);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ deactivated: false, deactivated_at: null });
    expect((await login(leaver.email, leaver.password)).statusCode).toBe(200);
    expect((await eventsAbout('account.reactivated', leaver.user.id)).map((event) => event.actorUserId)).toEqual([champion.user.id]);
    const titles = (await notificationsOf(leaver.user.id)).map((row) => row.title);
    expect(titles).toEqual(expect.arrayContaining(['Your account was deactivated', 'Your account was reactivated']));
  });

  test('a champion cannot deactivate themselves; deactivating twice records one event', async () => {
    const self = await post(champion, `/members/${champion.user.id}/deactivate`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(MEMBER_MESSAGES.notYourself);
    const twice = await member();
    await post(champion, `/members/${twice.user.id}/deactivate`);
    expect((await post(champion, `/members/${twice.user.id}/deactivate`)).statusCode).toBe(200);
    expect(await eventsAbout('account.deactivated', twice.user.id)).toHaveLength(1);
  });
});

describe('handing a leaver’s work over', () => {
  test('written documents, reviews and data-library uploads change owner; conversations stay; both are told; audited', async () => {
    const leaver = await member({ firstname: 'Robin' });
    const heir = await member({ firstname: 'Morgan' });
    const writeId = await storedWriteDocument(t, leaver);
    const review = await storedReview(t, leaver);
    const libraryId = await buildDocument(t, { code: 'OWN 1', filename: `own-${Date.now()}.md`, organisationId });
    await t.db.update(documents).set({ uploadedBy: leaver.user.id }).where(eq(documents.id, libraryId));

    const holdings = await t.app.inject({ method: 'GET', url: `/api/members/${leaver.user.id}/holdings`, headers: champion.headers });
    expect(holdings.json()).toEqual({ write_documents: 1, reviews: 1, library_documents: 1 });

    await post(champion, `/members/${leaver.user.id}/deactivate`);
    const response = await post(champion, `/members/${leaver.user.id}/handover`, { to_user_id: heir.user.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ to_user_id: heir.user.id, write_documents: 1, reviews: 1, library_documents: 1 });
    expect((await t.db.select().from(writeDocuments).where(eq(writeDocuments.id, writeId)))[0]?.userId).toBe(heir.user.id);
    expect((await t.db.select().from(reviews).where(eq(reviews.id, review.id)))[0]?.userId).toBe(heir.user.id);
    expect((await t.db.select().from(documents).where(eq(documents.id, libraryId)))[0]?.uploadedBy).toBe(heir.user.id);
    // The new owner opens it through the ordinary, owner-only route.
    expect((await t.app.inject({ method: 'GET', url: `/api/write/documents/${writeId}`, headers: heir.headers })).statusCode).toBe(200);

    const [event] = await eventsAbout('account.work_handed_over', leaver.user.id);
    expect(event).toMatchObject({
      actorUserId: champion.user.id,
      data: { to_user_id: heir.user.id, write_documents: 1, reviews: 1, library_documents: 1 },
    });
    expect((await notificationsOf(heir.user.id)).map((row) => row.title)).toContain('Work handed over to you');
    expect((await notificationsOf(leaver.user.id)).map((row) => row.title)).toContain('Your work was handed over');
  });

  test('refused to the same person, to a deactivated member, and to or from another organisation (404, nothing moves)', async () => {
    const leaver = await member();
    const writeId = await storedWriteDocument(t, leaver);
    const gone = await member();
    await post(champion, `/members/${gone.user.id}/deactivate`);
    expect((await post(champion, `/members/${leaver.user.id}/handover`, { to_user_id: leaver.user.id })).statusCode).toBe(409);
    const inactive = await post(champion, `/members/${leaver.user.id}/handover`, { to_user_id: gone.user.id });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().message).toBe(MEMBER_MESSAGES.inactiveRecipient);
    expect((await post(champion, `/members/${leaver.user.id}/handover`, { to_user_id: outsiderChampion.user.id })).statusCode).toBe(404);
    expect((await post(outsiderChampion, `/members/${leaver.user.id}/handover`, { to_user_id: outsiderChampion.user.id })).statusCode).toBe(
      404,
    );
    expect((await t.db.select().from(writeDocuments).where(eq(writeDocuments.id, writeId)))[0]?.userId).toBe(leaver.user.id);
  });
});

describe('withdrawing a pending invitation', () => {
  test('the pending account goes, the link says it was withdrawn, the address can be invited again; audited', async () => {
    const invitation = await inviteByLink(t, { userId: champion.user.id, organisationId });
    const [row] = await t.db.select().from(invitations).where(eq(invitations.userId, invitation.userId));
    const response = await post(champion, `/members/invitations/${row?.id}/revoke`);
    expect(response.statusCode).toBe(204);
    expect(await userRow(invitation.userId)).toBeUndefined();

    const opened = await t.app.inject({ method: 'GET', url: `/api/auth/verify_invitation?token=${invitation.token}` });
    expect(opened.statusCode).toBe(400);
    expect(opened.json().message).toBe("This invitation was withdrawn by your organisation's champion. Ask them for a new one.");
    const pending = (
      await t.app.inject({ method: 'GET', url: '/api/dashboard/organisation/users/pending', headers: champion.headers })
    ).json();
    expect(pending.invitations.map((entry: { email: string }) => entry.email)).not.toContain(invitation.email);

    const [event] = await eventsAbout('invitations.revoked', invitation.userId);
    expect(event).toMatchObject({ actorUserId: champion.user.id, data: { kind: 'link' } });
    expect((await post(champion, `/members/invitations/${row?.id}/revoke`)).statusCode).toBe(404);
    const again = await post(champion, '/auth/champion_create_user', {
      email: invitation.email,
      first_name: 'Priya',
      last_name: 'Shah',
      job_title: 'Nurse',
    });
    expect(again.statusCode).toBe(201);
  });

  test('an e-mailed invitation is followed by an e-mail saying it was withdrawn; a shared link sends none', async () => {
    const email = `withdrawn.${Date.now()}@example.org`;
    const invited = await post(champion, '/auth/champion_create_user', {
      email,
      first_name: 'Sam',
      last_name: 'Reid',
      job_title: 'Porter',
    });
    expect(invited.statusCode).toBe(201);
    const [row] = await t.db.select().from(invitations).where(eq(invitations.userId, invited.json().user_id));
    expect((await post(champion, `/members/invitations/${row?.id}/revoke`)).statusCode).toBe(204);
    const mails = await mailTo(t, email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'You are invited to join Riverside Community Trust on Verity',
      'Your invitation to join Riverside Community Trust on Verity was withdrawn',
    ]);
    expect(mails[1]?.textBody).toContain('Hello Sam,');
    expect(mails[1]?.textBody).toContain('A champion of Riverside Community Trust has withdrawn the invitation to Verity that we sent you');

    const shared = await inviteByLink(t, { userId: champion.user.id, organisationId });
    const [link] = await t.db.select().from(invitations).where(eq(invitations.userId, shared.userId));
    expect((await post(champion, `/members/invitations/${link?.id}/revoke`)).statusCode).toBe(204);
    expect(await mailTo(t, shared.email)).toEqual([]);
  });

  test('another organisation’s champion cannot withdraw it (404, the invitation stays)', async () => {
    const invitation = await inviteByLink(t, { userId: champion.user.id, organisationId });
    const [row] = await t.db.select().from(invitations).where(eq(invitations.userId, invitation.userId));
    expect((await post(outsiderChampion, `/members/invitations/${row?.id}/revoke`)).statusCode).toBe(404);
    expect(await userRow(invitation.userId)).toBeDefined();
  });
});

describe('inviting with a role', () => {
  test('the chosen role is the pending user’s and is listed; standard when none is chosen; anything else is 422', async () => {
    const base = { first_name: 'Lee', last_name: 'Hart', job_title: 'Porter' };
    const guest = await post(champion, '/auth/champion_create_user', { ...base, email: `guest.${Date.now()}@example.org`, role: 'guest' });
    expect(guest.statusCode).toBe(201);
    expect((await userRow(guest.json().user_id))?.roles).toEqual(['guest']);
    const lead = await post(champion, '/auth/champion_create_user', { ...base, email: `lead.${Date.now()}@example.org`, role: 'champion' });
    expect((await userRow(lead.json().user_id))?.roles.sort()).toEqual(['champion', 'standard']);
    const plain = await post(champion, '/auth/champion_create_user', { ...base, email: `plain.${Date.now()}@example.org` });
    expect((await userRow(plain.json().user_id))?.roles).toEqual(['standard']);
    const pending = (
      await t.app.inject({ method: 'GET', url: '/api/dashboard/organisation/users/pending', headers: champion.headers })
    ).json();
    const roleOf = (id: string) => pending.invitations.find((entry: { user_id: string }) => entry.user_id === id)?.role;
    expect([roleOf(guest.json().user_id), roleOf(lead.json().user_id), roleOf(plain.json().user_id)]).toEqual([
      'guest',
      'champion',
      'standard',
    ]);
    const admin = await post(champion, '/auth/champion_create_user', {
      ...base,
      email: `x.${Date.now()}@example.org`,
      role: 'verity_admin',
    });
    expect(admin.statusCode).toBe(422);
  });
});

describe('who the champions are', () => {
  test('every member, guests included, sees their own organisation’s active champions by name and address', async () => {
    const guest = await member({ roles: ['guest'] });
    const response = await t.app.inject({ method: 'GET', url: '/api/members/champions', headers: guest.headers });
    expect(response.statusCode).toBe(200);
    const { champions } = response.json();
    expect(champions).toContainEqual({ name: 'Jordan Morgan', email: champion.email });
    expect(JSON.stringify(champions)).not.toContain(outsiderChampion.email);
  });
});

describe('refusals', () => {
  test('without a session 401, for guests and standard members 403, for another organisation 404 — and nothing changes', async () => {
    const target = await member();
    const guest = await member({ roles: ['guest'] });
    const standard = await member();
    const calls = [
      ['role', { role: 'guest' }],
      ['deactivate', undefined],
      ['reactivate', undefined],
      ['handover', { to_user_id: standard.user.id }],
    ] as const;
    for (const [action, body] of calls) {
      expect((await post(null, `/members/${target.user.id}/${action}`, body)).statusCode).toBe(401);
      expect((await post(guest, `/members/${target.user.id}/${action}`, body)).statusCode).toBe(403);
      expect((await post(standard, `/members/${target.user.id}/${action}`, body)).statusCode).toBe(403);
      expect((await post(outsiderChampion, `/members/${target.user.id}/${action}`, body)).statusCode).toBe(404);
    }
    expect(await userRow(target.user.id)).toMatchObject({ roles: ['standard'], disabledAt: null });
  });

  test('malformed and oversized input is 422 naming the field', async () => {
    const target = await member();
    const cases = [
      [`/members/not-an-id/role`, { role: 'guest' }, 'userId'],
      [`/members/${target.user.id}/role`, { role: 'owner' }, 'role'],
      [`/members/${target.user.id}/role`, { role: 'g'.repeat(100_000) }, 'role'],
      [`/members/${target.user.id}/role`, {}, 'role'],
      [`/members/${target.user.id}/handover`, { to_user_id: 'x'.repeat(5000) }, 'to_user_id'],
      [`/members/invitations/${'9'.repeat(27)}/revoke`, undefined, 'invitationId'],
    ] as const;
    for (const [url, body, field] of cases) {
      const response = await post(champion, url, body);
      expect(response.statusCode, url).toBe(422);
      expect(JSON.stringify(response.json().detail)).toContain(field);
    }
    const huge = await t.app.inject({
      method: 'POST',
      url: `/api/members/${target.user.id}/role`,
      headers: { ...champion.headers, 'content-type': 'application/json' },
      payload: `{"role":"${'a'.repeat(2_000_000)}"}`,
    });
    expect([413, 422]).toContain(huge.statusCode);
    expect((await userRow(target.user.id))?.roles).toEqual(['standard']);
  });
});

// A second server process on the same PostgreSQL database, with its own memory of sessions: a
// deactivation made here reaches it only through the database's announcement (core/identity/cache.ts).
const serverUrl = process.env.TEST_DATABASE_URL;

describe('across processes', () => {
  test.skipIf(!onPostgres)(
    'a member deactivated through one process is refused at once by another that holds their session',
    async () => {
      const database = await openThrowawayPostgres(serverUrl as string, 'verity_members');
      let here: TestApp | undefined;
      let there: ServerProcess | undefined;
      try {
        await database.migrate();
        here = await buildTestApp({}, { database });
        there = await startServerProcess({ env: { NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: database.url } });
        const organisation = (await buildOrganisation(here, 'Two Process Trust')).id;
        const lead = await buildUser(here, { roles: ['standard', 'champion'], organisationId: organisation });
        const leaver = await buildUser(here, { organisationId: organisation });
        const server = there;
        const info = async () => (await fetch(`${server.url}/api/account/info`, { headers: leaver.headers })).status;
        // The other process reads the session once and keeps it in memory.
        expect(await info()).toBe(200);
        expect(await info()).toBe(200);
        const deactivated = await here.app.inject({
          method: 'POST',
          url: `/api/members/${leaver.user.id}/deactivate`,
          headers: lead.headers,
        });
        expect(deactivated.statusCode).toBe(200);
        await expect.poll(info, { timeout: 2_000, interval: 10 }).toBe(401);
      } finally {
        await stopServerProcess(there);
        await here?.close();
        await database.close();
      }
    },
    120_000,
  );
});
