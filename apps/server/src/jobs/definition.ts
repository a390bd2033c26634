/**
 * A kind of background job, typed: its name and the zod schema of its payload. The payload is
 * checked when the job is queued (by the compiler: `enqueue` takes only the definition's type) and
 * parsed when it is claimed, so a handler reads a typed value rather than casting the stored JSON;
 * a stored payload that does not match (a row written by hand, or by an older version that has
 * since changed the shape) fails the job at once with a sentence instead of running on bad data.
 */
import type { z } from 'zod';
import type { Database } from '../db/connect.ts';
import { enqueueJob, type JobRow, type JobSignal } from './queue.ts';
import { type JobContext, type JobFailure, type JobHandler, PermanentJobError } from './worker.ts';

export interface JobDefinition<P> {
  kind: string;
  payload: z.ZodType<P>;
}

export function defineJob<P>(kind: string, payload: z.ZodType<P>): JobDefinition<P> {
  return { kind, payload };
}

/** The payload type of a job definition. */
export type JobPayload<D> = D extends JobDefinition<infer P> ? P : never;

export const DAMAGED_PAYLOAD = 'This job’s stored details could not be read, so it was not run. Start the task again.';

/** The job's payload as its definition reads it; null when it does not match. */
function readPayload<P>(definition: JobDefinition<P>, job: JobRow): P | null {
  const parsed = definition.payload.safeParse(job.payload);
  return parsed.success ? parsed.data : null;
}

/** Queues a job of the definition's kind with a payload of its type. */
export function enqueue<P extends Record<string, unknown>>(
  definition: JobDefinition<P>,
  options: { db: Database; payload: P; maxAttempts: number; progress?: unknown; signal?: JobSignal; runAt?: Date },
): Promise<JobRow> {
  return enqueueJob({ ...options, kind: definition.kind });
}

/** A handler that receives its job's payload parsed. */
export interface TypedJobHandler<P> {
  run(context: JobContext & { payload: P }): Promise<unknown>;
  onSucceeded?(tx: Database, job: JobRow, payload: P): Promise<void>;
  /** Not called for a job whose payload does not match: there is nothing it could name. */
  onFailed?(tx: Database, job: JobRow, payload: P, failure: JobFailure): Promise<void>;
  interruptedMessage?: string;
  sweep?: JobHandler['sweep'];
}

/** The worker's handler for a definition: the payload parsed on claim, and again for the completion hooks. */
export function jobHandler<P>(definition: JobDefinition<P>, handler: TypedJobHandler<P>): JobHandler {
  const { onSucceeded, onFailed } = handler;
  return {
    ...(handler.interruptedMessage === undefined ? {} : { interruptedMessage: handler.interruptedMessage }),
    ...(handler.sweep ? { sweep: handler.sweep } : {}),
    async run(context) {
      const payload = readPayload(definition, context.job);
      if (payload === null) throw new PermanentJobError(DAMAGED_PAYLOAD);
      return handler.run({ ...context, payload });
    },
    ...(onSucceeded
      ? {
          async onSucceeded(tx, job) {
            const payload = readPayload(definition, job);
            if (payload !== null) await onSucceeded(tx, job, payload);
          },
        }
      : {}),
    ...(onFailed
      ? {
          async onFailed(tx, job, failure) {
            const payload = readPayload(definition, job);
            if (payload !== null) await onFailed(tx, job, payload, failure);
          },
        }
      : {}),
  };
}
