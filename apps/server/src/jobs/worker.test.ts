import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import type { DatabaseHandle } from '../db/connect.ts';
import { jobs } from '../db/schema.ts';
import { openTestDatabase } from '../test/database.ts';
import { claimNextJob, createJobSignal, enqueueJob } from './queue.ts';
import { createJobWorker, INTERRUPTED, type JobHandler, PermanentJobError, retryDelayMs } from './worker.ts';

let database: DatabaseHandle;
let clock: Date;
const now = () => new Date(clock);
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

const RETRY_BASE_MS = 30_000;
const STALE_AFTER_MS = 15 * 60_000;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

beforeEach(async () => {
  await database.db.delete(jobs);
  // Ahead of the database's own clock, so the default run_at (now) of a new job is already due.
  clock = new Date(Date.now() + 60_000);
});

function worker(handler: JobHandler, options: { signal?: ReturnType<typeof createJobSignal> } = {}) {
  return createJobWorker({
    db: database.db,
    handlers: { test_kind: handler },
    signal: options.signal,
    pollIntervalMs: 60_000,
    staleAfterMs: STALE_AFTER_MS,
    retryBaseMs: RETRY_BASE_MS,
    now,
  });
}

const enqueue = (maxAttempts = 3, payload: Record<string, unknown> = {}) =>
  enqueueJob({ db: database.db, kind: 'test_kind', payload, maxAttempts });

async function reload(id: string) {
  const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error(`job ${id} vanished`);
  return row;
}

