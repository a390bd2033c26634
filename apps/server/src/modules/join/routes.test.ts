import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { joinDomainRequests, joinRequests, notifications, organisations, users } from '../../db/schema.ts';
import { approveDomain } from '../../core/identity/organisations.ts';
import { findUserByEmail } from '../../core/identity/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { listEvents } from '../../test/events.ts';
import { buildOrganisation, buildUser, type TestUser } from '../../test/factories.ts';
import { multipart } from '../../test/multipart.ts';
import { mailTo, oobCodeIn } from '../../test/outbox.ts';

const PASSWORD = 'amber-otter-lantern-29';
const DOMAIN = 'riverside-trust.test';

let t: TestApp;
let organisationId: string;
let champion: TestUser;
let colleague: TestUser;
let guest: TestUser;
let otherChampion: TestUser;
let counter = 0;

beforeAll(async () => {
  t = await buildTestApp();
  organisationId = (await buildOrganisation(t, 'Riverside NHS Trust')).id;
  await approveDomain({ db: t.db, organisationId, domain: DOMAIN, approvedBy: 'test', via: 'command_line' });
  champion = await buildUser(t, { organisationId, roles: ['standard', 'champion'], firstname: 'Priya' });
  colleague = await buildUser(t, { organisationId, roles: ['standard'] });
  guest = await buildUser(t, { organisationId, roles: ['guest'] });
  otherChampion = await buildUser(t, { roles: ['standard', 'champion'] });
});

afterAll(async () => {
  await t?.close();
});

/** Signs up through the API, verifies the address from the e-mail and signs in: the person's session headers. */
async function signUpAndSignIn(email: string): Promise<{ headers: { 'auth-token': string }; userId: string }> {
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    ...(await multipart({
      first_name: 'Sam',
      surname: 'Okafor',
      job_title: 'Ward Manager',
      email,
      password: PASSWORD,
      confirm_password: PASSWORD,
    })),
  });
  expect(signup.statusCode, signup.body).toBe(201);
  const [mail] = await mailTo(t, email);
  const verify = await t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { oobCode: oobCodeIn(mail?.textBody ?? '', 'verifyEmail') },
  });
  expect(verify.statusCode, verify.body).toBe(200);
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', ...(await multipart({ email, password: PASSWORD })) });
  expect(login.statusCode, login.body).toBe(200);
  const user = await findUserByEmail(t.db, email);
  return { headers: { 'auth-token': login.json<{ auth_token: string }>().auth_token }, userId: user?.id ?? '' };
}

const newAddress = (domain = DOMAIN) => `joiner.${++counter}.${Date.now()}@${domain}`;

async function requestIdOf(userId: string): Promise<string> {
  const [row] = await t.db.select({ id: joinRequests.id }).from(joinRequests).where(eq(joinRequests.userId, userId));
  return row?.id ?? '';
}

/** The rows a decision could change: the request, the person, and what they were told. */
async function stateOf(userId: string) {
  const request = await t.db.select().from(joinRequests).where(eq(joinRequests.userId, userId));
  const user = await t.db.select().from(users).where(eq(users.id, userId));
  const told = await t.db.select().from(notifications).where(eq(notifications.userId, userId));
  const mailed = await mailTo(t, user[0]?.email ?? '');
  return { request, user, told, mailed };
}

