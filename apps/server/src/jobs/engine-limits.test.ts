import type { WriteFindings } from '@verity/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { jobs } from '../db/schema.ts';
import type { ReviewEngine } from '../review/types.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { buildUser, type TestUser } from '../test/factories.ts';
import { accepted, LV_POLICY, postPolicy, readReview } from '../test/review.ts';
import { drain, MEETING, postTranscript, writeDocument, writeWorker } from '../test/write.ts';
import { EngineLimitError, REVIEW_TOO_COMPLEX, WRITE_TOO_COMPLEX } from '../untrusted/pool.ts';
import type { WriteEngine } from '../write/types.ts';
import { REVIEW_JOB_KIND, reviewJobHandler } from '../modules/review/job.ts';
import { createJobWorker } from './worker.ts';

/**
 * A transcript or policy that the built-in engine cannot finish within the untrusted-work pool's
 * limits would fail the same way on every retry: its job fails at once, after one attempt, with
 * the sentence that says what to do, and the document or review shows it.
 */
let t: TestApp;
let user: TestUser;
let calls = 0;

beforeAll(async () => {
  t = await buildTestApp();
  user = await buildUser(t);
});

afterAll(async () => {
  await t.close();
});

describe('an engine ended by the pool limits fails its job once', () => {
  test('writing: one attempt, the document failed with the sentence', async () => {
    calls = 0;
    const engine: WriteEngine = {
      id: 'builtin',
      async findings(): Promise<WriteFindings> {
        calls += 1;
        throw new EngineLimitError(WRITE_TOO_COMPLEX);
      },
    };
    const worker = writeWorker(t, engine);
    const response = await postTranscript(t, user, { text: MEETING, kind: 'minutes' });
    expect(response.statusCode, response.body).toBe(202);
    const { external_id: id, job_id: jobId } = response.json<{ external_id: string; job_id: string }>();
    await drain(worker);
    expect(calls).toBe(1);
    const [job] = await t.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(job).toMatchObject({ status: 'failed', attempts: 1, error: WRITE_TOO_COMPLEX });
    expect(await writeDocument(t, user, id)).toMatchObject({ status: 'failed', error: WRITE_TOO_COMPLEX });
  });

  test('review: one attempt, the review failed with the sentence', async () => {
    calls = 0;
    const engine: ReviewEngine = {
      id: 'builtin',
      async review() {
        calls += 1;
        throw new EngineLimitError(REVIEW_TOO_COMPLEX);
      },
    };
    const worker = createJobWorker({
      db: t.db,
      handlers: { [REVIEW_JOB_KIND]: reviewJobHandler({ engine }) },
      pollIntervalMs: 60_000,
      staleAfterMs: 15 * 60_000,
      retryBaseMs: 0,
    });
    const created = accepted(await postPolicy(t, user, { file: new File([LV_POLICY], 'lv.md') }));
    await drain(worker);
    expect(calls).toBe(1);
    const [job] = await t.db.select().from(jobs).where(eq(jobs.id, created.job_id));
    expect(job).toMatchObject({ status: 'failed', attempts: 1, error: REVIEW_TOO_COMPLEX });
    expect(await readReview(t, user, created.id)).toMatchObject({ status: 'failed', error: REVIEW_TOO_COMPLEX });
  });
});
