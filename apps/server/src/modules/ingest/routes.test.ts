import type { CompareResponse, DocumentResponse, IngestDocumentResponse, IngestJobResponse } from '@verity/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { documentElements, documents, files, jobs } from '../../db/schema.ts';
import { INGEST_INTERRUPTED, INGEST_JOB_KIND, ingestJobHandler } from '../../ingest/job.ts';
import { claimNextJob } from '../../jobs/queue.ts';
import { createJobWorker, type JobWorker } from '../../jobs/worker.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';
import { buildZipBombDocx } from '../../test/hostile-files.ts';
import { multipart } from '../../test/multipart.ts';
import { buildCorruptPdf, buildDocx, buildEncryptedPdf, buildPdf } from '../../test/sample-files.ts';

const TOKEN = 'ingest-token-for-tests-0123456789';
const MAX_BYTES = 300_000;
const auth = { token: TOKEN };

let t: TestApp;
let worker: JobWorker;
let standard: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ INGESTION_TOKEN: TOKEN, INGEST_MAX_BYTES: String(MAX_BYTES) });
  worker = createJobWorker({
    db: t.db,
    handlers: { [INGEST_JOB_KIND]: ingestJobHandler },
    pollIntervalMs: 60_000,
    staleAfterMs: 15 * 60_000,
    retryBaseMs: 30_000,
  });
  standard = await buildUser(t);
});

afterAll(async () => {
  await t.close();
});

const MARKDOWN = `# Water Safety Plan

## Legionella control

Outlets are flushed weekly when unused.

- Hot water is stored at 60 °C or above.
`;

function file(content: string | Uint8Array, name: string) {
  return new File([typeof content === 'string' ? content : new Uint8Array(content)], name);
}

const tags = { category: 'Policy', domain: 'Water', subdomain: 'Legionella' };

async function upload(fields: Record<string, string | Blob | (string | Blob)[]>, headers: Record<string, string> = auth) {
  const body = await multipart(fields);
  return t.app.inject({ method: 'POST', url: '/api/ingest/documents', payload: body.payload, headers: { ...body.headers, ...headers } });
}

async function getJob(id: string, headers: Record<string, string> = auth) {
  return t.app.inject({ method: 'GET', url: `/api/ingest/jobs/${id}`, headers });
}

/** Uploads, runs the worker until the queue is empty, and answers the job as a client sees it. */
async function ingest(fields: Record<string, string | Blob | (string | Blob)[]>): Promise<IngestJobResponse> {
  const response = await upload(fields);
  expect(response.statusCode, response.body).toBe(202);
  const { job_id } = response.json<IngestDocumentResponse>();
  while (await worker.runOnce()) {
    // Drain: every due job runs.
  }
  return (await getJob(job_id)).json<IngestJobResponse>();
}

async function counts() {
  const [d] = await t.db.select({ n: count() }).from(documents);
  const [e] = await t.db.select({ n: count() }).from(documentElements);
  const [f] = await t.db.select({ n: count() }).from(files);
  const [j] = await t.db.select({ n: count() }).from(jobs);
  return { documents: d?.n, elements: e?.n, files: f?.n, jobs: j?.n };
}

