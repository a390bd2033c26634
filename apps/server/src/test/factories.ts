import type { Role } from '@verity/shared';
import { createAccount, type UserRow } from '../core/identity/accounts.ts';
import { createSession } from '../core/identity/sessions.ts';
import { createOrganisation } from '../core/identity/organisations.ts';
import { documentElements, documents } from '../db/schema.ts';
import { ingestSeedCorpus } from '../ingest/corpus.ts';
import { newId } from '../lib/ids.ts';
import { buildTestApp, type TestApp } from './app.ts';

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

/**
 * A library document inserted directly (no ingestion), external unless an organisation is given,
 * with its elements in order.
 */
export async function buildDocument(
  t: TestApp,
  options: {
    code: string;
    filename: string;
    title?: string;
    status?: 'current' | 'superseded';
    organisationId?: string;
    /** Codes and names it replaces. */
    supersedes?: string[];
    elements?: { type: 'title' | 'heading' | 'paragraph' | 'list_item' | 'table'; text: string }[];
  },
): Promise<string> {
  const id = newId();
  await t.db.insert(documents).values({
    id,
    organisationId: options.organisationId ?? null,
    code: options.code,
    title: options.title ?? `${options.code} title`,
    filename: options.filename,
    category: 'Guidance',
    domain: 'HTM',
    subdomain: 'HTM 06 Electrical services',
    issuer: 'Test issuer',
    edition: '2017',
    status: options.status ?? 'current',
    supersedes: options.supersedes ?? [],
    sourceKind: 'upload',
    contentHash: newId(),
  });
  const elements = options.elements ?? [];
  if (elements.length > 0) {
    await t.db
      .insert(documentElements)
      .values(elements.map((element, position) => ({ id: newId(), documentId: id, position, ...element })));
  }
  return id;
}

/** A test app holding the ingested seed corpus, with a standard user and a guest. */
export async function buildLibraryTestApp(
  deps: Parameters<typeof buildTestApp>[1] = {},
): Promise<{ t: TestApp; standard: TestUser; guest: TestUser }> {
  const t = await buildTestApp({}, deps);
  await ingestSeedCorpus({ db: t.db });
  return { t, standard: await buildUser(t), guest: await buildUser(t, { roles: ['guest'] }) };
}
