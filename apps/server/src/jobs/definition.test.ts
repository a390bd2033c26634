import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/connect.ts';
import { jobs } from '../db/schema.ts';
import { openTestDatabase } from '../test/database.ts';
import { DAMAGED_PAYLOAD, defineJob, enqueue, jobHandler } from './definition.ts';
import { enqueueJob } from './queue.ts';
import { createJobWorker } from './worker.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

const greeting = defineJob('test_greeting', z.object({ name: z.string().min(1), times: z.number().int().positive() }));

function workerFor(seen: { run: unknown[]; failed: unknown[]; succeeded: unknown[] }) {
  return createJobWorker({
    db: database.db,
    handlers: {
      [greeting.kind]: jobHandler(greeting, {
        async run({ payload }) {
          seen.run.push(payload);
          return { said: `${payload.name} `.repeat(payload.times).trim() };
        },
        async onSucceeded(_tx, _job, payload) {
          seen.succeeded.push(payload);
        },
        async onFailed(_tx, _job, payload) {
          seen.failed.push(payload);
        },
      }),
    },
    pollIntervalMs: 60_000,
    staleAfterMs: 15 * 60_000,
    retryBaseMs: 0,
  });
}

describe('typed job definitions', () => {
  test('a queued payload reaches the handler parsed, and its completion hook too', async () => {
    const seen = { run: [] as unknown[], failed: [] as unknown[], succeeded: [] as unknown[] };
    const job = await enqueue(greeting, { db: database.db, payload: { name: 'Sam', times: 2 }, maxAttempts: 3 });
    expect(job.kind).toBe('test_greeting');
    await workerFor(seen).runOnce();
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row?.status).toBe('succeeded');
    expect(row?.result).toEqual({ said: 'Sam Sam' });
    expect(seen).toEqual({ run: [{ name: 'Sam', times: 2 }], succeeded: [{ name: 'Sam', times: 2 }], failed: [] });
  });

  test('a stored payload that does not match fails the job at once with a sentence, and is never handed on', async () => {
    const seen = { run: [] as unknown[], failed: [] as unknown[], succeeded: [] as unknown[] };
    // Written around the definition, as a row from an older version or by hand would be.
    const job = await enqueueJob({ db: database.db, kind: greeting.kind, payload: { name: '', times: 'twice' }, maxAttempts: 5 });
    await workerFor(seen).runOnce();
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ status: 'failed', attempts: 1, error: DAMAGED_PAYLOAD });
    expect(seen).toEqual({ run: [], failed: [], succeeded: [] });
  });
});
