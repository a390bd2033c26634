import type { ApiErrorBody, SetFlagResponse, User } from '@verity/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { events, featureFlagRules } from '../../db/schema.ts';
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

const setFlag = (who: TestUser | null, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/admin/flags', headers: who?.headers ?? {}, payload: payload as object });
const flagsOf = async (who: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/account/info', headers: who.headers })).json<User>().flags;
const ruleCount = async () => (await t.db.select({ id: featureFlagRules.id }).from(featureFlagRules)).length;

describe('feature flags set by an administrator', () => {
  test('off for one organisation: its members lose the feature, everyone else keeps it, and the change is recorded', async () => {
    const trust = await buildOrganisation(t);
    const [member, champion, elsewhere] = [
      await buildUser(t, { organisationId: trust.id }),
      await buildUser(t, { organisationId: trust.id, roles: ['standard', 'champion'] }),
      await buildUser(t),
    ];
    const response = await setFlag(admin, { flag: 'workforce-reports', scope: 'organisation', organisation_id: trust.id, enabled: false });
    expect(response.statusCode).toBe(200);
    const body = response.json<SetFlagResponse>();
    expect(body.changed).toBe(true);
    expect(body.settings).toContainEqual({
      flag: 'workforce-reports',
      scope: 'organisation',
      role: null,
      organisation_id: trust.id,
      enabled: false,
    });

    expect((await flagsOf(member))['workforce-reports']).toBe(false);
    expect((await flagsOf(champion))['workforce-reports']).toBe(false);
    expect((await flagsOf(elsewhere))['workforce-reports']).toBe(true);

    const [recorded] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.kind, 'flags.changed'), eq(events.organisationId, trust.id)));
    expect(recorded).toMatchObject({
      actorUserId: admin.user.id,
      data: { flag: 'workforce-reports', scope: 'organisation', role: null, enabled: false, via: 'admin' },
    });

    // The same setting again changes nothing; clearing it gives the organisation the default back.
    expect(
      (
        await setFlag(admin, { flag: 'workforce-reports', scope: 'organisation', organisation_id: trust.id, enabled: false })
      ).json<SetFlagResponse>().changed,
    ).toBe(false);
    await setFlag(admin, { flag: 'workforce-reports', scope: 'organisation', organisation_id: trust.id, enabled: null });
    expect((await flagsOf(member))['workforce-reports']).toBe(true);
  });

  test('for a role, and listed', async () => {
    const champion = await buildUser(t, { roles: ['standard', 'champion'] });
    await setFlag(admin, { flag: 'data-library', scope: 'role', role: 'champion', enabled: false });
    expect((await flagsOf(champion))['data-library']).toBe(false);
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/flags', headers: admin.headers });
    expect(listed.json<SetFlagResponse>().settings).toContainEqual({
      flag: 'data-library',
      scope: 'role',
      role: 'champion',
      organisation_id: null,
      enabled: false,
    });
    await setFlag(admin, { flag: 'data-library', scope: 'role', role: 'champion', enabled: null });
  });

  test('only an administrator may read or set them', async () => {
    const before = await ruleCount();
    const payload = { flag: 'workforce-reports', scope: 'global', enabled: false };
    expect((await setFlag(null, payload)).statusCode).toBe(401);
    for (const roles of [['standard'], ['standard', 'champion'], ['guest']] as const) {
      const who = await buildUser(t, { roles: [...roles] });
      expect((await setFlag(who, payload)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/flags', headers: who.headers })).statusCode).toBe(403);
    }
    expect(await ruleCount()).toBe(before);
    expect((await flagsOf(admin))['workforce-reports']).toBe(true);
  });

  test.each([
    ['an unknown flag', { flag: 'dark-mode', scope: 'global', enabled: true }],
    ['a role setting without its role', { flag: 'data-library', scope: 'role', enabled: true }],
    ['a global setting naming an organisation', { flag: 'data-library', scope: 'global', organisation_id: 'org_x', enabled: true }],
    ['an unknown role', { flag: 'data-library', scope: 'role', role: 'owner', enabled: true }],
    ['enabled missing', { flag: 'data-library', scope: 'global' }],
    ['an unknown field', { flag: 'data-library', scope: 'global', enabled: true, everyone: true }],
  ])('%s is a 422 and changes nothing', async (_label, payload) => {
    const before = await ruleCount();
    const response = await setFlag(admin, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json<ApiErrorBody>().message.length).toBeGreaterThan(0);
    expect(await ruleCount()).toBe(before);
  });

  test('an organisation that does not exist is a 404 and changes nothing', async () => {
    const before = await ruleCount();
    const response = await setFlag(admin, {
      flag: 'data-library',
      scope: 'organisation',
      organisation_id: 'no-such-organisation',
      enabled: false,
    });
    expect(response.statusCode).toBe(404);
    expect(await ruleCount()).toBe(before);
  });
});
