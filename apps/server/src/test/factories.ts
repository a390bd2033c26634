import type { Role } from '@verity/shared';
import { createAccount, type UserRow } from '../modules/auth/accounts.ts';
import { createSession } from '../modules/auth/sessions.ts';
import { createOrganisation } from '../modules/organisations/service.ts';
import type { TestApp } from './app.ts';

let counter = 0;

export const TEST_PASSWORD = 'correct-horse-battery-staple';

export async function buildOrganisation(t: TestApp, name = `Test Trust ${++counter}`) {
  return createOrganisation({ db: t.db, name });
}

export interface TestUser {
  user: UserRow;
  email: string;
  password: string;
  /** A live session token for the auth-token header. */
  token: string;
  headers: { 'auth-token': string };
}

/** A verified user (standard by default) with a session; each call makes a new organisation unless given one. */
export async function buildUser(
  t: TestApp,
  overrides: { roles?: Role[]; organisationId?: string; email?: string; password?: string; verified?: boolean; firstname?: string } = {},
): Promise<TestUser> {
  const organisationId = overrides.organisationId ?? (await buildOrganisation(t)).id;
  const email = overrides.email ?? `user${++counter}.${Date.now()}@example.test`;
  const password = overrides.password ?? TEST_PASSWORD;
  const user = await createAccount({
    db: t.db,
    organisationId,
    email,
    firstname: overrides.firstname ?? 'Alex',
    surname: 'Morgan',
    jobTitle: 'Estates Compliance Manager',
    password,
    roles: overrides.roles ?? ['standard'],
    emailVerified: overrides.verified ?? true,
  });
  const token = await createSession({
    db: t.db,
    userId: user.id,
    policy: { idleMinutes: t.config.SESSION_IDLE_MINUTES, absoluteDays: t.config.SESSION_ABSOLUTE_DAYS },
  });
  return { user, email: user.email, password, token, headers: { 'auth-token': token } };
}
