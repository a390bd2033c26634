import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IngestDocumentResponse } from '@verity/shared';
import { count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createAdmin } from '../../cli/create-admin.ts';
import { ingestFile } from '../../cli/ingest.ts';
import { events, users } from '../../db/schema.ts';
import { INGEST_JOB_KIND, ingestJobHandler } from '../../ingest/job.ts';
import { createJobWorker } from '../../jobs/worker.ts';
import { newId } from '../../lib/ids.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { listEvents } from '../../test/events.ts';
import { buildDocument, buildUser, type TestUser } from '../../test/factories.ts';
import { multipart } from '../../test/multipart.ts';
import { mailTo, oobCodeIn } from '../../test/outbox.ts';
import { findUserByEmail } from '../identity/accounts.ts';
import { recordEvent } from './service.ts';
import type { EventKind, RecordedEventOf } from './types.ts';

const INGESTION_TOKEN = 'events-ingest-token-0123456789abcdef';
const STRONG_PASSWORD = 'amber-otter-lantern-29';
const NEW_PASSWORD = 'violet-harbour-kettle-73';

let t: TestApp;
let counter = 0;

beforeAll(async () => {
  t = await buildTestApp({
    INGESTION_TOKEN,
    AUTH_RATE_LIMIT_PER_IP: '1000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '1000',
    IMAGE_MAX_BYTES: '4096',
  });
});

afterAll(async () => {
  await t.close();
});

const uniqueEmail = () => `events.${++counter}.${Date.now()}@example.org`;

async function totalEvents(app: TestApp = t): Promise<number> {
  const [row] = await app.db.select({ n: count() }).from(events);
  return Number(row?.n ?? 0);
}

/** Runs the requests, each expected to be refused with its status, and checks that none recorded an event. */
async function expectRefusedWithoutEvents(requests: [number, () => Promise<LightMyRequestResponse>][]): Promise<void> {
  const before = await totalEvents();
  for (const [status, send] of requests) {
    const response = await send();
    expect(response.statusCode, response.body).toBe(status);
  }
  await t.mailIdle();
  expect(await totalEvents()).toBe(before);
}

/** The one event of this kind in the organisation, checked to be the only one there is. */
async function onlyEvent<K extends EventKind>(organisationId: string | null, kind: K): Promise<RecordedEventOf<K>> {
  const found = await listEvents({ db: t.db, organisationId, kind });
  expect(found).toHaveLength(1);
  const [event] = found;
  if (!event) throw new Error(`no ${kind} event`);
  return event;
}

