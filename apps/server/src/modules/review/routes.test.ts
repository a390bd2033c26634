import {
  type ApiErrorBody,
  ERROR_CODES,
  type Review,
  type ReviewFinding,
  type ReviewJob,
  type ReviewList,
  type ReviewSummary,
} from '@verity/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { events, jobs, notifications, reviewFindings, reviews } from '../../db/schema.ts';
import { ingestSeedCorpus } from '../../ingest/corpus.ts';
import { builtinReviewEngine } from '../../review/engine.ts';
import { REVIEW_JOB_KIND, reviewJobHandler } from './job.ts';
import { createJobWorker, type JobWorker, PermanentJobError } from '../../jobs/worker.ts';
import { newId } from '../../lib/ids.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { listEvents } from '../../test/events.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';
import { accepted, LV_POLICY, postPolicy, readReview, reviewWorker, storedReview } from '../../test/review.ts';
import { buildDocx, buildEncryptedPdf, buildPdf, buildScannedPdf } from '../../test/sample-files.ts';
import { drain } from '../../test/write.ts';

const MAX_BYTES = 200_000;
const MAX_CHARACTERS = 20_000;
const OUTDATED = 'HTM 06-02 (2006)';

let t: TestApp;
let worker: JobWorker;
let author: TestUser;
let colleague: TestUser;
let guest: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  t = await buildTestApp({
    REVIEW_MAX_BYTES: String(MAX_BYTES),
    REVIEW_MAX_CHARACTERS: String(MAX_CHARACTERS),
    REVIEW_RATE_LIMIT_PER_HOUR: '1000',
  });
  await ingestSeedCorpus({ db: t.db });
  worker = reviewWorker(t);
  author = await buildUser(t);
  colleague = await buildUser(t, { organisationId: author.user.organisationId });
  guest = await buildUser(t, { roles: ['guest'], organisationId: author.user.organisationId });
  outsider = await buildUser(t, { roles: ['standard', 'champion', 'verity_admin'] });
});

afterAll(async () => {
  await t.close();
});

const file = (content: string | Uint8Array, name: string) =>
  new File([typeof content === 'string' ? content : new Uint8Array(content)], name);