describe('POST /api/ingest/documents', () => {
  test('answers at once with a job; the worker stores the document, readable in the library', async () => {
    const response = await upload({
      file: file(MARKDOWN, 'water-safety-plan.md'),
      code: 'WSP-01',
      issuer: 'Estates',
      edition: '2026',
      ...tags,
    });
    expect(response.statusCode).toBe(202);
    const accepted = response.json<IngestDocumentResponse>();
    expect(accepted).toEqual({ job_id: expect.stringMatching(/^[0-9A-Z]{26}$/), status: 'queued' });
    expect(response.headers.location).toBe(`/api/ingest/jobs/${accepted.job_id}`);

    const queued = (await getJob(accepted.job_id)).json<IngestJobResponse>();
    expect(queued).toMatchObject({ id: accepted.job_id, status: 'queued', progress: { stage: 'queued' }, attempts: 0 });
    expect(queued.document_id).toBeUndefined();

    expect(await worker.runOnce()).toBe(true);
    const done = (await getJob(accepted.job_id)).json<IngestJobResponse>();
    expect(done).toMatchObject({ status: 'succeeded', created: true, attempts: 1, progress: { stage: 'done', pages: 1, elements: 4 } });
    expect(done.error).toBeUndefined();

    const document = await t.app.inject({ method: 'GET', url: `/api/docs/document/${done.document_id}`, headers: standard.headers });
    expect(document.statusCode).toBe(200);
    const body = document.json<DocumentResponse>();
    expect(body).toMatchObject({
      id: done.document_id,
      code: 'WSP-01',
      title: 'Water Safety Plan',
      filename: 'water-safety-plan.md',
      edition: '2026',
      status: 'current',
      tags: { category: 'Policy', domain: 'Water', subdomain: 'Legionella' },
    });
    expect(body.elements.map((e) => [e.type, e.text])).toEqual([
      ['title', 'Water Safety Plan'],
      ['heading', 'Legionella control'],
      ['paragraph', 'Outlets are flushed weekly when unused.'],
      ['list_item', 'Hot water is stored at 60 °C or above.'],
    ]);
    // The upload is gone once its job has succeeded.
    expect((await counts()).files).toBe(0);
  });

  test('the same file again changes nothing and answers with the same document', async () => {
    const first = await ingest({ file: file('Plain text notice.\n\nSecond paragraph.', 'notice.txt'), ...tags });
    expect(first).toMatchObject({ status: 'succeeded', created: true });
    const before = await counts();
    const again = await ingest({ file: file('Plain text notice.\n\nSecond paragraph.', 'notice.txt'), ...tags, title: 'Other title' });
    expect(again).toMatchObject({ status: 'succeeded', created: false, document_id: first.document_id });
    const after = await counts();
    expect(after.documents).toBe(before.documents);
    expect(after.elements).toBe(before.elements);
  });

  test('a new file with a known file name becomes the newest edition; the old one keeps its id', async () => {
    const old = await ingest({ file: file('# Policy\n\nFirst edition.', 'edition-policy.md'), edition: '2025', ...tags });
    const next = await ingest({ file: file('# Policy\n\nSecond edition.', 'edition-policy.md'), edition: '2026', ...tags });
    expect(next).toMatchObject({ status: 'succeeded', created: true });
    expect(next.document_id).not.toBe(old.document_id);

    const newest = await t.app.inject({
      method: 'GET',
      url: '/api/docs/newest-document-by-filename/edition-policy.md',
      headers: standard.headers,
    });
    expect(newest.json<DocumentResponse>()).toMatchObject({ id: next.document_id, edition: '2026' });
    const previous = await t.app.inject({ method: 'GET', url: `/api/docs/document/${old.document_id}`, headers: standard.headers });
    expect(previous.json<DocumentResponse>().elements.map((e) => e.text)).toContain('First edition.');
  });

  test('a PDF and a Word document are parsed into titled, structured documents', async () => {
    const pdf = await ingest({ file: file(await buildPdf(), 'fire-safety-policy.pdf'), code: 'FSP-PDF', ...tags });
    expect(pdf).toMatchObject({ status: 'succeeded', created: true, progress: { stage: 'done', pages: 2 } });
    const pdfDocument = (
      await t.app.inject({ method: 'GET', url: `/api/docs/document/${pdf.document_id}`, headers: standard.headers })
    ).json<DocumentResponse>();
    expect(pdfDocument.title).toBe('Fire Safety Policy');
    expect(pdfDocument.elements.some((e) => e.type === 'heading' && e.text.includes('Responsibilities'))).toBe(true);
    expect(Math.max(...pdfDocument.elements.map((e) => e.page))).toBe(2);

    const docx = await ingest({
      file: file(await buildDocx(), 'fire-safety-policy.docx'),
      code: 'FSP-DOCX',
      title: 'Fire safety (Word)',
      ...tags,
    });
    expect(docx).toMatchObject({ status: 'succeeded', created: true });
    const docxDocument = (
      await t.app.inject({ method: 'GET', url: `/api/docs/document/${docx.document_id}`, headers: standard.headers })
    ).json<DocumentResponse>();
    expect(docxDocument.title).toBe('Fire safety (Word)');
    expect(docxDocument.elements.some((e) => e.type === 'list_item' && e.text.includes('Fire wardens'))).toBe(true);

    // The Word table marks no header row, and the reader and the comparison are told so; a PDF table says nothing.
    const headerless = (elements: readonly { type: string; header_row?: false }[]) =>
      elements.filter((e) => e.type === 'table').map((e) => e.header_row);
    expect(headerless(docxDocument.elements)).toEqual([false]);
    expect(headerless(pdfDocument.elements).every((flag) => flag === undefined)).toBe(true);
    const compared = await t.app.inject({
      method: 'GET',
      url: `/api/docs/compare?left=${pdf.document_id}&right=${docx.document_id}`,
      headers: standard.headers,
    });
    expect(compared.statusCode).toBe(200);
    const rights = compared.json<CompareResponse>().rows.flatMap((row) => (row.right ? [row.right] : []));
    expect(headerless(rights)).toEqual([false]);
  });

  test.each([
    ['an encrypted PDF', () => buildEncryptedPdf(), /password|encrypt/i],
    ['a corrupt PDF', () => buildCorruptPdf(), /damaged|corrupt|could not be read/i],
  ])('%s fails its job with a clear error and leaves nothing behind', async (_label, build, message) => {
    const before = await counts();
    const job = await ingest({ file: file(await build(), 'broken.pdf'), ...tags });
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(message);
    expect(job.attempts).toBe(1);
    expect(job.document_id).toBeUndefined();
    const [stored] = await t.db.select({ n: count() }).from(documents).where(eq(documents.filename, 'broken.pdf'));
    expect(stored?.n).toBe(0);
    const after = await counts();
    expect(after).toMatchObject({ documents: before.documents, elements: before.elements, files: 0 });
  });

  test('a file of the wrong type by content is refused before any job', async () => {
    const before = await counts();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
    const response = await upload({ file: file(png, 'policy.pdf'), ...tags });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error_code: 4106, error_title: 'Unsupported document', message: expect.any(String) });
    expect(await counts()).toEqual(before);
  });

  test('a Word file whose ZIP directory promises a zip bomb is refused at upload, before any job', async () => {
    const before = await counts();
    // 4 MB of zeros deflates to a few kilobytes: far past the compression ratio any Word file has.
    const response = await upload({ file: file(buildZipBombDocx(4), 'bomb.docx'), ...tags });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error_code: 4106, message: expect.stringContaining('times its size') });
    expect(await counts()).toEqual(before);
  });

  test('a file over the size limit is refused with 413 in the catalogue shape', async () => {
    const before = await counts();
    const big = file(`# Big\n\n${'a'.repeat(MAX_BYTES)}`, 'big.md');
    const response = await upload({ file: big, ...tags });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      error_code: 4105,
      error_title: 'File too large',
      message: expect.stringContaining('ingestion limit'),
    });

    // A body far beyond the limit is cut off while it is read, with the same answer.
    const huge = await upload({ file: file('x'.repeat(MAX_BYTES + 2 * 1024 * 1024), 'huge.txt'), ...tags });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ error_code: 4105 });
    expect(await counts()).toEqual(before);
  });

  test('missing metadata, a missing file, an empty file and a non-multipart body are 422s naming the problem', async () => {
    const before = await counts();
    const noTags = await upload({ file: file(MARKDOWN, 'a.md'), category: 'Policy' });
    expect(noTags.statusCode).toBe(422);
    expect(noTags.json().detail.map((d: { loc: string[] }) => d.loc.join('.'))).toEqual(['body.domain', 'body.subdomain']);

    const superseded = await upload({ file: file(MARKDOWN, 'a.md'), ...tags, status: 'superseded' });
    expect(superseded.statusCode).toBe(422);
    expect(superseded.json().detail[0].loc).toEqual(['body', 'superseded_by']);

    const noFile = await upload({ ...tags });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().detail[0]).toMatchObject({ loc: ['body', 'file'] });

    const twoFiles = await upload({ file: [file(MARKDOWN, 'a.md'), file(MARKDOWN, 'b.md')], ...tags });
    expect(twoFiles.statusCode).toBe(422);

    const empty = await upload({ file: file('', 'empty.md'), ...tags });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('The file is empty');

    const json = await t.app.inject({ method: 'POST', url: '/api/ingest/documents', payload: { ...tags }, headers: auth });
    expect(json.statusCode).toBe(422);

    const truncated = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/documents',
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.md"\r\n\r\nunterminated',
      headers: { ...auth, 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(truncated.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  test('a folder part in the file name is dropped', async () => {
    const job = await ingest({ file: file('# Dropped folder\n\nText.', '../../etc/folder-test.md'), ...tags });
    const document = await t.app.inject({ method: 'GET', url: `/api/docs/document/${job.document_id}`, headers: standard.headers });
    expect(document.json<DocumentResponse>().filename).toBe('folder-test.md');
  });
});

describe('a job that is interrupted or fails unexpectedly', () => {
  test('a job left running by a process that died is failed at the next start with the reason, not tried again', async () => {
    const response = await upload({ file: file('# Crash test\n\nThe process died on this one.', 'crash-test.md'), ...tags });
    const { job_id } = response.json<IngestDocumentResponse>();
    // The worker that claimed it died with its process: the job stays running with its lock.
    await claimNextJob({ db: t.db, kinds: [INGEST_JOB_KIND], now: new Date() });
    expect((await getJob(job_id)).json<IngestJobResponse>()).toMatchObject({ status: 'running', attempts: 1 });

    const later = new Date(Date.now() + 16 * 60_000);
    const restarted = createJobWorker({
      db: t.db,
      handlers: { [INGEST_JOB_KIND]: ingestJobHandler },
      pollIntervalMs: 60_000,
      staleAfterMs: 15 * 60_000,
      retryBaseMs: 30_000,
      now: () => later,
    });
    expect(await restarted.recoverStale()).toEqual({ failed: 1 });
    expect(await restarted.runOnce()).toBe(false);
    const failed = (await getJob(job_id)).json<IngestJobResponse>();
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, error: INGEST_INTERRUPTED });
    const [stored] = await t.db.select({ n: count() }).from(documents).where(eq(documents.filename, 'crash-test.md'));
    expect(stored?.n).toBe(0);
    // A file that may read on another attempt (unlike one the parser refused) is kept for a retry.
    expect(await t.db.select({ id: files.id }).from(files).where(eq(files.filename, 'crash-test.md'))).toHaveLength(1);
  });

  test('an unexpected failure is retried after a backoff; the document is stored once', async () => {
    let clock = new Date(Date.now() + 60_000);
    let failuresLeft = 1;
    const flaky = createJobWorker({
      db: t.db,
      handlers: {
        [INGEST_JOB_KIND]: {
          ...ingestJobHandler,
          run: async (context) => {
            if (failuresLeft-- > 0) throw new Error('connection reset');
            return ingestJobHandler.run(context);
          },
        },
      },
      pollIntervalMs: 60_000,
      staleAfterMs: 15 * 60_000,
      retryBaseMs: 30_000,
      now: () => clock,
    });
    const response = await upload({ file: file('# Flaky\n\nStored on the second attempt.', 'flaky.md'), ...tags });
    const { job_id } = response.json<IngestDocumentResponse>();

    expect(await flaky.runOnce()).toBe(true);
    const waiting = (await getJob(job_id)).json<IngestJobResponse>();
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, error: expect.stringMatching(/tried again/) });
    expect(waiting.error).not.toContain('connection reset');
    expect((await counts()).files).toBeGreaterThan(0);

    expect(await flaky.runOnce()).toBe(false);
    clock = new Date(clock.getTime() + 30_000);
    expect(await flaky.runOnce()).toBe(true);
    const done = (await getJob(job_id)).json<IngestJobResponse>();
    expect(done).toMatchObject({ status: 'succeeded', created: true, attempts: 2 });
    expect(done.error).toBeUndefined();
    const [stored] = await t.db.select({ n: count() }).from(documents).where(eq(documents.filename, 'flaky.md'));
    expect(stored?.n).toBe(1);
  });
});

