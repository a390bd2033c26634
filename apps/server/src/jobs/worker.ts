import { and, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { jobs } from '../db/schema.ts';
import { abandonedJobs, claimNextJob, type JobRow, type JobSignal } from './queue.ts';

export interface JobContext {
  job: JobRow;
  db: Database;
  /** Saves progress for pollers; also renews the job's lock, so a long job is not taken for abandoned. */
  reportProgress(progress: unknown): Promise<void>;
  /** Aborted when the worker stops: the job has been put back in the queue, so its work may end early. */
  signal?: AbortSignal;
  /** The worker's log, for what a job does that an operator should know (ids and kinds only, never document text). */
  log?: WorkerLog;
}

export interface JobHandler {
  /** Does the work; the value returned becomes the job's result. */
  run(context: JobContext): Promise<unknown>;
  /** Runs in the transaction that marks the job succeeded (e.g. deleting an upload no longer needed). */
  onSucceeded?(tx: Database, job: JobRow): Promise<void>;
  /** Runs in the transaction that marks the job failed for good. */
  onFailed?(tx: Database, job: JobRow, failure: JobFailure): Promise<void>;
  /** The job's error when the process running it died; the generic INTERRUPTED otherwise. */
  interruptedMessage?: string;
  /**
   * Housekeeping, run with the check for abandoned jobs: removes what this kind keeps past its
   * use (an ingestion keeps a failed file for a retry for a while). Returns how many it removed.
   */
  sweep?(db: Database, now: Date): Promise<number>;
}

/**
 * How a job failed for good: `permanent` when its handler said a retry would fail the same way
 * (a PermanentJobError); false when it ran out of attempts or its process died.
 */
export interface JobFailure {
  permanent: boolean;
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
  /**
   * This is the only worker on the database (the embedded one, which a single process owns): at
   * start every job still running was left by a process that died, whatever the age of its lock.
   */
  exclusive?: boolean;
  now?: () => Date;
}

export interface JobWorker {
  /** Fails the jobs of dead processes, then works through the queue until stopped. */
  start(): void;
  /**
   * Puts the job in hand back in the queue without counting the attempt (a deploy or restart is
   * not the file's fault), tells its handler to stop, and resolves when the worker is idle.
   */
  stop(): Promise<void>;
  /** Claims and runs one due job; false when none was due. Tests drive the worker with this. */
  runOnce(): Promise<boolean>;
  /**
   * Fails the jobs whose process died while running them (see abandonedJobs). They are never
   * retried: a file that kills the process would otherwise kill it again on every attempt.
   */
  recoverStale(options?: { all?: boolean }): Promise<{ failed: number }>;
}

const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;
const UNEXPECTED_RETRY = 'Something went wrong while processing this job. It will be tried again shortly.';
const UNEXPECTED_FINAL = 'Something went wrong while processing this job, and it failed on every attempt.';
export const INTERRUPTED = 'The server stopped while running this job, so it was not tried again.';
/** How often a running job renews its lock, at most: well inside the stale threshold. */
const HEARTBEAT_MAX_MS = 60_000;

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
  let firstRecovery = false;
  /** The job this worker is running, with what stop() needs to hand it back. */
  let inHand: { job: JobRow; abort: AbortController } | undefined;

  const onSignal = () => {
    woken = true;
    wake?.();
  };

  async function recoverStale(recovery: { all?: boolean } = {}) {
    const at = now();
    const dead = await abandonedJobs({ db, kinds, now: at, staleAfterMs: options.staleAfterMs, all: recovery.all });
    let failed = 0;
    for (const job of dead) {
      // Never one this worker is running itself.
      if (inHand?.job.id === job.id) continue;
      const handler = handlers[job.kind];
      const settled = await db.transaction(async (tx) => {
        const rows = await tx
          .update(jobs)
          .set({ status: 'failed', error: handler?.interruptedMessage ?? INTERRUPTED, lockedAt: null, updatedAt: at })
          .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts)))
          .returning({ id: jobs.id });
        if (rows.length > 0) await handler?.onFailed?.(tx, job, { permanent: false });
        return rows.length > 0;
      });
      if (settled) {
        failed += 1;
        log?.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job failed: the process running it stopped');
      }
    }
    return { failed };
  }

  async function sweep(): Promise<void> {
    for (const [kind, handler] of Object.entries(handlers)) {
      const removed = await handler.sweep?.(db, now());
      if (removed) log?.info({ kind, removed }, 'job housekeeping removed what failed jobs kept');
    }
  }

  async function runOnce(): Promise<boolean> {
    woken = false;
    const job = await claimNextJob({ db, kinds, now: now() });
    if (!job) return false;
    const handler = handlers[job.kind];
    if (!handler) return false;
    const abort = new AbortController();
    inHand = { job, abort };
    try {
      await runJob({ ...options, now, job, handler, abort });
    } finally {
      inHand = undefined;
    }
    return true;
  }

  /** The job in hand back to the queue, its attempt not counted; whatever its handler does next settles nothing. */
  async function handBack(): Promise<void> {
    const current = inHand;
    if (!current) return;
    const { job } = current;
    const at = now();
    await db
      .update(jobs)
      .set({ status: 'queued', attempts: job.attempts - 1, lockedAt: null, runAt: at, updatedAt: at })
      .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts)))
      .catch((error: unknown) => log?.error({ jobId: job.id, error: errorSummary(error) }, 'could not return the job to the queue'));
    current.abort.abort(new Error('The job worker stopped.'));
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
          await recoverStale({ all: firstRecovery });
          firstRecovery = false;
          await sweep();
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
      firstRecovery = options.exclusive === true;
      unsubscribe = options.signal?.subscribe(onSignal);
      loop = work();
    },
    async stop() {
      running = false;
      unsubscribe?.();
      unsubscribe = undefined;
      wake?.();
      await handBack();
      await loop;
      loop = undefined;
    },
    runOnce,
    recoverStale,
  };
}

