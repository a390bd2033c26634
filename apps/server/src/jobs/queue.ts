import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { jobs } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';

export type JobRow = typeof jobs.$inferSelect;

/**
 * In-process wake-up: enqueueing notifies, the worker listens, so a new job starts at once
 * instead of at the next poll. Other processes still find it by polling.
 */
export interface JobSignal {
  notify(): void;
  subscribe(listener: () => void): () => void;
}

export function createJobSignal(): JobSignal {
  const listeners = new Set<() => void>();
  return {
    notify: () => {
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export async function enqueueJob(options: {
  db: Database;
  kind: string;
  payload: Record<string, unknown>;
  maxAttempts: number;
  progress?: unknown;
  signal?: JobSignal;
  /** Not before this time (by the workers' clock); now when absent. */
  runAt?: Date;
}): Promise<JobRow> {
  const [job] = await options.db
    .insert(jobs)
    .values({
      id: newId(),
      kind: options.kind,
      payload: options.payload,
      maxAttempts: options.maxAttempts,
      progress: options.progress ?? null,
      // Due by the workers' clock (claimNextJob compares run_at with the process's now, to the
      // millisecond): the database's now() is finer, so a job claimed within the millisecond it
      // was queued was not yet due.
      runAt: options.runAt ?? new Date(),
    })
    .returning();
  if (!job) throw new Error('job insert returned no row');
  options.signal?.notify();
  return job;
}

export async function findJob(options: { db: Database; id: string; kind: string }): Promise<JobRow | undefined> {
  const [job] = await options.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, options.id), eq(jobs.kind, options.kind)));
  return job;
}

/**
 * Takes the oldest due job of the given kinds and marks it running, in one statement. SKIP LOCKED
 * lets concurrent workers (other processes on PostgreSQL) each take a different job.
 */
export async function claimNextJob(options: { db: Database; kinds: readonly string[]; now: Date }): Promise<JobRow | undefined> {
  const { db, kinds, now } = options;
  if (kinds.length === 0) return undefined;
  const next = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, now), inArray(jobs.kind, [...kinds])))
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [job] = await db
    .update(jobs)
    .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, lockedAt: now, updatedAt: now })
    .where(inArray(jobs.id, next))
    .returning();
  return job;
}

/**
 * Running jobs whose process died: their lock is older than `staleAfterMs` (a live worker renews
 * it while the job runs), or — with `all`, when the caller knows it is the only process on this
 * database and has just started — every running job.
 */
export async function abandonedJobs(options: {
  db: Database;
  kinds: readonly string[];
  now: Date;
  staleAfterMs: number;
  all?: boolean;
}): Promise<JobRow[]> {
  const { db, kinds } = options;
  if (kinds.length === 0) return [];
  const cutoff = new Date(options.now.getTime() - options.staleAfterMs);
  const running = and(eq(jobs.status, 'running'), inArray(jobs.kind, [...kinds]));
  return db
    .select()
    .from(jobs)
    .where(options.all ? running : and(running, lt(jobs.lockedAt, cutoff)))
    .orderBy(asc(jobs.id));
}
