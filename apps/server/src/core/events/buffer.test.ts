import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf } from '../../db/connect.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { listEvents } from '../../test/events.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';
import { createEventBuffer } from './service.ts';

describe('EventBuffer', () => {
  let t: TestApp;
  let user: TestUser;
  const searched = (at = user) => ({
    kind: 'documents.searched' as const,
    organisationId: at.user.organisationId,
    actorUserId: at.user.id,
    subject: { type: 'user' as const, id: at.user.id },
    data: { results: 3, filtered: false },
    documentIds: [],
  });
  const usage = async (organisationId: string) =>
    rowsOf<{ wiki: number }>(await t.db.execute(sql`select wiki from usage_days where organisation_id = ${organisationId}`));

  beforeAll(async () => {
    t = await buildTestApp();
    user = await buildUser(t);
  });
  afterAll(async () => t.close());

  test('searches are written a moment later, in one batch, each with its own time and request address, and the rollups once', async () => {
    const before = Date.now();
    for (const remoteAddress of ['203.0.113.7', '198.51.100.2']) {
      const response = await t.app.inject({ method: 'GET', url: '/api/docs/search?q=water', headers: user.headers, remoteAddress });
      expect(response.statusCode).toBe(200);
    }
    await expect
      .poll(async () => (await listEvents({ db: t.db, organisationId: user.user.organisationId, kind: 'documents.searched' })).length, {
        timeout: 2_000,
        interval: 10,
      })
      .toBe(2);
    const rows = rowsOf<{ ip: string; created_at: string }>(
      await t.db.execute(
        sql`select ip, created_at::text from events where organisation_id = ${user.user.organisationId} and kind = 'documents.searched' order by ip`,
      ),
    );
    expect(rows.map((row) => row.ip)).toEqual(['198.51.100.2', '203.0.113.7']);
    for (const row of rows) expect(new Date(row.created_at).getTime()).toBeGreaterThanOrEqual(before - 5);
    expect(await usage(user.user.organisationId)).toEqual([{ wiki: 2 }]);
  });

  test('a full batch is written at once, flush writes the rest, and a batch that fails is logged without its content', async () => {
    const other = await buildUser(t);
    const log = { error: vi.fn() } as unknown as FastifyBaseLogger;
    const buffer = createEventBuffer({ db: t.db, log, flushMs: 60_000, maxEvents: 3 });
    const added = [0, 1, 2].map(() => buffer.add(searched(other)));
    await Promise.all(added);
    // A fourth while the full batch of three is being written is more than a batch behind: it waits.
    let settled = false;
    void buffer.add(searched(other)).then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await expect
      .poll(async () => (await listEvents({ db: t.db, organisationId: other.user.organisationId, kind: 'documents.searched' })).length, {
        timeout: 2_000,
        interval: 10,
      })
      .toBe(3);
    await buffer.flush();
    expect(settled).toBe(true);
    expect(await listEvents({ db: t.db, organisationId: other.user.organisationId, kind: 'documents.searched' })).toHaveLength(4);

    void buffer.add({ ...searched(other), data: { results: -1, filtered: 'no' } as never });
    await buffer.flush();
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(JSON.stringify((log.error as ReturnType<typeof vi.fn>).mock.calls)).not.toContain(other.user.id);
    expect(await listEvents({ db: t.db, organisationId: other.user.organisationId, kind: 'documents.searched' })).toHaveLength(4);
  });
});
