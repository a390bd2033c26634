import type { AdminOrganisation, AuditResponse } from '@verity/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { events, organisations } from '../../db/schema.ts';
import { AUDIT_KINDS, ACTIVITY_KINDS, eventSchema } from '../../core/events/types.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildOrganisation, buildUser, TEST_PASSWORD, type TestUser } from '../../test/factories.ts';
import { multipart } from '../../test/multipart.ts';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: '1', AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' });
  admin = await buildUser(t, { roles: ['verity_admin', 'standard'] });
});

afterAll(async () => {
  await t.close();
});

const send = (who: TestUser | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...(who?.headers ?? {}), 'x-forwarded-for': '203.0.113.7' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const totalEvents = async () => Number((await t.db.select({ n: count() }).from(events))[0]?.n ?? 0);

async function signIn(email: string) {
  const form = await multipart({ email, password: TEST_PASSWORD });
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    ...form,
    headers: { ...form.headers, 'x-forwarded-for': '198.51.100.20' },
  });
}

describe('organisations in the admin area', () => {
  test('an administrator creates one, renames it, deactivates it (its members cannot sign in) and reactivates it', async () => {
    const created = await send(admin, 'POST', '/api/admin/organisations', { name: '  Riverside Care Homes  ' });
    expect(created.statusCode, created.body).toBe(201);
    const organisation = created.json<AdminOrganisation>();
    expect(organisation).toMatchObject({ name: 'Riverside Care Homes', active: true, members: 0, active_members: 0, domains: [] });

    const member = await buildUser(t, { organisationId: organisation.id });
    expect((await signIn(member.email)).statusCode).toBe(200);
    const listed = (await send(admin, 'GET', '/api/admin/organisations')).json<{ organisations: AdminOrganisation[] }>().organisations;
    expect(listed.find((o) => o.id === organisation.id)).toMatchObject({ members: 1, active_members: 1 });

    const renamed = await send(admin, 'POST', `/api/admin/organisations/${organisation.id}`, { name: 'Riverside Care' });
    expect(renamed.json<AdminOrganisation>().name).toBe('Riverside Care');

    const deactivated = await send(admin, 'POST', `/api/admin/organisations/${organisation.id}`, { active: false });
    expect(deactivated.json<AdminOrganisation>()).toMatchObject({ active: false, members: 1 });
    expect(deactivated.json<AdminOrganisation>().deactivated_at).not.toBeNull();
    // Its members' sessions stop working and a new sign-in is refused; their data is kept.
    expect((await send(member, 'GET', '/api/account/info')).statusCode).toBe(401);
    expect((await signIn(member.email)).statusCode).not.toBe(200);

    const reactivated = await send(admin, 'POST', `/api/admin/organisations/${organisation.id}`, { active: true });
    expect(reactivated.json<AdminOrganisation>()).toMatchObject({ active: true, deactivated_at: null });
    expect((await signIn(member.email)).statusCode).toBe(200);

    // Each change is an audit entry naming the administrator and the address they came from.
    const audit = await send(admin, 'GET', `/api/admin/audit?organisation_id=${organisation.id}`);
    const entries = audit.json<AuditResponse>().entries.filter((entry) => entry.kind.startsWith('organisations.'));
    expect(entries.map((entry) => entry.kind)).toEqual([
      'organisations.reactivated',
      'organisations.deactivated',
      'organisations.renamed',
      'organisations.created',
    ]);
    for (const entry of entries) {
      expect(entry.actor?.email).toBe(admin.email);
      expect(entry.ip).toBe('203.0.113.7');
      expect(entry.subject).toMatchObject({ type: 'organisation', id: organisation.id });
    }
    expect(entries[2]?.data).toEqual({ name: 'Riverside Care' });
  });

  test('a change that changes nothing records nothing', async () => {
    const organisation = await buildOrganisation(t, 'Unchanged Trust');
    const before = await totalEvents();
    const response = await send(admin, 'POST', `/api/admin/organisations/${organisation.id}`, { name: 'Unchanged Trust', active: true });
    expect(response.statusCode).toBe(200);
    expect(await totalEvents()).toBe(before);
  });

  test('refusals: a taken name 409, unknown 404, malformed 422, a non-administrator 403, no session 401; nothing changes', async () => {
    const taken = await buildOrganisation(t, 'Northgate Hospital');
    const other = await buildOrganisation(t, 'Southgate Hospital');
    const champion = await buildUser(t, { organisationId: other.id, roles: ['champion', 'standard'] });
    const before = await totalEvents();
    const organisationsBefore = await t.db.select().from(organisations);
    const cases: [number, () => ReturnType<typeof send>][] = [
      [409, () => send(admin, 'POST', '/api/admin/organisations', { name: 'northgate hospital' })],
      [409, () => send(admin, 'POST', `/api/admin/organisations/${other.id}`, { name: 'Northgate Hospital ' })],
      [404, () => send(admin, 'POST', '/api/admin/organisations/no-such-id', { active: false })],
      [422, () => send(admin, 'POST', '/api/admin/organisations', { name: 'x' })],
      [422, () => send(admin, 'POST', '/api/admin/organisations', { name: 'A'.repeat(201) })],
      [422, () => send(admin, 'POST', '/api/admin/organisations', { name: 'Fine name', extra: 1 })],
      [422, () => send(admin, 'POST', `/api/admin/organisations/${other.id}`, {})],
      [422, () => send(admin, 'POST', `/api/admin/organisations/${other.id}`, { active: 'no' })],
      [403, () => send(champion, 'POST', `/api/admin/organisations/${other.id}`, { active: false })],
      [403, () => send(champion, 'GET', '/api/admin/organisations')],
      [403, () => send(champion, 'GET', '/api/admin/audit')],
      [403, () => send(champion, 'GET', '/api/admin/audit/export')],
      [401, () => send(null, 'POST', '/api/admin/organisations', { name: 'Anonymous Trust' })],
      [401, () => send(null, 'GET', '/api/admin/audit')],
    ];
    for (const [status, request] of cases) {
      const response = await request();
      expect(response.statusCode, response.body).toBe(status);
    }
    expect(await totalEvents()).toBe(before);
    expect(await t.db.select().from(organisations)).toEqual(organisationsBefore);
    expect(taken.name).toBe('Northgate Hospital');
  });
});

