import type { Database } from '../db/connect.ts';
import { INGEST_JOB_KIND, ingestJobHandler } from '../ingest/job.ts';
import { createJobWorker, type JobWorker } from '../jobs/worker.ts';

/** A job worker that runs only ingestion, driven by the test with runOnce (optionally at a given time). */
export function ingestWorker(db: Database, now?: () => Date): JobWorker {
  return createJobWorker({
    db,
    handlers: { [INGEST_JOB_KIND]: ingestJobHandler },
    pollIntervalMs: 60_000,
    staleAfterMs: 15 * 60_000,
    retryBaseMs: 30_000,
    ...(now ? { now } : {}),
  });
}
