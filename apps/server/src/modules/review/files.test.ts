import type { Review } from '@verity/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ingestSeedCorpus } from '../../ingest/corpus.ts';
import { parseFile } from '../../ingest/parse.ts';
import type { JobWorker } from '../../jobs/worker.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { readDocx } from '../../test/docx.ts';
import { listEvents } from '../../test/events.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';
import { pdfPagesFromDocx, SOFFICE, SOFFICE_MISSING } from '../../test/soffice.ts';
import { accepted, postPolicy, readReview, reviewWorker } from '../../test/review.ts';
import { drain } from '../../test/write.ts';

let t: TestApp;
let worker: JobWorker;
let author: TestUser;
let colleague: TestUser;
let outsider: TestUser;
/** The sample policy, reviewed, with one finding accepted and one dismissed. */
let review: Review;
let exported: Buffer;

const call = (user: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/review${url}`, headers: user.headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await buildTestApp({ REVIEW_RATE_LIMIT_PER_HOUR: '1000' });
  await ingestSeedCorpus({ db: t.db });
  worker = reviewWorker(t);
  author = await buildUser(t);
  colleague = await buildUser(t, { organisationId: author.user.organisationId });
  outsider = await buildUser(t);
  const sample = await t.app.inject({ method: 'GET', url: '/api/review/sample-policy' });
  const { id } = accepted(
    await postPolicy(t, author, { file: new File([new Uint8Array(sample.rawPayload)], 'Sample policy - Waste management.pdf') }),
  );
  await drain(worker);
  const reviewed = await readReview(t, author, id);
  const outdated = reviewed.findings.find((finding) => finding.category === 'outdated_reference');
  const acronym = reviewed.findings.find((finding) => finding.category === 'undefined_acronym');
  expect((await call(author, 'PATCH', `/reviews/${id}/findings/${outdated?.id}`, { status: 'accepted' })).statusCode).toBe(200);
  const dismiss = { status: 'dismissed', reason: 'EWC is defined in the waste procedures manual.' };
  expect((await call(author, 'PATCH', `/reviews/${id}/findings/${acronym?.id}`, dismiss)).statusCode).toBe(200);
  review = await readReview(t, author, id);
  const download = await call(author, 'GET', `/reviews/${id}/docx`);
  expect(download.statusCode, download.body).toBe(200);
  exported = download.rawPayload;
}, 120_000);

afterAll(async () => {
  await t.close();
});

describe('the sample policy', () => {
  test('is a real PDF of a waste-management policy, served to anyone', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/review/sample-policy' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('filename="Sample policy - Waste management.pdf"');
    const parsed = await parseFile({ bytes: new Uint8Array(response.rawPayload), filename: 'sample.pdf' });
    expect(parsed.format).toBe('pdf');
    expect(parsed.pageCount).toBeGreaterThanOrEqual(2);
    expect(parsed.elements.filter((element) => element.type === 'heading').map((element) => element.text)).toEqual(
      expect.arrayContaining(['Document control', '1. Purpose', '5. Roles and responsibilities', 'Appendix B: Colour coding']),
    );
  });

  test('has the problems it is offered for, and the reviewer finds them', () => {
    const found = review.findings.map((finding) => `${finding.category}: ${finding.quote ?? finding.expected}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'review_date: 31 May 2025',
        'outdated_reference: Controlled Waste Regulations 1992',
        'broken_cross_reference: Appendix D',
        'missing_section: training',
        'factual_error: Consignment notes for hazardous waste are kept for one year',
      ]),
    );
    const outdated = review.findings.find((finding) => finding.quote === 'Controlled Waste Regulations 1992');
    expect(outdated?.page).toBe(1);
    expect(outdated?.section).toBe('3. Legislation and guidance');
    expect(outdated?.evidence[0]).toMatchObject({ code: 'CWR 2012' });
  });
});

describe('the Word export', () => {
  test('holds the summary, the findings table with its evidence links, the dismissed findings and the quoted passages', async () => {
    const { html, text } = await readDocx(exported);
    expect(text).toContain(`Policy review: ${review.title}`);
    for (const heading of ['Summary', 'Findings', 'Dismissed findings', 'The findings in detail'])
      expect(html).toContain(`<h1>${heading}</h1>`);
    expect(text).toContain('Severity');
    expect(text).toContain('Suggested fix');
    expect(text).toContain('“Controlled Waste Regulations 1992”');
    expect(text).toContain('Medium (accepted)');
    expect(text).toContain('EWC is defined in the waste procedures manual.');
    // The evidence links open the library passage in the reader.
    const link = /href="([^"]*\/wiki\/[^"]*)"/.exec(html)?.[1] ?? '';
    expect(link).toMatch(/^http:\/\/[^/]+\/wiki\/[^?]+\?element_ids=/);
    // The quoted passage is the policy's whole paragraph.
    expect(text).toContain('7.2 Consignment notes for hazardous waste are kept for one year.');
  });

  test('is named after the policy, records the download, and refuses readers it must', async () => {
    const download = await call(author, 'GET', `/reviews/${review.id}/docx`);
    expect(download.headers['content-disposition']).toMatch(/filename="Policy review - .+ - \d{4}-\d{2}-\d{2}\.docx"/);
    const recorded = await listEvents({ db: t.db, organisationId: author.user.organisationId, kind: 'review.exported' });
    expect(recorded.at(-1)).toMatchObject({ subject: { type: 'review', id: review.id }, data: { dismissed: 1 } });

    // A colleague may export it only while it is shared; another organisation never.
    expect((await call(colleague, 'GET', `/reviews/${review.id}/docx`)).statusCode).toBe(404);
    expect((await call(author, 'POST', `/reviews/${review.id}/share`)).statusCode).toBe(200);
    expect((await call(colleague, 'GET', `/reviews/${review.id}/docx`)).statusCode).toBe(200);
    expect((await call(outsider, 'GET', `/reviews/${review.id}/docx`)).statusCode).toBe(404);
  });

  test('a review still running has nothing to export yet', async () => {
    const { id } = accepted(await postPolicy(t, author, { file: new File(['# Policy\n\nText of the policy.'], 'draft.md') }));
    const response = await call(author, 'GET', `/reviews/${id}/docx`);
    expect(response.statusCode).toBe(409);
    await drain(worker);
  });

  test('opens in LibreOffice', async ({ skip }) => {
    if (!SOFFICE) skip(SOFFICE_MISSING);
    const text = (await pdfPagesFromDocx(exported)).join('\n');
    expect(text).toContain('Summary');
    expect(text).toContain('Controlled Waste Regulations 1992');
  }, 150_000);
});