describe('ingestion token', () => {
  test.each([
    ['no token', {}],
    ['a wrong token', { token: `${TOKEN}x` }],
    ['an empty token', { token: '' }],
  ])('%s is refused with 401 and nothing is stored', async (_label, headers) => {
    const before = await counts();
    const response = await upload({ file: file(MARKDOWN, 'a.md'), ...tags }, headers);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toMatch(/ingestion token/);
    expect((await getJob('01JAAAAAAAAAAAAAAAAAAAAAAA', headers)).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });

  test('a user session is not an ingestion token', async () => {
    const response = await upload({ file: file(MARKDOWN, 'a.md'), ...tags }, standard.headers);
    expect(response.statusCode).toBe(401);
    const asToken = await upload({ file: file(MARKDOWN, 'a.md'), ...tags }, { token: standard.token });
    expect(asToken.statusCode).toBe(401);
  });

  test('without INGESTION_TOKEN the API answers 503 and says it is not configured', async () => {
    const unconfigured = await buildTestApp();
    try {
      const body = await multipart({ file: file(MARKDOWN, 'a.md'), ...tags });
      const response = await unconfigured.app.inject({
        method: 'POST',
        url: '/api/ingest/documents',
        payload: body.payload,
        headers: { ...body.headers, token: 'anything-at-all' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ error_code: 5001, message: expect.stringContaining('not configured') });
      const [stored] = await unconfigured.db.select({ n: count() }).from(jobs);
      expect(stored?.n).toBe(0);
    } finally {
      await unconfigured.close();
    }
  });
});

describe('GET /api/ingest/jobs/:id', () => {
  test('a malformed id is a 422; an unknown id or a job of another kind a 404', async () => {
    expect((await getJob('not-a-job')).statusCode).toBe(422);
    expect((await getJob('01JAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    const [other] = await t.db
      .insert(jobs)
      .values({ id: '01JBBBBBBBBBBBBBBBBBBBBBBB', kind: 'review', payload: {}, maxAttempts: 1 })
      .returning();
    expect((await getJob(other?.id ?? '')).statusCode).toBe(404);
    await t.db.delete(jobs).where(eq(jobs.id, other?.id ?? ''));
  });
});
