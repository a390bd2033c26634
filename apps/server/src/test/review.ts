/**
 * Helpers for tests of the policy review assistant: a short policy of our own, uploads through the
 * HTTP API, a worker that runs the review jobs, and a finished review stored directly (for tests
 * about access rather than reviewing).
 */
import type { CreateReviewResponse, Review } from '@verity/shared';
import { expect } from 'vitest';
import { reviewFindings, reviews } from '../db/schema.ts';
import { builtinReviewEngine } from '../review/engine.ts';
import { REVIEW_JOB_KIND, reviewJobHandler } from '../modules/review/job.ts';
import { READY_NOTICE_JOB_KIND, readyNoticeJobHandler } from '../jobs/ready-notice.ts';
import { createJobWorker, type JobWorker } from '../jobs/worker.ts';
import { newId } from '../lib/ids.ts';
import type { TestApp } from './app.ts';
import type { TestUser } from './factories.ts';
import { type MultipartValue, multipart } from './multipart.ts';

/** A short low voltage electrical safety policy that relies on a superseded edition of its guidance. */
export const LV_POLICY = [
  '# Low Voltage Electrical Safety Policy',
  '',
  '## 1. Purpose',
  '',
  'This policy sets out how the Trust keeps its low voltage electrical installations safe for patients, staff and visitors.',
  '',
  '## 2. Scope',
  '',
  'It applies to every building the Trust owns or occupies and to all contractors working on fixed wiring.',
  '',
  '## 3. Roles and responsibilities',
  '',
  'The Director of Estates is accountable for electrical safety. The Authorised Person (LV) issues permits for work on low voltage systems.',
  '',
  '## 4. Procedure',
  '',
  'All work on low voltage systems follows HTM 06-02 (2006) and the permit-to-work procedure.',
  '',
  '## 5. Training',
  '',
  'Authorised Persons attend refresher training every three years.',
  '',
].join('\n');

/** POST a policy to /api/review/reviews (or, with `previousId`, as a new version of that review) as the user (no token for null). */
export async function postPolicy(t: TestApp, user: TestUser | null, fields: Record<string, MultipartValue>, previousId?: string) {
  const body = await multipart(fields);
  return t.app.inject({
    method: 'POST',
    url: previousId ? `/api/review/reviews/${previousId}/versions` : '/api/review/reviews',
    headers: { ...(user?.headers ?? {}), ...body.headers },
    payload: body.payload,
  });
}

/** A worker for the review jobs and their ready notices (due at once), driven by the test (`drain` in test/write.ts). */
export function reviewWorker(t: TestApp): JobWorker {
  return createJobWorker({
    db: t.db,
    handlers: {
      [REVIEW_JOB_KIND]: reviewJobHandler({ engine: builtinReviewEngine, readyNoticeDelayMs: 0 }),
      [READY_NOTICE_JOB_KIND]: readyNoticeJobHandler(),
    },
    pollIntervalMs: 60_000,
    staleAfterMs: 15 * 60_000,
    retryBaseMs: 30_000,
  });
}

/** GET /api/review/reviews/{id} as the user, which must succeed. */
export async function readReview(t: TestApp, user: TestUser, id: string): Promise<Review> {
  const response = await t.app.inject({ method: 'GET', url: `/api/review/reviews/${id}`, headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Review>();
}

/** The upload's answer, which must be a 202. */
export function accepted(response: { statusCode: number; body: string; json<T>(): T }): CreateReviewResponse {
  expect(response.statusCode, response.body).toBe(202);
  return response.json<CreateReviewResponse>();
}

/**
 * A finished review of the owner's (ready, with one open finding), stored directly, so a user of
 * any role can hold one. Answers the review's and the finding's ids.
 */
export async function storedReview(
  t: TestApp,
  owner: TestUser,
  options: { shared?: boolean } = {},
): Promise<{ id: string; findingId: string }> {
  const id = newId();
  const findingId = newId();
  await t.db.insert(reviews).values({
    id,
    organisationId: owner.user.organisationId,
    userId: owner.user.id,
    title: 'Low Voltage Electrical Safety Policy',
    filename: 'lv-policy.md',
    format: 'markdown',
    elements: [
      { index: 0, type: 'title', text: 'Low Voltage Electrical Safety Policy', page: 1, heading_path: [] },
      {
        index: 1,
        type: 'paragraph',
        text: 'All work follows HTM 06-02 (2006).',
        page: 1,
        heading_path: ['Low Voltage Electrical Safety Policy'],
      },
    ],
    status: 'ready',
    shared: options.shared ?? false,
    engine: 'builtin',
  });
  await t.db.insert(reviewFindings).values({
    id: findingId,
    reviewId: id,
    ordinal: 0,
    category: 'outdated_reference',
    severity: 'medium',
    quote: 'HTM 06-02 (2006)',
    location: { element: 1, start: 17, end: 33 },
    expected: 'HTM 06-02',
    explanation: 'The 2006 edition has been replaced.',
    suggestion: 'Refer to the current edition.',
    evidence: [],
  });
  return { id, findingId };
}