describe('GET /api/join/domain', () => {
  test('a verified domain names its organisation; a public or shared domain and an unknown one join nobody', async () => {
    // nhs.net is shared even when an organisation has it among its domains.
    await approveDomain({ db: t.db, organisationId, domain: 'nhs.net', approvedBy: 'test', via: 'command_line' });
    const ask = async (email: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/join/domain?email=${encodeURIComponent(email)}` })).json();
    expect(await ask(`someone@${DOMAIN.toUpperCase()}`)).toEqual({
      domain: DOMAIN,
      match: 'organisation',
      organisation_name: 'Riverside NHS Trust',
    });
    expect(await ask('someone@nhs.net')).toEqual({ domain: 'nhs.net', match: 'shared', organisation_name: null });
    expect(await ask('someone@gmail.com')).toEqual({ domain: 'gmail.com', match: 'shared', organisation_name: null });
    expect(await ask('someone@unknown-practice.test')).toEqual({ domain: 'unknown-practice.test', match: 'none', organisation_name: null });
  });

  test('malformed and oversized addresses are refused with 422', async () => {
    for (const email of ['not-an-address', `${'a'.repeat(300)}@${DOMAIN}`]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/join/domain?email=${encodeURIComponent(email)}` });
      expect(response.statusCode).toBe(422);
    }
  });
});