describe('Microsoft tenants of an organisation', () => {
  const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
  const tenantsUrl = (id: string) => `/api/admin/organisations/${id}/microsoft-tenants`;

  test('an administrator links a tenant (once, in lower case), sees it listed, and unlinks it; both are audited', async () => {
    const organisation = await buildOrganisation(t, `Tenant Trust ${Date.now()}`);
    const added = await send(admin, 'POST', tenantsUrl(organisation.id), { tenant_id: `  ${TENANT.toUpperCase()} ` });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<AdminOrganisation>().microsoft_tenants).toEqual([TENANT]);
    const again = await send(admin, 'POST', tenantsUrl(organisation.id), { tenant_id: TENANT });
    expect(again.json<AdminOrganisation>().microsoft_tenants).toEqual([TENANT]);
    const listed = (await send(admin, 'GET', '/api/admin/organisations')).json<{ organisations: AdminOrganisation[] }>().organisations;
    expect(listed.find((row) => row.id === organisation.id)?.microsoft_tenants).toEqual([TENANT]);

    const removed = await send(admin, 'DELETE', `${tenantsUrl(organisation.id)}/${TENANT}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<AdminOrganisation>().microsoft_tenants).toEqual([]);
    const audit = await send(admin, 'GET', `/api/admin/audit?organisation_id=${organisation.id}`);
    const kinds = audit.json<AuditResponse>().entries.map((entry) => [entry.kind, entry.data]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['organisations.tenant_added', { tenant_id: TENANT }],
        ['organisations.tenant_removed', { tenant_id: TENANT }],
      ]),
    );
    expect(kinds.filter(([kind]) => kind === 'organisations.tenant_added')).toHaveLength(1);
  });

  test('refusals: a tenant of another organisation 409, unknown 404, not a GUID 422, a non-administrator 403, no session 401; nothing changes', async () => {
    const first = await buildOrganisation(t, `First ${Date.now()}`);
    const second = await buildOrganisation(t, `Second ${Date.now()}`);
    const tenant = 'a1b2c3d4-0000-4000-8000-000000000001';
    expect((await send(admin, 'POST', tenantsUrl(first.id), { tenant_id: tenant })).statusCode).toBe(200);
    const before = await totalEvents();
    expect((await send(admin, 'POST', tenantsUrl(second.id), { tenant_id: tenant })).statusCode).toBe(409);
    expect((await send(admin, 'POST', tenantsUrl('no-such-organisation'), { tenant_id: tenant })).statusCode).toBe(404);
    expect((await send(admin, 'DELETE', `${tenantsUrl(second.id)}/${tenant}`)).statusCode).toBe(404);
    expect((await send(admin, 'POST', tenantsUrl(first.id), { tenant_id: 'contoso.onmicrosoft.com' })).statusCode).toBe(422);
    expect((await send(admin, 'POST', tenantsUrl(first.id), { tenant_id: tenant, extra: 1 })).statusCode).toBe(422);
    const champion = await buildUser(t, { roles: ['champion', 'standard'], organisationId: first.id });
    expect((await send(champion, 'POST', tenantsUrl(first.id), { tenant_id: 'a1b2c3d4-0000-4000-8000-000000000002' })).statusCode).toBe(
      403,
    );
    expect((await send(champion, 'DELETE', `${tenantsUrl(first.id)}/${tenant}`)).statusCode).toBe(403);
    expect((await send(null, 'DELETE', `${tenantsUrl(first.id)}/${tenant}`)).statusCode).toBe(401);
    expect(await totalEvents()).toBe(before);
    const listed = (await send(admin, 'GET', '/api/admin/organisations')).json<{ organisations: AdminOrganisation[] }>().organisations;
    expect(listed.find((row) => row.id === first.id)?.microsoft_tenants).toEqual([tenant]);
    expect(listed.find((row) => row.id === second.id)?.microsoft_tenants).toEqual([]);
  });
});

describe('the audit log', () => {
  test('every kind of event is either an audit entry or use of the product, never both', () => {
    const kinds = eventSchema.options.map((option) => option.shape.kind.value);
    const audit: readonly string[] = AUDIT_KINDS;
    const activity: readonly string[] = ACTIVITY_KINDS;
    expect([...kinds].sort()).toEqual([...audit, ...activity].sort());
    expect(audit.filter((kind) => activity.includes(kind))).toEqual([]);
  });

  test('lists changes, not use: a sign-in is there, a page view is not; filtered by kind, actor and dates; paged', async () => {
    const organisation = await buildOrganisation(t, 'Audited Trust');
    const person = await buildUser(t, { organisationId: organisation.id, firstname: 'Imogen' });
    for (let n = 0; n < 3; n++) expect((await signIn(person.email)).statusCode).toBe(200);
    await send(person, 'POST', '/api/analytics/events', {
      events: [{ name: '$pageview', properties: { path: '/wiki' }, timestamp: new Date().toISOString() }],
    });

    const byOrganisation = (await send(admin, 'GET', `/api/admin/audit?organisation_id=${organisation.id}`)).json<AuditResponse>();
    expect(byOrganisation.entries.map((entry) => entry.kind)).toEqual(['auth.signed_in', 'auth.signed_in', 'auth.signed_in']);
    expect(byOrganisation.entries[0]).toMatchObject({
      organisation: { id: organisation.id, name: 'Audited Trust' },
      actor: { id: person.user.id, email: person.email, name: 'Imogen Morgan' },
      ip: '198.51.100.20',
    });
    expect(byOrganisation.kinds).toContain('flags.changed');
    expect(byOrganisation.kinds).not.toContain('web.page_viewed');

    const first = (await send(admin, 'GET', `/api/admin/audit?organisation_id=${organisation.id}&limit=2`)).json<AuditResponse>();
    expect(first.entries).toHaveLength(2);
    expect(first.next_before).not.toBeNull();
    const second = (
      await send(admin, 'GET', `/api/admin/audit?organisation_id=${organisation.id}&limit=2&before=${first.next_before}`)
    ).json<AuditResponse>();
    expect(second.entries).toHaveLength(1);
    expect(second.next_before).toBeNull();
    expect(new Set([...first.entries, ...second.entries].map((entry) => entry.id)).size).toBe(3);

    const byActor = (await send(admin, 'GET', '/api/admin/audit?actor=imogen&kind=auth.signed_in')).json<AuditResponse>();
    expect(byActor.entries.every((entry) => entry.actor?.id === person.user.id)).toBe(true);
    expect(byActor.entries).toHaveLength(3);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(
      (await send(admin, 'GET', `/api/admin/audit?organisation_id=${organisation.id}&from=${tomorrow}`)).json<AuditResponse>().entries,
    ).toEqual([]);
  });

  test('a filter it cannot read is 422', async () => {
    for (const query of [
      'kind=web.page_viewed',
      'kind=DROP',
      'limit=0',
      'limit=201',
      'from=yesterday',
      'before=1_',
      'before=x%20y',
      'colour=red',
    ]) {
      expect((await send(admin, 'GET', `/api/admin/audit?${query}`)).statusCode, query).toBe(422);
    }
  });

  test('exports as CSV with the same filters, and a name written as a formula stays text', async () => {
    const created = await send(admin, 'POST', '/api/admin/organisations', { name: '=HYPERLINK("http://evil.example","x")' });
    const organisation = created.json<AdminOrganisation>();
    const response = await send(admin, 'GET', `/api/admin/audit/export?organisation_id=${organisation.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe('When (UTC),Event,Organisation,Actor,Actor e-mail,Address,Record type,Record id,Record,Details');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`organisations.created,"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(lines[1]).toContain(admin.email);
    expect(lines[1]).toContain('203.0.113.7');
  });
});
