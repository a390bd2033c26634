import { FEATURE_FLAG_DEFAULTS, type User } from '@verity/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';
import { type CachedAccount, IdentityCache, parseIdentityChange } from './cache.ts';
import type { AuthContext } from './caller.ts';

const context = (userId: string, organisationId: string): AuthContext => ({
  sessionId: `s-${userId}`,
  userId,
  organisationId,
  roles: ['standard'],
  email: `${userId}@example.test`,
  firstname: 'Alex',
});
const session = (userId: string, organisationId = 'org-1') => ({
  context: context(userId, organisationId),
  lastSeenAt: Date.now(),
  expiresAt: Date.now() + 60_000,
});

describe('IdentityCache', () => {
  test('serves what it stored until it is told of a change to the session, the user or the organisation', () => {
    const cache = new IdentityCache(60_000, () => true);
    for (const id of ['a', 'b', 'c', 'd']) cache.storeSession(`s-${id}`, session(id, id === 'd' ? 'org-2' : 'org-1'), cache.generation());
    expect(cache.session('s-a', Date.now())?.context.userId).toBe('a');
    cache.forget({ kind: 'session', id: 's-a' });
    cache.forget({ kind: 'user', id: 'b' });
    expect(cache.session('s-a', Date.now())).toBeUndefined();
    expect(cache.session('s-b', Date.now())).toBeUndefined();
    expect(cache.session('s-c', Date.now())).toBeDefined();
    cache.forget({ kind: 'organisation', id: 'org-1' });
    expect(cache.session('s-c', Date.now())).toBeUndefined();
    expect(cache.session('s-d', Date.now())?.context.organisationId).toBe('org-2');
  });

  test('does not keep a read that a change overtook, nor anything while it is not listening, nor past its lifetime', () => {
    let listening = true;
    const cache = new IdentityCache(1_000, () => listening);
    const before = cache.generation();
    cache.forget({ kind: 'user', id: 'someone-else' });
    cache.storeSession('s-a', session('a'), before);
    expect(cache.session('s-a', Date.now())).toBeUndefined();
    cache.storeFlags({ global: [], rules: [] }, before);
    expect(cache.flags(Date.now())).toBeUndefined();

    cache.storeSession('s-a', session('a'), cache.generation());
    expect(cache.session('s-a', Date.now() + 1_001)).toBeUndefined();
    cache.storeSession('s-a', session('a'), cache.generation());
    listening = false;
    expect(cache.session('s-a', Date.now())).toBeUndefined();
    cache.storeSession('s-a', session('a'), cache.generation());
    listening = true;
    expect(cache.session('s-a', Date.now())).toBeUndefined();
  });

  test('flags are forgotten on a flag change, and everything on a gap in the announcements', () => {
    const cache = new IdentityCache(60_000, () => true);
    cache.storeFlags({ global: [{ key: 'chat', enabled: false }], rules: [] }, cache.generation());
    cache.storeSession('s-a', session('a'), cache.generation());
    cache.forget({ kind: 'session', id: 'other' });
    expect(cache.flags(Date.now())?.global).toHaveLength(1);
    cache.forget({ kind: 'flags' });
    expect(cache.flags(Date.now())).toBeUndefined();
    expect(cache.size).toBe(1);
    cache.forget({ kind: 'everything' });
    expect(cache.size).toBe(0);
  });

  test('an account is kept by user, forgotten with its user or organisation, and not kept when a change overtook the read', () => {
    const cache = new IdentityCache(60_000, () => true);
    const account = (userId: string, organisationId: string): CachedAccount => ({
      user_id: userId,
      external_id: `x-${userId}`,
      firstname: 'Alex',
      surname: 'Smith',
      email: `${userId}@example.test`,
      job_title: '',
      account_roles: ['standard'],
      onboarding_complete: true,
      onboarding_modules: [],
      email_verified: true,
      photoURL: null,
      organisation: { id: organisationId, name: 'Trust' },
    });
    for (const id of ['a', 'b', 'c']) cache.storeAccount(id, account(id, id === 'c' ? 'org-2' : 'org-1'), cache.generation());
    cache.forget({ kind: 'session', id: 's-a' });
    cache.forget({ kind: 'flags' });
    expect(cache.accounts).toBe(3);
    cache.forget({ kind: 'user', id: 'a' });
    expect(cache.account('a', Date.now())).toBeUndefined();
    expect(cache.account('b', Date.now())?.user_id).toBe('b');
    cache.forget({ kind: 'organisation', id: 'org-1' });
    expect(cache.account('b', Date.now())).toBeUndefined();
    expect(cache.account('c', Date.now())?.organisation.id).toBe('org-2');
    expect(cache.account('c', Date.now() + 60_001)).toBeUndefined();

    const before = cache.generation();
    cache.forget({ kind: 'user', id: 'someone-else' });
    cache.storeAccount('a', account('a', 'org-1'), before);
    expect(cache.account('a', Date.now())).toBeUndefined();
    cache.storeAccount('a', account('a', 'org-1'), cache.generation());
    cache.forget({ kind: 'everything' });
    expect(cache.accounts).toBe(0);
  });

  test('reads the triggers’ payloads, and takes anything else as a change to everything', () => {
    expect(parseIdentityChange('user:u1')).toEqual({ kind: 'user', id: 'u1' });
    expect(parseIdentityChange('session:ab:cd')).toEqual({ kind: 'session', id: 'ab:cd' });
    expect(parseIdentityChange('organisation:o1')).toEqual({ kind: 'organisation', id: 'o1' });
    expect(parseIdentityChange('flags')).toEqual({ kind: 'flags' });
    for (const odd of ['', 'user:', ':u1', 'table:x', 'users:u1']) expect(parseIdentityChange(odd)).toEqual({ kind: 'everything' });
  });
});

