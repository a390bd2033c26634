import type { User } from '@verity/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { organisations, users } from '../db/schema.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { multipart } from '../test/multipart.ts';
import { findDemoAccounts, seedDemo } from './demo.ts';

const DEMO = [
  { email: 'standard@example.org', roles: ['standard'] },
  { email: 'guest@example.org', roles: ['guest'] },
  { email: 'champion@example.org', roles: ['champion', 'standard'] },
  { email: 'admin@example.org', roles: ['verity_admin', 'standard'] },
];

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

test('seeding twice creates the demo organisation and its four accounts once, and each can sign in', async () => {
  expect(await seedDemo({ db: t.db, config: t.config })).toEqual(DEMO);
  expect(await seedDemo({ db: t.db, config: t.config })).toEqual(DEMO);

  const orgs = await t.db.select().from(organisations).where(eq(organisations.name, t.config.DEMO_ORGANISATION));
  expect(orgs).toHaveLength(1);
  const rows = await t.db
    .select()
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO.map((d) => d.email),
      ),
    );
  expect(rows).toHaveLength(4);
  for (const row of rows) {
    expect(row.organisationId).toBe(orgs[0]?.id);
    expect(row.emailVerifiedAt).toBeInstanceOf(Date);
    expect(row.jobTitle).not.toBe('');
  }

  for (const demo of DEMO) {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      ...(await multipart({ email: demo.email, password: t.config.DEMO_PASSWORD })),
    });
    expect(login.statusCode).toBe(200);
    const info = await t.app.inject({ method: 'GET', url: '/api/account/info', headers: { 'auth-token': login.json().auth_token } });
    const user = info.json() as User;
    expect(user.account_roles).toEqual(demo.roles);
    expect(user.organisation.name).toBe(t.config.DEMO_ORGANISATION);
  }
});

test('findDemoAccounts reports the enabled accounts with a demo address, which main.ts keeps off the network', async () => {
  expect(await seedDemo({ db: t.db, config: t.config })).toEqual(DEMO);
  expect(await findDemoAccounts(t.db)).toEqual(DEMO);
  await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.email, 'admin@example.org'));
  expect(await findDemoAccounts(t.db)).toEqual(DEMO.slice(0, 3));
  await t.db
    .update(users)
    .set({ disabledAt: new Date() })
    .where(
      inArray(
        users.email,
        DEMO.map((d) => d.email),
      ),
    );
  expect(await findDemoAccounts(t.db)).toEqual([]);
});