const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/review${url}`, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });

/** Uploads the policy as the author, runs its job, and answers the review as its author then sees it. */
async function reviewed(content = LV_POLICY, name = 'lv-policy.md', previousId?: string): Promise<Review> {
  const created = accepted(await postPolicy(t, author, { file: file(content, name) }, previousId));
  await drain(worker);
  return readReview(t, author, created.id);
}

async function rowCounts() {
  const [stored] = await t.db.select({ n: count() }).from(reviews);
  const [found] = await t.db.select({ n: count() }).from(reviewFindings);
  const [queued] = await t.db.select({ n: count() }).from(jobs);
  const [recorded] = await t.db.select({ n: count() }).from(events);
  return { reviews: stored?.n, findings: found?.n, jobs: queued?.n, events: recorded?.n };
}

const outdatedFinding = (review: Review) => review.findings.find((finding) => finding.category === 'outdated_reference');

describe('reviewing a policy', () => {
  test('a Markdown policy: 202 at once, then the job stores located findings with the library’s evidence', async () => {
    const response = await postPolicy(t, author, { file: file(LV_POLICY, 'lv-policy.md') });
    const created = accepted(response);
    expect(response.headers.location).toBe(`/api/review/reviews/${created.id}`);
    expect(created.status).toBe('queued');

    const before = await readReview(t, author, created.id);
    expect(before).toMatchObject({
      status: 'reviewing',
      format: 'markdown',
      findings: [],
      abilities: { decide_findings: true, share: true, export: true, new_version: true, delete: true },
      job_id: created.job_id,
      comparison: null,
    });
    expect(before.elements.length).toBeGreaterThan(5);
    const queued = await call(author, 'GET', `/jobs/${created.job_id}`);
    expect(queued.json<ReviewJob>()).toMatchObject({ status: 'queued', progress: { stage: 'queued' }, review_id: created.id });

    await drain(worker);
    const job = (await call(author, 'GET', `/jobs/${created.job_id}`)).json<ReviewJob>();
    const review = await readReview(t, author, created.id);
    expect(job).toMatchObject({ status: 'succeeded', progress: { stage: 'done', findings: review.findings.length } });
    expect(review).toMatchObject({
      status: 'ready',
      title: 'Low Voltage Electrical Safety Policy',
      filename: 'lv-policy.md',
      page_count: null,
    });

    const outdated = outdatedFinding(review) as ReviewFinding;
    expect(outdated).toMatchObject({ quote: OUTDATED, status: 'open', section: '4. Procedure', page: null, decided_at: null });
    const quoted = review.elements[outdated.location?.element ?? -1];
    expect(quoted?.heading_path).toContain('4. Procedure');
    expect(quoted?.text.slice(outdated.location?.start, outdated.location?.end)).toBe(OUTDATED);
    expect(outdated.evidence.length).toBeGreaterThan(0);
    for (const evidence of outdated.evidence) {
      expect(evidence.title).not.toBe('');
      expect(evidence.element_ids.length).toBeGreaterThan(0);
      expect(evidence.excerpt?.length).toBeGreaterThan(0);
    }
    // Findings of what is absent have no location.
    expect(review.findings.some((finding) => finding.category === 'missing_section' && finding.location === null)).toBe(true);
    const open = review.findings.length;
    expect(review.counts).toMatchObject({ open, accepted: 0, dismissed: 0 });
    expect(review.counts.high + review.counts.medium + review.counts.low).toBe(open);

    const completed = await listEvents({ db: t.db, organisationId: author.user.organisationId, kind: 'review.completed' });
    const mine = completed.filter((event) => event.subject.id === created.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ tool: 'review', actorUserId: author.user.id, data: { engine: 'builtin', findings: open } });
    expect(mine[0]?.documentIds.length).toBeGreaterThan(0);
  });

  test.each([
    ['PDF', async () => file(await buildPdf(), 'fire-policy.pdf'), 'pdf'],
    ['Word', async () => file(await buildDocx(), 'fire-policy.docx'), 'docx'],
    ['plain text', async () => file(LV_POLICY.replace(/#+ /g, ''), 'lv-policy.txt'), 'text'],
  ])('a %s policy is read by its content and reviewed', async (_name, make, format) => {
    const created = accepted(await postPolicy(t, author, { file: await make() }));
    await drain(worker);
    const read = await readReview(t, author, created.id);
    expect(read).toMatchObject({ status: 'ready', format });
    if (format === 'pdf') {
      expect(read.page_count).toBe(2);
      expect(read.elements.some((element) => element.page === 2)).toBe(true);
      const located = read.findings.find((finding) => finding.location !== null);
      if (located) expect(located.page).toEqual(expect.any(Number));
    }
    // The sample Word table marks no header row (no repeated header, no bold), and the page is told so.
    const table = read.elements.find((element) => element.type === 'table');
    if (format === 'docx') expect(table).toMatchObject({ header_row: false });
    else if (table) expect(table).not.toHaveProperty('header_row');
  });

  test('a title given with the file is kept', async () => {
    const created = accepted(await postPolicy(t, author, { file: file(LV_POLICY, 'lv.md'), title: '  Electrical safety (draft 2)  ' }));
    expect((await readReview(t, author, created.id)).title).toBe('Electrical safety (draft 2)');
    await drain(worker);
  });
});

describe('telling the author the review is ready', () => {
  const readyNotices = async () =>
    (await t.db.select().from(notifications).where(eq(notifications.userId, author.user.id))).filter(
      (row) => row.title === 'Your policy review is ready',
    );

  test('by a notification when nobody is watching its page, naming the findings by severity', async () => {
    const before = (await readyNotices()).length;
    const review = await reviewed();
    const notices = await readyNotices();
    expect(notices).toHaveLength(before + 1);
    expect(notices.at(-1)?.message).toMatch(
      new RegExp(`^“${review.title}” has \\d+ findings?: \\d+ high, \\d+ medium and \\d+ low severity\\.`),
    );
    expect(notices.at(-1)?.link).toBe(`/review/${review.id}`);
  });

  test('not while the author’s page is following the job', async () => {
    const before = (await readyNotices()).length;
    const created = accepted(await postPolicy(t, author, { file: file(LV_POLICY, 'lv-policy.md') }));
    expect((await call(author, 'GET', `/jobs/${created.job_id}`)).statusCode).toBe(200);
    await drain(worker);
    expect(await readyNotices()).toHaveLength(before);
  });
});

describe('a review that fails', () => {
  test('is marked failed with the reason, and has nothing to decide', async () => {
    const failing = createJobWorker({
      db: t.db,
      handlers: {
        [REVIEW_JOB_KIND]: {
          ...reviewJobHandler({ engine: builtinReviewEngine }),
          run: async () => {
            throw new PermanentJobError('The library could not be read.');
          },
        },
      },
      pollIntervalMs: 60_000,
      staleAfterMs: 15 * 60_000,
      retryBaseMs: 30_000,
    });
    const created = accepted(await postPolicy(t, author, { file: file(LV_POLICY, 'lv.md') }));
    await drain(failing);
    expect((await call(author, 'GET', `/jobs/${created.job_id}`)).json<ReviewJob>()).toMatchObject({
      status: 'failed',
      error: 'The library could not be read.',
    });
    expect(await readReview(t, author, created.id)).toMatchObject({
      status: 'failed',
      error: 'The library could not be read.',
      findings: [],
    });
    const decided = await call(author, 'PATCH', `/reviews/${created.id}/findings/${newId()}`, { status: 'accepted' });
    expect(decided.statusCode).toBe(409);
    expect(decided.json<ApiErrorBody>().message).toMatch(/failed/);
  });
});

describe('the list', () => {
  test('the author’s reviews, newest first, searched by title or file name', async () => {
    const first = accepted(await postPolicy(t, colleague, { file: file(LV_POLICY, 'wiring-rules.md') }));
    const second = accepted(await postPolicy(t, colleague, { file: file(LV_POLICY, 'lv.md'), title: 'Water hygiene policy' }));
    await drain(worker);
    const list = async (query = '') => (await call(colleague, 'GET', `/reviews${query}`)).json<ReviewList>();

    const all = await list();
    expect(all.reviews.map((review) => review.id)).toEqual([second.id, first.id]);
    expect(all).toMatchObject({ page: 1, page_size: 20, total: 2 });
    expect((await list('?q=WATER')).reviews.map((review) => review.id)).toEqual([second.id]);
    expect((await list('?q=wiring-rules')).reviews.map((review) => review.id)).toEqual([first.id]);
    expect((await list('?q=nothing%20like%20it')).total).toBe(0);
    // Nobody else's reviews are listed.
    expect((await call(guest, 'GET', '/reviews')).statusCode).toBe(403);
    expect((await call(outsider, 'GET', '/reviews')).json<ReviewList>().total).toBe(0);
  });
});

describe('deciding findings', () => {
  test('accept, dismiss with a reason, restore; the counts follow', async () => {
    const review = await reviewed();
    const finding = outdatedFinding(review) as ReviewFinding;
    const url = `/reviews/${review.id}/findings/${finding.id}`;

    const acceptedFinding = (await call(author, 'PATCH', url, { status: 'accepted' })).json<ReviewFinding>();
    expect(acceptedFinding).toMatchObject({ id: finding.id, status: 'accepted', dismiss_reason: null, decided_at: expect.any(String) });

    const noReason = await call(author, 'PATCH', url, { status: 'dismissed' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json<ApiErrorBody>().detail?.[0]?.loc).toEqual(['body', 'reason']);
    expect((await call(author, 'PATCH', url, { status: 'dismissed', reason: '   ' })).statusCode).toBe(422);

    const dismissed = await call(author, 'PATCH', url, { status: 'dismissed', reason: 'We adopt the new edition next month.' });
    expect(dismissed.json<ReviewFinding>()).toMatchObject({ status: 'dismissed', dismiss_reason: 'We adopt the new edition next month.' });
    const afterDismiss = await readReview(t, author, review.id);
    expect(afterDismiss.counts.dismissed).toBe(1);
    expect(afterDismiss.counts.high + afterDismiss.counts.medium + afterDismiss.counts.low).toBe(review.findings.length - 1);

    const restored = (await call(author, 'PATCH', url, { status: 'open' })).json<ReviewFinding>();
    expect(restored).toMatchObject({ status: 'open', dismiss_reason: null, decided_at: null });
    expect((await readReview(t, author, review.id)).counts).toEqual(review.counts);
  });

  test('a review still running has nothing to decide: 409; a finding of another review 404', async () => {
    const running = accepted(await postPolicy(t, author, { file: file(LV_POLICY, 'lv.md') }));
    const other = await storedReview(t, author);
    expect((await call(author, 'PATCH', `/reviews/${running.id}/findings/${other.findingId}`, { status: 'accepted' })).statusCode).toBe(
      409,
    );
    await drain(worker);
    const done = await readReview(t, author, running.id);
    expect((await call(author, 'PATCH', `/reviews/${done.id}/findings/${other.findingId}`, { status: 'accepted' })).statusCode).toBe(404);
  });
});

describe('sharing', () => {
  test('shared: every member of the organisation reads it, guests included, read-only; unshared: only the author', async () => {
    const review = await reviewed();
    const finding = review.findings[0] as ReviewFinding;
    expect((await call(guest, 'GET', `/reviews/${review.id}`)).statusCode).toBe(404);
    expect((await call(colleague, 'GET', `/reviews/${review.id}`)).statusCode).toBe(404);

    const shared = await call(author, 'POST', `/reviews/${review.id}/share`);
    expect(shared.json<ReviewSummary>()).toMatchObject({ id: review.id, shared: true });
    const asGuest = await readReview(t, guest, review.id);
    // Only the author follows the job.
    expect(asGuest).toMatchObject({
      id: review.id,
      abilities: { decide_findings: false, share: false, export: false, new_version: false, delete: false },
      job_id: null,
    });
    expect(asGuest.findings).toHaveLength(review.findings.length);
    expect((await readReview(t, colleague, review.id)).abilities).toEqual({
      decide_findings: false,
      share: false,
      export: false,
      new_version: false,
      delete: false,
    });
    expect((await call(outsider, 'GET', `/reviews/${review.id}`)).statusCode).toBe(404);

    // Reading is all: a guest may not decide, a colleague's change is a missing review's.
    const decide = `/reviews/${review.id}/findings/${finding.id}`;
    expect((await call(guest, 'PATCH', decide, { status: 'accepted' })).statusCode).toBe(403);
    expect((await call(colleague, 'PATCH', decide, { status: 'accepted' })).statusCode).toBe(404);
    expect((await call(colleague, 'DELETE', `/reviews/${review.id}`)).statusCode).toBe(404);
    expect((await call(colleague, 'POST', `/reviews/${review.id}/share`)).statusCode).toBe(404);

    expect((await call(author, 'DELETE', `/reviews/${review.id}/share`)).json<ReviewSummary>().shared).toBe(false);
    expect((await call(guest, 'GET', `/reviews/${review.id}`)).statusCode).toBe(404);
    expect((await call(author, 'DELETE', `/reviews/${review.id}/share`)).json<ReviewSummary>().shared).toBe(false);
  });
});

describe('a new version of a policy', () => {
  test('shows what was fixed, what is new and what remains', async () => {
    const first = await reviewed();
    const revised = LV_POLICY.replace(OUTDATED, 'HTM 06-02');
    const second = await reviewed(revised, 'lv-policy-v2.md', first.id);

    expect(second.previous_id).toBe(first.id);
    const comparison = second.comparison;
    expect(comparison?.previous_id).toBe(first.id);
    expect(comparison?.fixed).toContainEqual(expect.objectContaining({ category: 'outdated_reference', quote: OUTDATED }));
    expect(outdatedFinding(second)).toBeUndefined();
    expect(comparison?.remaining_ids.length).toBeGreaterThan(0);
    expect([...(comparison?.new_ids ?? []), ...(comparison?.remaining_ids ?? [])].sort()).toEqual(
      second.findings.map((finding) => finding.id).sort(),
    );
    expect(comparison?.fixed.length).toBe(first.findings.length - (comparison?.remaining_ids.length ?? 0));
  });

  test('only of the author’s own review: anyone else’s is 404 and nothing is stored', async () => {
    const review = await storedReview(t, author, { shared: true });
    const before = await rowCounts();
    for (const other of [colleague, outsider]) {
      expect((await postPolicy(t, other, { file: file(LV_POLICY, 'lv.md') }, review.id)).statusCode).toBe(404);
    }
    expect((await postPolicy(t, author, { file: file(LV_POLICY, 'lv.md') }, newId())).statusCode).toBe(404);
    expect(await rowCounts()).toEqual(before);
  });
});

describe('deleting', () => {
  test('the review, its findings and its job’s address go; again is 404', async () => {
    const review = await reviewed();
    const [row] = await t.db.select({ jobId: reviews.jobId }).from(reviews).where(eq(reviews.id, review.id));
    expect((await call(outsider, 'DELETE', `/reviews/${review.id}`)).statusCode).toBe(404);
    expect((await call(author, 'DELETE', `/reviews/${review.id}`)).statusCode).toBe(204);
    expect((await call(author, 'GET', `/reviews/${review.id}`)).statusCode).toBe(404);
    expect((await call(author, 'DELETE', `/reviews/${review.id}`)).statusCode).toBe(404);
    expect((await call(author, 'GET', `/jobs/${row?.jobId}`)).statusCode).toBe(404);
    const [left] = await t.db.select({ n: count() }).from(reviewFindings).where(eq(reviewFindings.reviewId, review.id));
    expect(left?.n).toBe(0);
  });

  test('a review deleted before its job ran is skipped by the job', async () => {
    const created = accepted(await postPolicy(t, author, { file: file(LV_POLICY, 'lv.md') }));
    expect((await call(author, 'DELETE', `/reviews/${created.id}`)).statusCode).toBe(204);
    await drain(worker);
    const [job] = await t.db.select().from(jobs).where(eq(jobs.id, created.job_id));
    expect(job).toMatchObject({ status: 'succeeded', result: { review_id: created.id, reviewed: false } });
  });
});

describe('refusals', () => {
  async function expectRefused(
    user: TestUser | null,
    fields: Record<string, string | File>,
    status: number,
    expected: { code?: number; message?: RegExp } = {},
  ): Promise<ApiErrorBody> {
    const before = await rowCounts();
    const response = await postPolicy(t, user, fields);
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json<ApiErrorBody>();
    if (expected.code !== undefined) expect(body.error_code).toBe(expected.code);
    if (expected.message) expect(body.message).toMatch(expected.message);
    expect(await rowCounts()).toEqual(before);
    return body;
  }

  test('no session 401, a guest 403', async () => {
    await expectRefused(null, { file: file(LV_POLICY, 'lv.md') }, 401);
    await expectRefused(guest, { file: file(LV_POLICY, 'lv.md') }, 403);
    expect((await call(null, 'GET', '/reviews')).statusCode).toBe(401);
    expect((await call(null, 'GET', `/reviews/${newId()}`)).statusCode).toBe(401);
  });

  test('files that are not a readable policy: 422 (or 413) with a clear message, and nothing stored', async () => {
    const unsupported = ERROR_CODES.unsupportedDocument.code;
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    await expectRefused(author, { file: file('', 'empty.md') }, 422, { message: /empty/ });
    await expectRefused(author, { file: file(png, 'policy.pdf') }, 422, { code: unsupported, message: /image.*PDF, Word/ });
    await expectRefused(author, { file: file('<!doctype html><html><body>Policy</body></html>', 'policy.txt') }, 422, {
      code: unsupported,
      message: /web page/,
    });
    await expectRefused(author, { file: file(buildEncryptedPdf(), 'locked.pdf') }, 422, { message: /password/ });
    await expectRefused(author, { file: file(await buildScannedPdf(), 'scan.pdf') }, 422, { message: /no text layer.*OCR/ });
    await expectRefused(author, { file: file('\n \n\t\n', 'blank.txt') }, 422, { message: /no policy text/ });
    await expectRefused(author, { file: file(`# Big\n\n${'word '.repeat(MAX_CHARACTERS / 4)}`, 'big.md') }, 422, {
      message: /characters long.*at most 20,000/,
    });
    await expectRefused(author, { file: file('x'.repeat(MAX_BYTES + 1), 'huge.txt') }, 413, {
      code: ERROR_CODES.fileTooLarge.code,
      message: /limit for policies/,
    });
  });

  test('malformed forms and ids: 422 naming the field', async () => {
    await expectRefused(author, { title: 'No file' }, 422);
    await expectRefused(author, { file: file(LV_POLICY, 'lv.md'), title: 'x'.repeat(201) }, 422);
    const malformed = await call(author, 'GET', '/reviews/not-an-id');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json<ApiErrorBody>().detail?.[0]?.loc).toEqual(['params', 'id']);
    const review = await storedReview(t, author);
    expect((await call(author, 'PATCH', `/reviews/${review.id}/findings/nope`, { status: 'accepted' })).statusCode).toBe(422);
    expect((await call(author, 'PATCH', `/reviews/${review.id}/findings/${review.findingId}`, { status: 'done' })).statusCode).toBe(422);
    expect((await call(author, 'GET', '/jobs/12')).statusCode).toBe(422);
    expect((await call(author, 'GET', '/reviews?page=0')).statusCode).toBe(422);
  });

  test('another organisation’s review is missing to its users, and nothing changes', async () => {
    const review = await storedReview(t, author, { shared: true });
    const before = await rowCounts();
    expect((await call(outsider, 'GET', `/reviews/${review.id}`)).statusCode).toBe(404);
    expect((await call(outsider, 'PATCH', `/reviews/${review.id}/findings/${review.findingId}`, { status: 'accepted' })).statusCode).toBe(
      404,
    );
    expect((await call(outsider, 'POST', `/reviews/${review.id}/share`)).statusCode).toBe(404);
    expect((await call(outsider, 'DELETE', `/reviews/${review.id}/share`)).statusCode).toBe(404);
    expect((await call(outsider, 'DELETE', `/reviews/${review.id}`)).statusCode).toBe(404);
    expect(await rowCounts()).toEqual(before);
    expect((await readReview(t, author, review.id)).findings[0]?.status).toBe('open');
  });
});