const json = (user: TestUser | null, method: 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/${url}`, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });

async function form(url: string, fields: Record<string, string | Blob>, headers: Record<string, string> = {}) {
  const body = await multipart(fields);
  return t.app.inject({ method: 'POST', url: `/api/${url}`, payload: body.payload, headers: { ...body.headers, ...headers } });
}

function signupFields(email: string, overrides: Record<string, string> = {}) {
  return {
    first_name: 'Hannah',
    surname: 'Whitfield',
    job_title: 'Estates Compliance Lead',
    email,
    password: STRONG_PASSWORD,
    confirm_password: STRONG_PASSWORD,
    ...overrides,
  };
}

/** A real 1×1 PNG. */
function tinyPng(): Buffer {
  return Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
}

describe('auth', () => {
  test('a sign-up records auth.account_created for the new user in their new organisation', async () => {
    const email = uniqueEmail();
    expect((await form('auth/signup', signupFields(email))).statusCode).toBe(201);
    await t.mailIdle();
    const user = await findUserByEmail(t.db, email);
    if (!user) throw new Error('the account was not created');
    const event = await onlyEvent(user.organisationId, 'auth.account_created');
    expect(event).toMatchObject({
      organisationId: user.organisationId,
      actorUserId: user.id,
      subject: { type: 'user', id: user.id },
      data: { via: 'sign_up', roles: ['standard', 'champion'], organisation_created: true },
      tool: null,
      documentIds: [],
    });
    expect(JSON.stringify(event.data)).not.toContain(STRONG_PASSWORD);
  });

  test('a refused or repeated sign-up records nothing', async () => {
    const taken = await buildUser(t);
    await expectRefusedWithoutEvents([
      [422, () => form('auth/signup', signupFields(uniqueEmail(), { password: 'short', confirm_password: 'short' }))],
      [422, () => form('auth/signup', { email: 'not-an-address' })],
      // A taken address answers like a new one but creates nothing.
      [201, () => form('auth/signup', signupFields(taken.email))],
    ]);
  });

  test('a sign-in records auth.signed_in; refused sign-ins record nothing', async () => {
    const user = await buildUser(t);
    const disabled = await buildUser(t);
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.user.id));
    const unverified = await buildUser(t, { verified: false });
    await expectRefusedWithoutEvents([
      [401, () => form('auth/login', { email: user.email, password: 'not-the-password' })],
      [401, () => form('auth/login', { email: uniqueEmail(), password: STRONG_PASSWORD })],
      [403, () => form('auth/login', { email: disabled.email, password: disabled.password })],
      [403, () => form('auth/login', { email: unverified.email, password: unverified.password })],
      [422, () => form('auth/login', { email: 'nobody' })],
    ]);

    expect((await form('auth/login', { email: user.email, password: user.password })).statusCode).toBe(200);
    const event = await onlyEvent(user.user.organisationId, 'auth.signed_in');
    expect(event).toMatchObject({
      actorUserId: user.user.id,
      subject: { type: 'user', id: user.user.id },
      data: { method: 'password' },
    });
  });

  test('verifying the address records auth.email_verified once; a bad or reused code records nothing', async () => {
    const email = uniqueEmail();
    await form('auth/signup', signupFields(email));
    const [mail] = await mailTo(t, email);
    const code = oobCodeIn(mail?.textBody ?? '', 'verifyEmail');
    await expectRefusedWithoutEvents([
      [400, () => json(null, 'POST', 'auth/verify-email', { oobCode: 'x'.repeat(43) })],
      [422, () => json(null, 'POST', 'auth/verify-email', {})],
    ]);

    expect((await json(null, 'POST', 'auth/verify-email', { oobCode: code })).statusCode).toBe(200);
    const user = await findUserByEmail(t.db, email);
    if (!user) throw new Error('the account was not created');
    expect(await onlyEvent(user.organisationId, 'auth.email_verified')).toMatchObject({
      actorUserId: user.id,
      subject: { type: 'user', id: user.id },
      data: {},
    });
    await expectRefusedWithoutEvents([[400, () => json(null, 'POST', 'auth/verify-email', { oobCode: code })]]);
  });

  test('a password reset records auth.password_reset; a weak password or a bad code records nothing', async () => {
    const user = await buildUser(t);
    await form('auth/reset_password', { email: user.email });
    const [mail] = await mailTo(t, user.email);
    const code = oobCodeIn(mail?.textBody ?? '', 'resetPassword');
    await expectRefusedWithoutEvents([
      [422, () => json(null, 'POST', 'auth/reset-password', { oobCode: code, newPassword: 'password1234' })],
      [400, () => json(null, 'POST', 'auth/reset-password', { oobCode: 'x'.repeat(43), newPassword: NEW_PASSWORD })],
    ]);

    expect((await json(null, 'POST', 'auth/reset-password', { oobCode: code, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
    const event = await onlyEvent(user.user.organisationId, 'auth.password_reset');
    expect(event).toMatchObject({
      actorUserId: user.user.id,
      subject: { type: 'user', id: user.user.id },
      data: { email_verified: false },
    });
    expect(JSON.stringify(event)).not.toContain(code);
    expect(JSON.stringify(event)).not.toContain(NEW_PASSWORD);
  });

  test('npm run create-admin records auth.account_created with no acting user', async () => {
    const { user, organisation } = await createAdmin({
      db: t.db,
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
      organisation: `Ops ${newId()}`,
    });
    expect(await onlyEvent(organisation.id, 'auth.account_created')).toMatchObject({
      actorUserId: null,
      subject: { type: 'user', id: user.id },
      data: { via: 'create_admin', roles: ['verity_admin', 'standard'], organisation_created: true },
    });
  });
});

describe('account', () => {
  test('a profile update records the names of the changed fields; no change and refusals record nothing', async () => {
    const user = await buildUser(t);
    const profile = { firstname: 'Alex', surname: 'Morgan', job_title: 'Estates Compliance Manager' };
    await expectRefusedWithoutEvents([
      [401, () => json(null, 'POST', 'account/update', { ...profile, firstname: 'Sam' })],
      [422, () => json(user, 'POST', 'account/update', { ...profile, firstname: '   ' })],
      // Saving the same values changes nothing.
      [200, () => json(user, 'POST', 'account/update', profile)],
    ]);

    expect((await json(user, 'POST', 'account/update', { ...profile, firstname: 'Sam', job_title: 'Head of Estates' })).statusCode).toBe(
      200,
    );
    expect(await onlyEvent(user.user.organisationId, 'account.profile_updated')).toMatchObject({
      actorUserId: user.user.id,
      subject: { type: 'user', id: user.user.id },
      data: { fields: ['firstname', 'job_title'] },
    });
  });

  test('setting and removing a photo record one event each, never naming the photo; refusals record nothing', async () => {
    const user = await buildUser(t);
    const upload = (file: Buffer, who: TestUser | null = user) =>
      form('account/upload/image', { file: new File([new Uint8Array(file)], 'me.png', { type: 'image/png' }) }, who?.headers ?? {});
    await expectRefusedWithoutEvents([
      [401, () => upload(tinyPng(), null)],
      [422, () => upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))],
      [413, () => upload(Buffer.concat([tinyPng(), Buffer.alloc(5000)]))],
      // Nothing to remove.
      [200, () => json(user, 'DELETE', 'account/delete/image')],
    ]);

    expect((await upload(tinyPng())).statusCode).toBe(200);
    const [stored] = await t.db.select({ photoId: users.photoId }).from(users).where(eq(users.id, user.user.id));
    const set = await onlyEvent(user.user.organisationId, 'account.photo_set');
    expect(set).toMatchObject({
      actorUserId: user.user.id,
      subject: { type: 'user', id: user.user.id },
      data: { content_type: 'image/png', size: tinyPng().length },
    });
    expect(JSON.stringify(set)).not.toContain(String(stored?.photoId));

    expect((await json(user, 'DELETE', 'account/delete/image')).statusCode).toBe(200);
    expect(await onlyEvent(user.user.organisationId, 'account.photo_removed')).toMatchObject({
      actorUserId: user.user.id,
      subject: { type: 'user', id: user.user.id },
    });
  });

  test('a password change records account.password_changed; refusals record nothing', async () => {
    const user = await buildUser(t);
    await expectRefusedWithoutEvents([
      [401, () => json(null, 'POST', 'account/change-password', { old_password: user.password, new_password: NEW_PASSWORD })],
      [400, () => json(user, 'POST', 'account/change-password', { old_password: 'wrong-password-here', new_password: NEW_PASSWORD })],
      [422, () => json(user, 'POST', 'account/change-password', { old_password: user.password, new_password: 'short' })],
    ]);

    const changed = await json(user, 'POST', 'account/change-password', { old_password: user.password, new_password: NEW_PASSWORD });
    expect(changed.statusCode).toBe(200);
    const event = await onlyEvent(user.user.organisationId, 'account.password_changed');
    expect(event).toMatchObject({ actorUserId: user.user.id, subject: { type: 'user', id: user.user.id }, data: {} });
    expect(JSON.stringify(event)).not.toContain(NEW_PASSWORD);
  });
});

describe('chat', () => {
  test('deleting a conversation records chat.conversation_deleted; refusals record nothing', async () => {
    const user = await buildUser(t);
    const outsider = await buildUser(t);
    const guest = await buildUser(t, { roles: ['guest'], organisationId: user.user.organisationId });
    const created = await json(user, 'POST', 'chat/sessions', {});
    expect(created.statusCode).toBe(201);
    const sessionId = created.json<{ id: string }>().id;
    await expectRefusedWithoutEvents([
      [401, () => json(null, 'DELETE', `chat/sessions/${sessionId}`)],
      [403, () => json(guest, 'DELETE', `chat/sessions/${sessionId}`)],
      [404, () => json(outsider, 'DELETE', `chat/sessions/${sessionId}`)],
      [404, () => json(user, 'DELETE', `chat/sessions/${newId()}`)],
      [422, () => json(user, 'DELETE', 'chat/sessions/not-an-id')],
    ]);

    expect((await json(user, 'DELETE', `chat/sessions/${sessionId}`)).statusCode).toBe(204);
    expect(await onlyEvent(user.user.organisationId, 'chat.conversation_deleted')).toMatchObject({
      actorUserId: user.user.id,
      subject: { type: 'chat_session', id: sessionId },
      data: {},
    });
  });
});

describe('documents', () => {
  test('marking and unmarking a favourite record one event each; repeats and refusals record nothing', async () => {
    const user = await buildUser(t);
    const guest = await buildUser(t, { roles: ['guest'], organisationId: user.user.organisationId });
    const other = await buildUser(t);
    const documentId = await buildDocument(t, { code: `EV-${++counter}`, filename: `ev-${counter}.md` });
    const theirs = await buildDocument(t, {
      code: `EV-${++counter}`,
      filename: `ev-${counter}.md`,
      organisationId: other.user.organisationId,
    });
    const favourite = (like: boolean, id = documentId, who: TestUser | null = user) =>
      json(who, 'POST', 'docs/set_favourite', { external_id: id, like });
    await expectRefusedWithoutEvents([
      [401, () => favourite(true, documentId, null)],
      [403, () => favourite(true, documentId, guest)],
      [404, () => favourite(true, theirs)],
      [422, () => json(user, 'POST', 'docs/set_favourite', { like: 'yes' })],
      // Unliking a document that is not a favourite changes nothing.
      [200, () => favourite(false)],
    ]);

    expect((await favourite(true)).statusCode).toBe(200);
    await expectRefusedWithoutEvents([[200, () => favourite(true)]]);
    expect((await favourite(false)).statusCode).toBe(200);
    const recorded = await listEvents({ db: t.db, organisationId: user.user.organisationId, kind: 'documents.favourite_set' });
    expect(recorded.map((event) => [event.actorUserId, event.subject, event.data])).toEqual([
      [user.user.id, { type: 'document', id: documentId }, { like: true }],
      [user.user.id, { type: 'document', id: documentId }, { like: false }],
    ]);
  });

  test('a document ingested through the API records documents.ingested for the shared library, naming its job', async () => {
    const worker = createJobWorker({
      db: t.db,
      handlers: { [INGEST_JOB_KIND]: ingestJobHandler },
      pollIntervalMs: 60_000,
      staleAfterMs: 15 * 60_000,
      retryBaseMs: 30_000,
    });
    const filename = `api-${newId()}.md`;
    const fields = (file: Blob) => ({ file, category: 'Policy', domain: 'Water', subdomain: 'Legionella' });
    const markdown = new File(['# Water plan\n\nOutlets are flushed weekly.\n'], filename);
    await expectRefusedWithoutEvents([
      [401, () => form('ingest/documents', fields(markdown))],
      [
        422,
        () => form('ingest/documents', fields(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'x.png')), { token: INGESTION_TOKEN }),
      ],
    ]);

    const accepted = await form('ingest/documents', fields(markdown), { token: INGESTION_TOKEN });
    expect(accepted.statusCode).toBe(202);
    const jobId = accepted.json<IngestDocumentResponse>().job_id;
    while (await worker.runOnce()) {
      // Drain the queue.
    }
    const ingested = (await listEvents({ db: t.db, organisationId: null, kind: 'documents.ingested' })).filter(
      (event) => event.data.filename === filename,
    );
    expect(ingested).toHaveLength(1);
    expect(ingested[0]).toMatchObject({ organisationId: null, actorUserId: null, data: { via: 'api', job_id: jobId, filename } });
    expect(ingested[0]?.subject).toEqual({ type: 'document', id: expect.stringMatching(/^[0-9A-Z]{26}$/) });

    // The same file again is stored already: its job changes nothing, so records nothing.
    const before = await totalEvents();
    expect((await form('ingest/documents', fields(markdown), { token: INGESTION_TOKEN })).statusCode).toBe(202);
    while (await worker.runOnce()) {
      // Drain the queue.
    }
    expect(await totalEvents()).toBe(before);
  });

  test('a document ingested from the command line records documents.ingested; an unchanged file records nothing', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'verity-events-'));
    try {
      const filename = `cli-${newId()}.md`;
      const path = join(folder, filename);
      await writeFile(path, '# Fire notice\n\nKeep fire doors shut.\n');
      const metadata = { category: 'Policy', domain: 'Fire', subdomain: 'Fire safety' };
      const first = await ingestFile({ db: t.db, path, metadata, maxBytes: 1_000_000 });
      expect(first.outcome).toBe('ingested');
      const before = await totalEvents();
      expect((await ingestFile({ db: t.db, path, metadata, maxBytes: 1_000_000 })).outcome).toBe('unchanged');
      expect(await totalEvents()).toBe(before);
      const ingested = (await listEvents({ db: t.db, organisationId: null, kind: 'documents.ingested' })).filter(
        (event) => event.data.filename === filename,
      );
      expect(ingested.map((event) => [event.subject, event.data, event.actorUserId])).toEqual([
        [{ type: 'document', id: first.documentId }, { via: 'cli', filename }, null],
      ]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('recordEvent', () => {
  test('refuses data its kind does not declare, so no text or secret can be stored by accident', async () => {
    const user = await buildUser(t);
    const before = await totalEvents();
    const smuggled = { like: true, question: 'What is our fire policy?' } as unknown as { like: boolean };
    await expect(
      recordEvent(t.db, {
        kind: 'documents.favourite_set',
        organisationId: user.user.organisationId,
        actorUserId: user.user.id,
        subject: { type: 'document', id: newId() },
        data: smuggled,
      }),
    ).rejects.toThrow();
    expect(await totalEvents()).toBe(before);
  });

  test('an event that cannot be written rolls back the change it records', async () => {
    const app = await buildTestApp();
    try {
      // Every profile event now fails, after the profile row has been updated in the same transaction.
      await app.db.execute(sql`alter table events add constraint reject_profile_events check (kind <> 'account.profile_updated')`);
      const user = await buildUser(app);
      const response = await app.app.inject({
        method: 'POST',
        url: '/api/account/update',
        headers: user.headers,
        payload: { firstname: 'Changed', surname: 'Name', job_title: 'Changed title' },
      });
      expect(response.statusCode).toBe(500);
      const [row] = await app.db.select().from(users).where(eq(users.id, user.user.id));
      expect(row).toMatchObject({ firstname: user.user.firstname, surname: user.user.surname, jobTitle: user.user.jobTitle });
      expect(await totalEvents(app)).toBe(0);
    } finally {
      await app.close();
    }
  });
});
