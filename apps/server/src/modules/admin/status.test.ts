import type { AuditResponse, OutboxResponse, SystemStatus } from '@verity/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { jobs, mailOutbox } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { VERSION } from '../../lib/version.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';
import { mailTo } from '../../test/outbox.ts';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildUser(t, { roles: ['verity_admin', 'standard'] });
});

afterAll(async () => {
  await t.close();
});

const get = (who: TestUser | null, url: string) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });

describe('system status', () => {
  test('the database, the engines, e-mail and the job queue as they are now', async () => {
    await t.db.insert(jobs).values([
      { id: newId(), kind: 'ingest', status: 'failed', maxAttempts: 5, attempts: 5, payload: {}, error: 'The file is not a PDF.' },
      { id: newId(), kind: 'ingest', status: 'queued', maxAttempts: 5, payload: {} },
    ]);
    // A request that sends an e-mail: without SMTP it is kept in the outbox.
    await buildUser(t, { verified: false }).then((person) =>
      t.app.inject({ method: 'POST', url: `/api/admin/users/${person.user.id}/resend-verification`, headers: admin.headers }),
    );
    await t.mailIdle();

    const response = await get(admin, '/api/admin/status');
    expect(response.statusCode, response.body).toBe(200);
    const status = response.json<SystemStatus>();
    expect(status.version).toBe(VERSION);
    expect(status.database.kind).toBe(t.database.kind === 'pglite' ? 'embedded' : 'postgresql');
    expect(status.database.migrations_applied).toBe(status.database.migrations_shipped);
    expect(status.database.migrations_shipped).toBeGreaterThan(20);
    expect(status.database.size_bytes).toBeGreaterThan(0);
    expect(status.database.server_version).toMatch(/^\d+/);
    expect(status.ai).toEqual({ configured: false, engine: 'Built-in engine (offline)', model: null, embeddings_model: null });
    expect(status.email).toMatchObject({ transport: 'outbox', last_sent_at: null, failed_last_day: 0 });
    expect(status.email.in_outbox).toBeGreaterThanOrEqual(1);
    expect(status.jobs).toMatchObject({ queued: 1, running: 0, failed: 1 });
    expect(status.jobs.recent_failures).toEqual([
      expect.objectContaining({ kind: 'ingest', error: 'The file is not a PDF.', attempts: 5 }),
    ]);
  });

  test('is for administrators only', async () => {
    const champion = await buildUser(t, { roles: ['standard', 'champion'] });
    expect((await get(champion, '/api/admin/status')).statusCode).toBe(403);
    expect((await get(null, '/api/admin/status')).statusCode).toBe(401);
  });
});

describe('the outbox', () => {
  test('lists e-mails without their text; a kept one is read, and the reading is in the audit log', async () => {
    const person = await buildUser(t, { verified: false });
    await t.app.inject({ method: 'POST', url: `/api/admin/users/${person.user.id}/resend-verification`, headers: admin.headers });
    await t.mailIdle();
    const [kept] = await mailTo(t, person.email);
    const list = (await get(admin, '/api/admin/outbox')).json<OutboxResponse>();
    const listedMessage = list.messages.find((message) => message.id === kept?.id);
    expect(listedMessage).toMatchObject({ to: person.email, transport: 'outbox', sent_at: null, failed: false });
    expect(JSON.stringify(list)).not.toContain('oobCode');

    const read = await get(admin, `/api/admin/outbox/${kept?.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json<{ text: string }>().text).toContain('oobCode=');
    const audit = (await get(admin, '/api/admin/audit?kind=mail.outbox_read')).json<AuditResponse>();
    expect(audit.entries[0]).toMatchObject({ actor: { id: admin.user.id }, data: { message_id: kept?.id, to: person.email } });
  });

  test('a message SMTP delivered is not shown; unknown 404; malformed 422; only administrators', async () => {
    const id = newId();
    await t.db.insert(mailOutbox).values({
      id,
      toAddress: 'someone@example.org',
      subject: 'Reset your password',
      textBody: 'https://verity.test/auth/action-handler?mode=resetPassword&oobCode=secret',
      transport: 'smtp',
      sentAt: new Date(),
    });
    expect((await get(admin, `/api/admin/outbox/${id}`)).statusCode).toBe(409);
    expect((await get(admin, '/api/admin/outbox/no-such-message')).statusCode).toBe(404);
    expect((await get(admin, '/api/admin/outbox?page=0')).statusCode).toBe(422);
    const champion = await buildUser(t, { roles: ['standard', 'champion'] });
    expect((await get(champion, '/api/admin/outbox')).statusCode).toBe(403);
    expect((await get(champion, `/api/admin/outbox/${id}`)).statusCode).toBe(403);
    expect((await get(null, '/api/admin/outbox')).statusCode).toBe(401);
    const audit = (await get(admin, '/api/admin/audit?kind=mail.outbox_read')).json<AuditResponse>();
    expect(audit.entries.some((entry) => entry.data.message_id === id)).toBe(false);
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row?.transport).toBe('smtp');
  });
});
