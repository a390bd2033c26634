import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { reviewFindings } from '../../db/schema.ts';
import { REVIEW_MAX_FINDINGS } from './job.ts';
import { newId } from '../../lib/ids.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';
import { readDocx } from '../../test/docx.ts';
import { storedReview } from '../../test/review.ts';

/** A review with thousands of findings failed its Word export ("Invalid string length"); a review now keeps at most REVIEW_MAX_FINDINGS, and that many export. */
let t: TestApp;
let author: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  author = await buildUser(t);
});

afterAll(async () => {
  await t.close();
});

describe('the Word report of a review with the most findings a review keeps', () => {
  test('is written in a few seconds and lists every finding', async () => {
    const { id } = await storedReview(t, author);
    const long = 'The policy names a role that the library does not. '.repeat(20);
    await t.db.insert(reviewFindings).values(
      Array.from({ length: REVIEW_MAX_FINDINGS - 1 }, (_, i) => ({
        id: newId(),
        reviewId: id,
        ordinal: i + 1,
        category: 'undefined_acronym' as const,
        severity: 'low' as const,
        quote: 'HTM 06-02 (2006)',
        location: { element: 1, start: 17, end: 33 },
        expected: `Define term ${i}`,
        explanation: `${long}Finding ${i}.`,
        suggestion: 'Spell it out at first use.',
        evidence: [],
      })),
    );
    const started = performance.now();
    const response = await t.app.inject({ method: 'GET', url: `/api/review/reviews/${id}/docx`, headers: author.headers });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(performance.now() - started).toBeLessThan(30_000);
    const { text } = await readDocx(response.rawPayload);
    expect(text).toContain(`Finding ${REVIEW_MAX_FINDINGS - 2}.`);
  });
});