/**
 * Runs one claimed job with its handler and settles it: succeeded with its result, failed (at
 * once for a PermanentJobError, or on its last attempt) or queued again after the retry delay.
 * A job whose worker stopped meanwhile was handed back already and is left as it is.
 */
async function runJob(
  options: JobWorkerOptions & { now: () => Date; job: JobRow; handler: JobHandler; abort: AbortController },
): Promise<void> {
  const { db, log, now, job, handler, abort } = options;
  // Only the claim that is still current may settle the job: a lock taken over as stale belongs to another run.
  const ours = and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts));
  const context: JobContext = {
    job,
    db,
    signal: abort.signal,
    log,
    reportProgress: async (progress) => {
      const at = now();
      await db.update(jobs).set({ progress, lockedAt: at, updatedAt: at }).where(ours);
    },
  };
  // While the job runs its lock is renewed, so only a job whose process died ever looks stale.
  const heartbeat = setInterval(
    () => {
      db.update(jobs)
        .set({ lockedAt: now() })
        .where(ours)
        .catch(() => {});
    },
    Math.max(10, Math.min(options.staleAfterMs / 3, HEARTBEAT_MAX_MS)),
  );
  heartbeat.unref();
  const started = performance.now();
  try {
    const result = await handler.run(context).finally(() => clearInterval(heartbeat));
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
    if (abort.signal.aborted) {
      log?.info({ jobId: job.id, kind: job.kind }, 'job returned to the queue as the worker stopped');
      return;
    }
    await settleFailure({ ...options, ours, error });
  }
}

/** A run that threw: failed for good (with the handler's onFailed) or queued for a retry. */
async function settleFailure(
  options: JobWorkerOptions & { now: () => Date; job: JobRow; handler: JobHandler; ours: SQL | undefined; error: unknown },
): Promise<void> {
  const { db, log, job, handler, ours, error } = options;
  const at = options.now();
  const fail = (message: string, failure: JobFailure) =>
    db.transaction(async (tx) => {
      const settled = await tx
        .update(jobs)
        .set({ status: 'failed', error: message, lockedAt: null, updatedAt: at })
        .where(ours)
        .returning({ id: jobs.id });
      if (settled.length > 0) await handler.onFailed?.(tx, job, failure);
    });
  if (error instanceof PermanentJobError) {
    await fail(error.message, { permanent: true });
    log?.info({ jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job failed permanently');
  } else if (job.attempts >= job.maxAttempts) {
    await fail(UNEXPECTED_FINAL, { permanent: false });
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
