import type { AdminUser, AdminUsersResponse, AuditResponse } from '@verity/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { events, users } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildOrganisation, buildUser, TEST_PASSWORD, type TestUser } from '../../test/factories.ts';
import { multipart } from '../../test/multipart.ts';
import { mailTo } from '../../test/outbox.ts';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' });
  admin = await buildUser(t, { roles: ['verity_admin', 'standard'] });
});

afterAll(async () => {
  await t.close();
});

const send = (who: TestUser | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const totalEvents = async () => Number((await t.db.select({ n: count() }).from(events))[0]?.n ?? 0);
const signIn = async (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', ...(await multipart({ email, password: TEST_PASSWORD })) });
const auditOf = async (userId: string) =>
  (await send(admin, 'GET', '/api/admin/audit?limit=200')).json<AuditResponse>().entries.filter((entry) => entry.subject?.id === userId);

describe('people in the admin area', () => {
  test('found by part of a name or an address, in one organisation or all, a page at a time', async () => {
    const trust = await buildOrganisation(t, 'Searchable Trust');
    const person = await buildUser(t, {
      organisationId: trust.id,
      firstname: 'Zebedee',
      email: `zebedee.${Date.now()}@searchable.example`,
    });
    await buildUser(t, { organisationId: trust.id, firstname: 'Other' });

    const byName = (await send(admin, 'GET', '/api/admin/users?q=zebed')).json<AdminUsersResponse>();
    expect(byName.users.map((user) => user.id)).toEqual([person.user.id]);
    expect(byName.users[0]).toMatchObject({
      email: person.email,
      organisation: { id: trust.id, name: 'Searchable Trust' },
      roles: ['standard'],
      active: true,
      email_verified: true,
    });
    const byAddress = (await send(admin, 'GET', '/api/admin/users?q=SEARCHABLE.EXAMPLE')).json<AdminUsersResponse>();
    expect(byAddress.users.map((user) => user.id)).toEqual([person.user.id]);
    const inTrust = (await send(admin, 'GET', `/api/admin/users?organisation_id=${trust.id}`)).json<AdminUsersResponse>();
    expect(inTrust.total).toBe(2);
    const everyone = (await send(admin, 'GET', '/api/admin/users')).json<AdminUsersResponse>();
    expect(everyone.total).toBe(Number((await t.db.select({ n: count() }).from(users))[0]?.n));
    expect((await send(admin, 'GET', '/api/admin/users?page=999')).json<AdminUsersResponse>().users).toEqual([]);
    // A wildcard is looked for as itself.
    expect((await send(admin, 'GET', '/api/admin/users?q=%25')).json<AdminUsersResponse>().users).toEqual([]);
  });

  test('roles changed, then deactivated (sessions end, sign-in refused) and reactivated, each in the audit log', async () => {
    const person = await buildUser(t);
    const promoted = await send(admin, 'POST', `/api/admin/users/${person.user.id}`, { roles: ['standard', 'champion'] });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json<AdminUser>().roles).toEqual(['standard', 'champion']);
    expect((await send(person, 'GET', '/api/account/info')).json<{ account_roles: string[] }>().account_roles).toEqual([
      'standard',
      'champion',
    ]);

    const deactivated = await send(admin, 'POST', `/api/admin/users/${person.user.id}`, { active: false });
    expect(deactivated.json<AdminUser>().active).toBe(false);
    expect((await send(person, 'GET', '/api/account/info')).statusCode).toBe(401);
    expect((await signIn(person.email)).statusCode).toBe(403);

    await send(admin, 'POST', `/api/admin/users/${person.user.id}`, { active: true });
    expect((await signIn(person.email)).statusCode).toBe(200);

    expect((await auditOf(person.user.id)).map((entry) => [entry.kind, entry.actor?.id ?? null])).toEqual([
      ['auth.signed_in', person.user.id],
      ['account.reactivated', admin.user.id],
      ['account.deactivated', admin.user.id],
      ['account.roles_changed', admin.user.id],
    ]);
    // Each names the person it is about, and the roles they were given.
    const entries = await auditOf(person.user.id);
    expect(entries.every((entry) => entry.subject?.label === 'Alex Morgan')).toBe(true);
    expect(entries.at(-1)?.data).toEqual({ roles: ['standard', 'champion'] });
  });

  test('signed out everywhere: every session ends, and it is recorded', async () => {
    const person = await buildUser(t);
    const second = await signIn(person.email);
    const secondToken = second.json<{ auth_token: string }>().auth_token;
    const response = await send(admin, 'POST', `/api/admin/users/${person.user.id}/sign-out`);
    expect(response.statusCode).toBe(200);
    expect((await send(person, 'GET', '/api/account/info')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/info', headers: { 'auth-token': secondToken } })).statusCode).toBe(401);
    expect((await auditOf(person.user.id))[0]?.kind).toBe('account.signed_out_everywhere');
  });

  test('a new verification link for an unverified address, one per 5 minutes; a verified one is 409', async () => {
    const person = await buildUser(t, { verified: false });
    const first = await send(admin, 'POST', `/api/admin/users/${person.user.id}/resend-verification`);
    expect(first.json()).toEqual({ sent: true, message: 'A new verification link is on its way.' });
    await t.mailIdle();
    expect((await mailTo(t, person.email)).length).toBe(1);
    const again = await send(admin, 'POST', `/api/admin/users/${person.user.id}/resend-verification`);
    expect(again.json<{ sent: boolean }>().sent).toBe(false);
    await t.mailIdle();
    expect((await mailTo(t, person.email)).length).toBe(1);
    expect((await auditOf(person.user.id)).map((entry) => entry.kind)).toEqual(['auth.verification_resent']);
    expect((await send(admin, 'POST', `/api/admin/users/${admin.user.id}/resend-verification`)).statusCode).toBe(409);
  });

  test('refusals change nothing: their own access, bad roles, unknown people, other roles, no session', async () => {
    const person = await buildUser(t);
    const champion = await buildUser(t, { roles: ['standard', 'champion'] });
    const before = await totalEvents();
    const rolesBefore = await t.db.select({ id: users.id, roles: users.roles, disabledAt: users.disabledAt }).from(users);
    const cases: [number, () => ReturnType<typeof send>][] = [
      [409, () => send(admin, 'POST', `/api/admin/users/${admin.user.id}`, { active: false })],
      [409, () => send(admin, 'POST', `/api/admin/users/${admin.user.id}`, { roles: ['standard'] })],
      [422, () => send(admin, 'POST', `/api/admin/users/${person.user.id}`, { roles: ['guest', 'standard'] })],
      [422, () => send(admin, 'POST', `/api/admin/users/${person.user.id}`, { roles: ['champion'] })],
      [422, () => send(admin, 'POST', `/api/admin/users/${person.user.id}`, { roles: [] })],
      [422, () => send(admin, 'POST', `/api/admin/users/${person.user.id}`, { roles: ['standard', 'standard'] })],
      [422, () => send(admin, 'POST', `/api/admin/users/${person.user.id}`, { roles: ['owner'] })],
      [422, () => send(admin, 'POST', `/api/admin/users/${person.user.id}`, {})],
      [422, () => send(admin, 'GET', '/api/admin/users?page=0')],
      [422, () => send(admin, 'GET', `/api/admin/users?q=${'a'.repeat(201)}`)],
      [404, () => send(admin, 'POST', '/api/admin/users/no-such-person', { active: false })],
      [404, () => send(admin, 'POST', '/api/admin/users/no-such-person/sign-out')],
      [404, () => send(admin, 'POST', '/api/admin/users/no-such-person/resend-verification')],
      [403, () => send(champion, 'POST', `/api/admin/users/${person.user.id}`, { roles: ['standard', 'verity_admin'] })],
      [403, () => send(champion, 'GET', '/api/admin/users')],
      [403, () => send(champion, 'POST', `/api/admin/users/${person.user.id}/sign-out`)],
      [401, () => send(null, 'POST', `/api/admin/users/${person.user.id}`, { active: false })],
    ];
    for (const [status, request] of cases) {
      const response = await request();
      expect(response.statusCode, response.body).toBe(status);
    }
    expect(await totalEvents()).toBe(before);
    expect(await t.db.select({ id: users.id, roles: users.roles, disabledAt: users.disabledAt }).from(users)).toEqual(rolesBefore);
    expect((await send(person, 'GET', '/api/account/info')).statusCode).toBe(200);
  });
});