describe('job worker', () => {
  test('runs a queued job once and records its result and progress; an empty queue runs nothing', async () => {
    const seen: unknown[] = [];
    const w = worker({
      run: async ({ job, reportProgress }) => {
        seen.push(job.payload);
        await reportProgress({ step: 'halfway' });
        return { answer: 42 };
      },
    });
    const job = await enqueue(3, { n: 1 });
    expect(job.status).toBe('queued');

    expect(await w.runOnce()).toBe(true);
    expect(await w.runOnce()).toBe(false);
    expect(seen).toEqual([{ n: 1 }]);
    const done = await reload(job.id);
    expect(done).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      result: { answer: 42 },
      progress: { step: 'halfway' },
      error: null,
      lockedAt: null,
    });
  });

  test('an unexpected error is retried with doubling backoff, then fails with a generic message', async () => {
    let calls = 0;
    const w = worker({
      run: async () => {
        calls++;
        throw new Error('insert into document_elements … params: confidential text');
      },
    });
    const job = await enqueue(3);

    expect(await w.runOnce()).toBe(true);
    let row = await reload(job.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lockedAt: null });
    expect(row.runAt.getTime()).toBe(clock.getTime() + RETRY_BASE_MS);
    expect(row.error).toMatch(/will be tried again/);
    expect(row.error).not.toContain('confidential');

    // Not due yet: nothing runs until the backoff has passed.
    advance(RETRY_BASE_MS - 1);
    expect(await w.runOnce()).toBe(false);
    advance(1);
    expect(await w.runOnce()).toBe(true);
    row = await reload(job.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 2 });
    expect(row.runAt.getTime()).toBe(clock.getTime() + 2 * RETRY_BASE_MS);

    advance(2 * RETRY_BASE_MS);
    expect(await w.runOnce()).toBe(true);
    row = await reload(job.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lockedAt: null });
    expect(row.error).toMatch(/failed on every attempt/);
    expect(calls).toBe(3);

    advance(60 * 60_000);
    expect(await w.runOnce()).toBe(false);
  });

  test('backoff doubles from the base and is capped at an hour', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(1000, attempt))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(RETRY_BASE_MS, 20)).toBe(60 * 60_000);
  });

  test('a permanent failure fails at once with its own message', async () => {
    const w = worker({
      run: async () => {
        throw new PermanentJobError('This PDF is password-protected.');
      },
    });
    const job = await enqueue(5);
    expect(await w.runOnce()).toBe(true);
    expect(await reload(job.id)).toMatchObject({ status: 'failed', attempts: 1, error: 'This PDF is password-protected.' });
    advance(60 * 60_000);
    expect(await w.runOnce()).toBe(false);
  });

  test('a job left running by a process that died is failed once stale, never run again', async () => {
    const job = await enqueue(3);
    // A worker claimed it and its process died: the lock stays behind.
    const claimed = await claimNextJob({ db: database.db, kinds: ['test_kind'], now: now() });
    expect(claimed?.id).toBe(job.id);

    let runs = 0;
    const failedRows: string[] = [];
    const w = worker({
      run: async () => {
        runs += 1;
        return { ok: true };
      },
      onFailed: async (_tx, row) => {
        failedRows.push(row.id);
      },
    });
    expect(await w.runOnce()).toBe(false);
    expect(await w.recoverStale()).toEqual({ failed: 0 });

    advance(STALE_AFTER_MS + 1);
    expect(await w.recoverStale()).toEqual({ failed: 1 });
    expect(await reload(job.id)).toMatchObject({ status: 'failed', attempts: 1, lockedAt: null, error: INTERRUPTED });
    expect(failedRows).toEqual([job.id]);
    expect(await w.runOnce()).toBe(false);
    expect(runs).toBe(0);
  });

  test("a handler's own message explains the interruption", async () => {
    const job = await enqueue(5);
    await claimNextJob({ db: database.db, kinds: ['test_kind'], now: now() });
    advance(STALE_AFTER_MS + 1);
    const w = worker({ run: async () => ({ ok: true }), interruptedMessage: 'The file was too much.' });
    expect(await w.recoverStale()).toEqual({ failed: 1 });
    expect(await reload(job.id)).toMatchObject({ status: 'failed', error: 'The file was too much.' });
  });

  test('an exclusive worker fails at start every job left running, however fresh its lock', async () => {
    const signal = createJobSignal();
    const left = await enqueue(5);
    await claimNextJob({ db: database.db, kinds: ['test_kind'], now: now() });
    const queued = await enqueue(5);
    const ran: string[] = [];
    let ranOne: () => void = () => {};
    const ranAll = new Promise<void>((resolve) => {
      ranOne = resolve;
    });
    const w = createJobWorker({
      db: database.db,
      handlers: {
        test_kind: {
          run: async ({ job }) => {
            ran.push(job.id);
            ranOne();
            return { ok: true };
          },
        },
      },
      signal,
      pollIntervalMs: 60_000,
      staleAfterMs: STALE_AFTER_MS,
      retryBaseMs: RETRY_BASE_MS,
      exclusive: true,
      now,
    });
    w.start();
    await ranAll;
    await vi.waitFor(async () => expect((await reload(queued.id)).status).toBe('succeeded'));
    await w.stop();
    expect(await reload(left.id)).toMatchObject({ status: 'failed', attempts: 1, error: INTERRUPTED });
    expect(await reload(queued.id)).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(ran).toEqual([queued.id]);
  });

  test('progress renews the lock, so a long job is not taken for abandoned', async () => {
    const job = await enqueue(3);
    const w = worker({
      run: async ({ reportProgress }) => {
        advance(STALE_AFTER_MS - 1000);
        await reportProgress({ step: 1 });
        advance(STALE_AFTER_MS - 1000);
        // Another worker's recovery pass runs now: the lock is fresh, so the job stays running.
        expect(await w.recoverStale()).toEqual({ failed: 0 });
        return { ok: true };
      },
    });
    expect(await w.runOnce()).toBe(true);
    expect(await reload(job.id)).toMatchObject({ status: 'succeeded' });
  });

  test('a running job renews its lock by itself, so a long step (a slow parse) never looks like a dead process', async () => {
    const job = await enqueue(3);
    // Real time (the heartbeat is a real timer), a minute ahead so the new job is due on either database's clock.
    const realNow = () => new Date(Date.now() + 60_000);
    const options = { db: database.db, pollIntervalMs: 60_000, staleAfterMs: 300, retryBaseMs: RETRY_BASE_MS, now: realNow };
    const other = createJobWorker({ ...options, handlers: { test_kind: { run: async () => ({}) } } });
    const w = createJobWorker({
      ...options,
      handlers: {
        test_kind: {
          run: async () => {
            // No progress reported for more than twice the stale threshold.
            for (let i = 0; i < 5; i++) {
              await new Promise((resolve) => setTimeout(resolve, 150));
              expect(await other.recoverStale()).toEqual({ failed: 0 });
            }
            return { ok: true };
          },
        },
      },
    });
    expect(await w.runOnce()).toBe(true);
    expect(await reload(job.id)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  test('concurrent claims never take the same job', async () => {
    const [a, b] = [await enqueue(), await enqueue()];
    const claims = await Promise.all([
      claimNextJob({ db: database.db, kinds: ['test_kind'], now: now() }),
      claimNextJob({ db: database.db, kinds: ['test_kind'], now: now() }),
      claimNextJob({ db: database.db, kinds: ['test_kind'], now: now() }),
    ]);
    const ids = claims.map((claim) => claim?.id).filter((id) => id !== undefined);
    expect(ids.sort()).toEqual([a?.id, b?.id].sort());
  });

  test('jobs of kinds without a handler are left alone', async () => {
    const other = await enqueueJob({ db: database.db, kind: 'someone_else', payload: {}, maxAttempts: 1 });
    const w = worker({ run: async () => ({}) });
    expect(await w.runOnce()).toBe(false);
    expect(await reload(other.id)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  test('started, it picks up a new job at once on the signal; stopping hands the job in hand back uncounted', async () => {
    const signal = createJobSignal();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: () => void = () => {};
    let signalOf: AbortSignal | undefined;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const w = worker(
      {
        run: async ({ signal: jobSignal }) => {
          signalOf ??= jobSignal;
          started();
          await gate;
          return { ok: true };
        },
      },
      { signal },
    );
    w.start();
    const job = await enqueueJob({ db: database.db, kind: 'test_kind', payload: {}, maxAttempts: 1, signal });
    // The poll interval is a minute: only the signal can have started it this soon.
    await running;
    let aborted = false;
    const stopping = w.stop();
    // The handler is told, and whatever it does next settles nothing.
    await vi.waitFor(() => expect(signalOf?.aborted).toBe(true));
    aborted = true;
    release();
    await stopping;
    expect(aborted).toBe(true);
    expect(await reload(job.id)).toMatchObject({ status: 'queued', attempts: 0, lockedAt: null });

    // The next start runs it as its first attempt.
    expect(await w.runOnce()).toBe(true);
    expect(await reload(job.id)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });
});
