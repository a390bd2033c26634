import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { jobs } from '../db/schema.ts';
import { claimNextJob, type JobRow, type JobSignal, requeueStaleJobs } from './queue.ts';

export interface JobContext {
  job: JobRow;
  db: Database;
  /** Saves progress for pollers; also renews the job's lock, so a long job is not taken for abandoned. */
  reportProgress(progress: unknown): Promise<void>;
}

export interface JobHandler {
  /** Does the work; the value returned becomes the job's result. */
  run(context: JobContext): Promise<unknown>;
  /** Runs in the transaction that marks the job succeeded (e.g. deleting an upload no longer needed). */
  onSucceeded?(tx: Database, job: JobRow): Promise<void>;
  /** Runs in the transaction that marks the job failed for good. */
  onFailed?(tx: Database, job: JobRow): Promise<void>;
}

/** A failure that retrying cannot fix: the job fails at once and this message is its error. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

interface WorkerLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface JobWorkerOptions {
  db: Database;
  handlers: Record<string, JobHandler>;
  signal?: JobSignal;
  log?: WorkerLog;
  pollIntervalMs: number;
  staleAfterMs: number;
  /** Delay before the first retry; each further retry waits twice as long (capped at an hour). */
  retryBaseMs: number;
  now?: () => Date;
}

export interface JobWorker {
  /** Requeues stale jobs, then works through the queue until stopped. */
  start(): void;
  /** Lets the job in hand finish, then stops; resolves when the worker is idle. */
  stop(): Promise<void>;
  /** Claims and runs one due job; false when none was due. Tests drive the worker with this. */
  runOnce(): Promise<boolean>;
  recoverStale(): Promise<{ requeued: number; failed: number }>;
}

const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;
const UNEXPECTED_RETRY = 'Something went wrong while processing this job. It will be tried again shortly.';
const UNEXPECTED_FINAL = 'Something went wrong while processing this job, and it failed on every attempt.';

/** The delay before retry after attempt `attempts` (1-based): base, 2 × base, 4 × base, … */
export function retryDelayMs(retryBaseMs: number, attempts: number): number {
  return Math.min(retryBaseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

/** Error details safe for the log: a failed query's message carries its parameters (document text), so never the message. */
function errorSummary(error: unknown): object {
  if (!(error instanceof Error)) return { type: typeof error };
  const cause = error.cause as { code?: unknown } | undefined;
  return { name: error.name, code: (error as { code?: unknown }).code ?? cause?.code };
}

export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const { db, handlers, log } = options;
  const now = options.now ?? (() => new Date());
  const kinds = Object.keys(handlers);
  let running = false;
  let loop: Promise<void> | undefined;
  let woken = false;
  let wake: (() => void) | undefined;
  let lastStaleCheck = 0;

  const onSignal = () => {
    woken = true;
    wake?.();
  };

  async function recoverStale() {
    const outcome = await requeueStaleJobs({ db, now: now(), staleAfterMs: options.staleAfterMs });
    if (outcome.requeued > 0 || outcome.failed > 0) log?.warn(outcome, 'stale jobs recovered');
    return outcome;
  }

  async function runOnce(): Promise<boolean> {
    woken = false;
    const job = await claimNextJob({ db, kinds, now: now() });
    if (!job) return false;
    const handler = handlers[job.kind];
    if (!handler) return false;
    // Only the claim that is still current may settle the job: a lock taken over as stale belongs to another run.
    const ours = and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts));
    const context: JobContext = {
      job,
      db,
      reportProgress: async (progress) => {
        const at = now();
        await db.update(jobs).set({ progress, lockedAt: at, updatedAt: at }).where(ours);
      },
    };
    const started = performance.now();
    try {
      const result = await handler.run(context);
      await db.transaction(async (tx) => {
        const settled = await tx
          .update(jobs)
          .set({ status: 'succeeded', result: result ?? null, error: null, lockedAt: null, updatedAt: now() })
          .where(ours)
          .returning({ id: jobs.id });
        if (settled.length > 0) await handler.onSucceeded?.(tx, job);
      });
      log?.info({ jobId: job.id, kind: job.kind, attempt: job.attempts, ms: Math.round(performance.now() - started) }, 'job succeeded');
    } catch (error) {
      const at = now();
      const fail = (message: string) =>
        db.transaction(async (tx) => {
          const settled = await tx
            .update(jobs)
            .set({ status: 'failed', error: message, lockedAt: null, updatedAt: at })
            .where(ours)
            .returning({ id: jobs.id });
          if (settled.length > 0) await handler.onFailed?.(tx, job);
        });
      if (error instanceof PermanentJobError) {
        await fail(error.message);
        log?.info({ jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job failed permanently');
      } else if (job.attempts >= job.maxAttempts) {
        await fail(UNEXPECTED_FINAL);
        log?.error({ jobId: job.id, kind: job.kind, attempt: job.attempts, error: errorSummary(error) }, 'job failed on its last attempt');
      } else {
        const runAt = new Date(at.getTime() + retryDelayMs(options.retryBaseMs, job.attempts));
        await db.update(jobs).set({ status: 'queued', error: UNEXPECTED_RETRY, runAt, lockedAt: null, updatedAt: at }).where(ours);
        log?.warn(
          { jobId: job.id, kind: job.kind, attempt: job.attempts, retryAt: runAt, error: errorSummary(error) },
          'job failed; retry scheduled',
        );
      }
    }
    return true;
  }

  async function idle(): Promise<void> {
    if (woken || !running) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, options.pollIntervalMs);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });
  }

  async function work(): Promise<void> {
    while (running) {
      let worked = false;
      try {
        if (Date.now() - lastStaleCheck >= Math.min(options.staleAfterMs / 2, 60_000)) {
          lastStaleCheck = Date.now();
          await recoverStale();
        }
        worked = await runOnce();
      } catch (error) {
        // The database may be briefly unreachable: keep polling rather than stop working for good.
        log?.error({ error: errorSummary(error) }, 'job worker could not reach the queue');
      }
      if (!worked) await idle();
    }
  }

  let unsubscribe: (() => void) | undefined;

  return {
    start() {
      if (running) return;
      running = true;
      lastStaleCheck = 0;
      unsubscribe = options.signal?.subscribe(onSignal);
      loop = work();
    },
    async stop() {
      running = false;
      unsubscribe?.();
      unsubscribe = undefined;
      wake?.();
      await loop;
      loop = undefined;
    },
    runOnce,
    recoverStale,
  };
}