describe('signing up with a verified domain', () => {
  test('lands pending in the organisation, tells its champions, and reaches nothing of the organisation until approved', async () => {
    const email = newAddress();
    const person = await signUpAndSignIn(email);
    const [user] = await t.db.select().from(users).where(eq(users.id, person.userId));
    expect(user).toMatchObject({ organisationId, roles: [] });
    const [request] = await t.db.select().from(joinRequests).where(eq(joinRequests.userId, person.userId));
    expect(request).toMatchObject({ organisationId, status: 'pending', domain: DOMAIN });
    expect((await t.db.select().from(organisations).where(eq(organisations.name, DOMAIN))).length).toBe(0);
    const requested = await listEvents({ db: t.db, organisationId, kind: 'join.requested' });
    expect(requested.filter((event) => event.subject.id === person.userId)).toHaveLength(1);
    const championTold = await t.db.select().from(notifications).where(eq(notifications.userId, champion.user.id));
    expect(championTold.some((row) => row.title === 'A request to join your organisation' && row.link === '/dashboard')).toBe(true);

    const status = await t.app.inject({ method: 'GET', url: '/api/join/status', headers: person.headers });
    expect(status.json()).toMatchObject({ status: 'pending', organisation_name: 'Riverside NHS Trust', champions: ['Priya Morgan'] });
    expect((await t.app.inject({ method: 'GET', url: '/api/account/info', headers: person.headers })).statusCode).toBe(200);
    for (const url of ['/api/docs/recent', '/api/notifications/user', '/api/dashboard/organisation/users?days=7', '/api/tutorials']) {
      expect((await t.app.inject({ method: 'GET', url, headers: person.headers })).statusCode, url).toBe(403);
    }
    // Not counted among the organisation's members on the dashboard.
    const members = await t.app.inject({ method: 'GET', url: '/api/dashboard/organisation/users?days=7', headers: champion.headers });
    expect(members.body).not.toContain(email);
  });

  test('the champion sees the request and approves it with the role chosen; the person is told and is a member', async () => {
    const email = newAddress();
    const person = await signUpAndSignIn(email);
    const list = await t.app.inject({ method: 'GET', url: '/api/join/requests', headers: champion.headers });
    expect(list.statusCode).toBe(200);
    const listed = list.json<{ requests: { id: string; email: string }[] }>().requests.find((row) => row.email === email);
    expect(listed).toBeDefined();
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/join/requests/${listed?.id}/approve`,
      headers: champion.headers,
      payload: { role: 'guest' },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.id, person.userId));
    expect(user?.roles).toEqual(['guest']);
    const approved = await listEvents({ db: t.db, organisationId, kind: 'join.approved' });
    expect(approved.find((event) => event.subject.id === person.userId)).toMatchObject({
      actorUserId: champion.user.id,
      data: { role: 'guest' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/recent', headers: person.headers })).statusCode).toBe(200);
    const status = await t.app.inject({ method: 'GET', url: '/api/join/status', headers: person.headers });
    expect(status.json()).toMatchObject({ status: 'member' });
    const told = await t.app.inject({ method: 'GET', url: '/api/notifications/user', headers: person.headers });
    expect(told.body).toContain('has been approved');
    // And by e-mail, after the verification message: they are usually not signed in to see it.
    const decided = (await mailTo(t, email)).at(-1);
    expect(decided?.subject).toMatch(/^You have joined .+ on Verity$/);
    expect(decided?.textBody).toContain('has approved your request to join');
    expect(decided?.textBody).toContain('http://verity.test/auth/login');
    // Decided once: a second decision is 409 and changes nothing.
    const again = await t.app.inject({ method: 'POST', url: `/api/join/requests/${listed?.id}/decline`, headers: champion.headers });
    expect(again.statusCode).toBe(409);
  });

  test('without a role chosen, approval gives standard', async () => {
    const person = await signUpAndSignIn(newAddress());
    const id = await requestIdOf(person.userId);
    const approve = await t.app.inject({ method: 'POST', url: `/api/join/requests/${id}/approve`, headers: champion.headers, payload: {} });
    expect(approve.statusCode, approve.body).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.id, person.userId));
    expect(user?.roles).toEqual(['standard']);
  });

  test('declined: the person is told, can start their own organisation as its champion', async () => {
    const email = newAddress();
    const person = await signUpAndSignIn(email);
    const id = await requestIdOf(person.userId);
    const decline = await t.app.inject({ method: 'POST', url: `/api/join/requests/${id}/decline`, headers: champion.headers });
    expect(decline.statusCode, decline.body).toBe(200);
    const decided = (await mailTo(t, email)).at(-1);
    expect(decided?.subject).toMatch(/^Your request to join .+ on Verity was declined$/);
    expect(decided?.textBody).toContain('start an organisation of your own');
    expect((await t.app.inject({ method: 'GET', url: '/api/join/status', headers: person.headers })).json()).toMatchObject({
      status: 'declined',
    });
    expect((await listEvents({ db: t.db, organisationId, kind: 'join.declined' })).some((e) => e.subject.id === person.userId)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/recent', headers: person.headers })).statusCode).toBe(403);

    const start = await t.app.inject({ method: 'POST', url: '/api/join/start-organisation', headers: person.headers });
    expect(start.statusCode, start.body).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.id, person.userId));
    expect(user?.roles).toEqual(['standard', 'champion']);
    expect(user?.organisationId).not.toBe(organisationId);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/recent', headers: person.headers })).statusCode).toBe(200);
    // Only once, and only after a decline.
    expect((await t.app.inject({ method: 'POST', url: '/api/join/start-organisation', headers: person.headers })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: '/api/join/start-organisation', headers: colleague.headers })).statusCode).toBe(409);
  });

  test('a person waiting can withdraw, which closes the account; a member cannot', async () => {
    const email = newAddress();
    const person = await signUpAndSignIn(email);
    const leave = await t.app.inject({ method: 'POST', url: '/api/join/leave', headers: person.headers });
    expect(leave.statusCode, leave.body).toBe(204);
    expect(await findUserByEmail(t.db, email)).toBeUndefined();
    expect((await listEvents({ db: t.db, organisationId, kind: 'join.left' })).some((e) => e.subject.id === person.userId)).toBe(true);
    expect((await t.app.inject({ method: 'POST', url: '/api/join/leave', headers: colleague.headers })).statusCode).toBe(409);
  });

  test('a public or unknown domain starts a new organisation as before, whatever an organisation verified', async () => {
    await approveDomain({ db: t.db, organisationId, domain: 'gmail.com', approvedBy: 'test', via: 'command_line' });
    const person = await signUpAndSignIn(newAddress('gmail.com'));
    const [user] = await t.db.select().from(users).where(eq(users.id, person.userId));
    expect(user?.organisationId).not.toBe(organisationId);
    expect(user?.roles).toEqual(['standard', 'champion']);
    expect(await t.db.select().from(joinRequests).where(eq(joinRequests.userId, person.userId))).toEqual([]);
  });
});

describe('deciding a request: refusals change nothing', () => {
  test('another organisation’s champion (404), a standard user, a guest, a pending person (403), no token (401)', async () => {
    const person = await signUpAndSignIn(newAddress());
    const other = await signUpAndSignIn(newAddress());
    const id = await requestIdOf(person.userId);
    const before = await stateOf(person.userId);
    const cases: [Record<string, string>, number][] = [
      [otherChampion.headers, 404],
      [colleague.headers, 403],
      [guest.headers, 403],
      [other.headers, 403],
      [person.headers, 403],
      [{}, 401],
    ];
    for (const [headers, status] of cases) {
      for (const action of ['approve', 'decline']) {
        const response = await t.app.inject({ method: 'POST', url: `/api/join/requests/${id}/${action}`, headers, payload: {} });
        expect(response.statusCode, `${action} ${JSON.stringify(headers)}`).toBe(status);
      }
    }
    const listed = await t.app.inject({ method: 'GET', url: '/api/join/requests', headers: otherChampion.headers });
    expect(listed.json()).toEqual({ requests: [] });
    expect(await stateOf(person.userId)).toEqual(before);
  });

  test('malformed ids and roles, unknown fields and oversized bodies are refused with 422', async () => {
    const person = await signUpAndSignIn(newAddress());
    const id = await requestIdOf(person.userId);
    const before = await stateOf(person.userId);
    const attempts: [string, unknown][] = [
      ['/api/join/requests/not-an-id/approve', {}],
      [`/api/join/requests/${id}/approve`, { role: 'verity_admin' }],
      [`/api/join/requests/${id}/approve`, { role: 'standard', organisation_id: 'x' }],
      [`/api/join/requests/${id}/approve`, { role: 'x'.repeat(100_000) }],
    ];
    for (const [url, payload] of attempts) {
      const response = await t.app.inject({ method: 'POST', url, headers: champion.headers, payload: payload as object });
      expect(response.statusCode, url).toBe(422);
    }
    expect(await stateOf(person.userId)).toEqual(before);
  });
});

describe('a champion asks for their domain, an administrator decides', () => {
  test('the champion’s own domain only; approval verifies it, is audited, and tells the champion; refused calls change nothing', async () => {
    const organisation = await buildOrganisation(t, 'Harbourside Practice');
    const lead = await buildUser(t, {
      organisationId: organisation.id,
      roles: ['standard', 'champion'],
      email: `lead.${Date.now()}@harbourside.test`,
    });
    const member = await buildUser(t, { organisationId: organisation.id, roles: ['standard'] });
    const admin = await buildUser(t, { roles: ['standard', 'verity_admin'] });

    const before = await t.app.inject({ method: 'GET', url: '/api/join/domain-request', headers: lead.headers });
    expect(before.json()).toMatchObject({ domain: 'harbourside.test', status: 'none' });
    expect((await t.app.inject({ method: 'POST', url: '/api/join/domain-request', headers: member.headers })).statusCode).toBe(403);
    const asked = await t.app.inject({ method: 'POST', url: '/api/join/domain-request', headers: lead.headers });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ status: 'pending' });
    expect((await t.app.inject({ method: 'POST', url: '/api/join/domain-request', headers: lead.headers })).statusCode).toBe(409);
    expect(await listEvents({ db: t.db, organisationId: organisation.id, kind: 'join.domain_requested' })).toHaveLength(1);
    const adminTold = await t.db.select().from(notifications).where(eq(notifications.userId, admin.user.id));
    expect(adminTold.some((row) => row.message.includes('harbourside.test'))).toBe(true);

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/domain-requests', headers: admin.headers });
    const request = list.json<{ requests: { id: string; domain: string }[] }>().requests.find((row) => row.domain === 'harbourside.test');
    expect(request).toBeDefined();
    // Nobody but an administrator decides, and a refused call changes nothing.
    const rows = async () => t.db.select().from(joinDomainRequests).where(eq(joinDomainRequests.organisationId, organisation.id));
    const unchanged = await rows();
    for (const headers of [lead.headers, member.headers, {}]) {
      const response = await t.app.inject({ method: 'POST', url: `/api/admin/domain-requests/${request?.id}/approve`, headers });
      expect([401, 403]).toContain(response.statusCode);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/domain-requests/bad/approve', headers: admin.headers })).statusCode).toBe(
      422,
    );
    expect(await rows()).toEqual(unchanged);

    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/domain-requests/${request?.id}/approve`,
      headers: admin.headers,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const events = await listEvents({ db: t.db, organisationId: organisation.id, kind: 'organisations.domain_approved' });
    expect(events).toMatchObject([{ actorUserId: admin.user.id, data: { domain: 'harbourside.test', via: 'admin' } }]);
    expect((await t.app.inject({ method: 'GET', url: '/api/join/domain-request', headers: lead.headers })).json()).toMatchObject({
      status: 'verified',
    });
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, lead.user.id));
    expect(told.some((row) => row.title === 'harbourside.test is confirmed')).toBe(true);
    const confirmedMail = await mailTo(t, lead.user.email);
    expect(confirmedMail).toHaveLength(1);
    const [confirmed] = confirmedMail;
    expect(confirmed?.subject).toBe('harbourside.test is confirmed as your organisation’s domain on Verity');
    expect(confirmed?.textBody).toContain('people who sign up with an address there ask to join your organisation');
    expect(confirmed?.textBody).toContain('/dashboard');
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/domain-requests/${request?.id}/refuse`, headers: admin.headers })).statusCode,
    ).toBe(409);
    // Now a sign-up there asks to join.
    const person = await signUpAndSignIn(`newcomer.${Date.now()}@harbourside.test`);
    const [user] = await t.db.select().from(users).where(eq(users.id, person.userId));
    expect(user).toMatchObject({ organisationId: organisation.id, roles: [] });
  });

  test('a shared domain cannot be asked for; a refusal is audited and told', async () => {
    const organisation = await buildOrganisation(t, 'Shared Mail Practice');
    const nhsNet = await buildUser(t, { organisationId: organisation.id, roles: ['champion'], email: `lead.${Date.now()}@nhs.net` });
    const asked = await t.app.inject({ method: 'POST', url: '/api/join/domain-request', headers: nhsNet.headers });
    expect(asked.statusCode).toBe(409);
    expect(asked.json().message).toContain('nhs.net');

    const lead = await buildUser(t, { organisationId: organisation.id, roles: ['champion'], email: `lead.${Date.now()}@shared-mail.test` });
    const admin = await buildUser(t, { roles: ['standard', 'verity_admin'] });
    expect((await t.app.inject({ method: 'POST', url: '/api/join/domain-request', headers: lead.headers })).statusCode).toBe(201);
    const [request] = await t.db.select().from(joinDomainRequests).where(eq(joinDomainRequests.organisationId, organisation.id));
    const refused = await t.app.inject({ method: 'POST', url: `/api/admin/domain-requests/${request?.id}/refuse`, headers: admin.headers });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(await listEvents({ db: t.db, organisationId: organisation.id, kind: 'join.domain_refused' })).toHaveLength(1);
    expect(await listEvents({ db: t.db, organisationId: organisation.id, kind: 'organisations.domain_approved' })).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/join/domain-request', headers: lead.headers })).json()).toMatchObject({
      status: 'refused',
    });
    const refusalMail = await mailTo(t, lead.user.email);
    expect(refusalMail).toHaveLength(1);
    const [refusal] = refusalMail;
    expect(refusal?.subject).toBe('shared-mail.test was not confirmed as your organisation’s domain on Verity');
    expect(refusal?.textBody).toContain('You can still invite colleagues from your dashboard.');
    expect(await mailTo(t, admin.user.email)).toHaveLength(0);
  });
});