/**
 * Through the app: changes written straight to the database (as a command-line tool or another
 * process would, with nothing in this process told) still take effect on the next requests,
 * because the database announces them.
 */
describe('sessions, roles and flags kept in memory', () => {
  let t: TestApp;
  let champion: TestUser;
  const info = (user: TestUser) => t.app.inject({ method: 'GET', url: '/api/account/info', headers: user.headers });
  const metrics = (user: TestUser) =>
    t.app.inject({ method: 'GET', url: '/api/dashboard/organisation/metrics?days=7', headers: user.headers });

  beforeAll(async () => {
    t = await buildTestApp();
    champion = await buildUser(t, { roles: ['standard', 'champion'] });
  });
  afterAll(async () => t.close());

  test('a session is served from memory once read: a change the database does not announce goes unseen', async () => {
    const user = await buildUser(t);
    expect((await info(user)).statusCode).toBe(200);
    // Triggers off for this statement's session, as if the announcement were lost.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update sessions set revoked_at = now() where user_id = ${user.user.id}`);
    });
    expect((await info(user)).statusCode).toBe(200);
  });

  test('the account is served from memory once read, and what account/info shows changed in the database shows on the next request', async () => {
    const user = await buildUser(t);
    const shown = async () => (await info(user)).json();
    expect((await shown()).surname).toBe(user.user.surname);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update users set surname = 'Unannounced' where id = ${user.user.id}`);
    });
    expect((await shown()).surname).toBe(user.user.surname);
    const changes = [
      [sql`update users set surname = 'Okafor' where id = ${user.user.id}`, (body: User) => body.surname, 'Okafor'],
      [sql`update users set job_title = 'Estates officer' where id = ${user.user.id}`, (body: User) => body.job_title, 'Estates officer'],
      [sql`update users set onboarding_complete = false where id = ${user.user.id}`, (body: User) => body.onboarding_complete, false],
      [sql`update users set email_verified_at = null where id = ${user.user.id}`, (body: User) => body.email_verified, false],
      [
        sql`update users set photo_id = 'kept-photo-test' where id = ${user.user.id}`,
        (body: User) => body.photoURL,
        '/api/account/photos/kept-photo-test',
      ],
      [
        sql`update organisations set name = 'Renamed Trust' where id = ${user.user.organisationId}`,
        (body: User) => body.organisation.name,
        'Renamed Trust',
      ],
    ] as const;
    for (const [change, read, expected] of changes) {
      await t.db.execute(change);
      await expect.poll(async () => read(await shown()), { timeout: 2_000, interval: 20 }).toBe(expected);
    }
  });

  test('a change made through the API shows on the very next request', async () => {
    const user = await buildUser(t);
    expect((await info(user)).json().job_title).toBe(user.user.jobTitle);
    const updated = await t.app.inject({
      method: 'POST',
      url: '/api/account/update',
      headers: user.headers,
      payload: { firstname: 'Ada', surname: 'Lovelace', job_title: 'Governance lead' },
    });
    expect(updated.statusCode).toBe(200);
    expect((await info(user)).json()).toMatchObject({ firstname: 'Ada', surname: 'Lovelace', job_title: 'Governance lead' });
  });

  test('a session revoked in the database is refused on the next request', async () => {
    const user = await buildUser(t);
    expect((await info(user)).statusCode).toBe(200);
    await t.db.execute(sql`update sessions set revoked_at = now() where user_id = ${user.user.id}`);
    await expect.poll(async () => (await info(user)).statusCode, { timeout: 2_000, interval: 20 }).toBe(401);
  });

  test('roles changed in the database apply to the next request, both ways', async () => {
    const user = await buildUser(t, { roles: ['standard', 'champion'], organisationId: champion.user.organisationId });
    expect((await metrics(user)).statusCode).toBe(200);
    await t.db.execute(sql`update users set roles = array['standard'] where id = ${user.user.id}`);
    await expect.poll(async () => (await metrics(user)).statusCode, { timeout: 2_000, interval: 20 }).toBe(403);
    await t.db.execute(sql`update users set roles = array['standard', 'champion'] where id = ${user.user.id}`);
    await expect.poll(async () => (await metrics(user)).statusCode, { timeout: 2_000, interval: 20 }).toBe(200);
  });

  test('a deactivated account or organisation ends its sessions at once', async () => {
    const person = await buildUser(t);
    const colleague = await buildUser(t, { organisationId: champion.user.organisationId });
    for (const user of [person, colleague]) expect((await info(user)).statusCode).toBe(200);
    await t.db.execute(sql`update users set disabled_at = now() where id = ${person.user.id}`);
    await t.db.execute(sql`update organisations set deactivated_at = now() where id = ${colleague.user.organisationId}`);
    for (const user of [person, colleague]) {
      await expect.poll(async () => (await info(user)).statusCode, { timeout: 2_000, interval: 20 }).toBe(401);
    }
    await t.db.execute(sql`update organisations set deactivated_at = null where id = ${colleague.user.organisationId}`);
    expect((await info(champion)).statusCode).toBe(200);
  });

  test('a flag set in the database applies to the next request', async () => {
    const flagsOf = async () => (await t.app.inject({ method: 'GET', url: '/api/flags', headers: champion.headers })).json().flags;
    expect((await flagsOf())['data-library']).toBe(FEATURE_FLAG_DEFAULTS['data-library']);
    await t.db.execute(sql`insert into feature_flag_rules (id, key, enabled, organisation_id) values
      ('cache-test-rule', 'data-library', ${!FEATURE_FLAG_DEFAULTS['data-library']}, ${champion.user.organisationId})`);
    await expect
      .poll(async () => (await flagsOf())['data-library'], { timeout: 2_000, interval: 20 })
      .toBe(!FEATURE_FLAG_DEFAULTS['data-library']);
    await t.db.execute(sql`delete from feature_flag_rules where id = 'cache-test-rule'`);
    await expect
      .poll(async () => (await flagsOf())['data-library'], { timeout: 2_000, interval: 20 })
      .toBe(FEATURE_FLAG_DEFAULTS['data-library']);
  });

  test('with SESSION_CACHE_SECONDS=0 every request reads the session', async () => {
    const uncached = await buildTestApp({ SESSION_CACHE_SECONDS: '0' });
    try {
      const user = await buildUser(uncached);
      const ask = () => uncached.app.inject({ method: 'GET', url: '/api/account/info', headers: user.headers });
      expect((await ask()).statusCode).toBe(200);
      await uncached.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`update sessions set revoked_at = now() where user_id = ${user.user.id}`);
      });
      expect((await ask()).statusCode).toBe(401);
    } finally {
      await uncached.close();
    }
  });
});
