import type { IngestDocumentResponse, IngestJobResponse } from '@verity/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { percentile, pollHealth } from '../test/health.ts';
import { chatAttachments, documents, files, userPhotos } from '../db/schema.ts';
import { INGEST_INTERRUPTED, INGEST_JOB_KIND, ingestJobHandler } from './job.ts';
import { claimNextJob } from '../jobs/queue.ts';
import { createJobWorker, type JobWorker } from '../jobs/worker.ts';
import { baseUrlOf, buildTestApp, type TestApp } from '../test/app.ts';
import { newSession } from '../test/chat.ts';
import { buildUser, type TestUser } from '../test/factories.ts';
import {
  buildLyingDocx,
  buildManyElementText,
  buildManyPagePdf,
  buildManyParagraphDocx,
  buildNestedHtml,
  buildPathologicalMarkdown,
  buildPolyglot,
  buildZipBombDocx,
} from '../test/hostile-files.ts';
import { multipart } from '../test/multipart.ts';
import { buildDocx } from '../test/sample-files.ts';

/**
 * An attack corpus of hostile files, sent through every upload path of a real listening server
 * while /api/health is polled: each file is refused or parsed within the limits, the process
 * stays up, its memory stays bounded and health keeps answering quickly.
 */

const TOKEN = 'hostile-uploads-ingestion-token-0123456789';
const encoder = new TextEncoder();

interface Hostile {
  name: string;
  filename: string;
  bytes: Uint8Array;
  /** Refused with a sentence, or read within the limits (a file that was slow only because of a parser bug). */
  outcome?: 'refused' | 'parsed';
}

let t: TestApp;
let user: TestUser;
let worker: JobWorker;
let corpus: Hostile[];
let baseUrl: string;

beforeAll(async () => {
  t = await buildTestApp({
    INGESTION_TOKEN: TOKEN,
    // Short enough that the test does not wait long on the file that needs the time-out.
    PARSE_TIMEOUT_MS: '3000',
    PARSE_WORKERS: '1',
    CHAT_RATE_LIMIT_PER_MINUTE: '1000',
  });
  user = await buildUser(t);
  worker = createJobWorker({
    db: t.db,
    handlers: { [INGEST_JOB_KIND]: ingestJobHandler },
    pollIntervalMs: 60_000,
    staleAfterMs: 15 * 60_000,
    retryBaseMs: 30_000,
  });
  corpus = [
    { name: 'zip bomb', filename: 'bomb.docx', bytes: buildZipBombDocx(60) },
    { name: '3,000,000 empty paragraphs', filename: 'paragraphs.docx', bytes: buildManyParagraphDocx(3_000_000) },
    { name: 'lying ZIP directory', filename: 'lying.docx', bytes: buildLyingDocx(40) },
    { name: '20,000-page PDF', filename: 'pages.pdf', bytes: buildManyPagePdf(20_000) },
    { name: '200,000 nested divs', filename: 'nested.html', bytes: encoder.encode(buildNestedHtml(200_000)) },
    { name: 'pathological Markdown', filename: 'slow.md', bytes: encoder.encode(buildPathologicalMarkdown(40_000)), outcome: 'parsed' },
    { name: '101,507 elements', filename: 'elements.txt', bytes: encoder.encode(buildManyElementText(101_507)) },
    { name: 'PDF and ZIP polyglot', filename: 'polyglot.pdf', bytes: buildPolyglot() },
  ];
  baseUrl = await baseUrlOf(t);
});

afterAll(async () => {
  await worker.stop();
  await t.close();
});

function file(bytes: Uint8Array, name: string) {
  return new File([Buffer.from(bytes)], name);
}

async function attach(sessionId: string, hostile: Hostile) {
  const body = await multipart({ file: file(hostile.bytes, hostile.filename) });
  return fetch(`${baseUrl}/api/chat/sessions/${sessionId}/attachments`, {
    method: 'POST',
    headers: { ...user.headers, ...body.headers },
    body: new Uint8Array(body.payload),
  });
}

async function ingestUpload(hostile: Hostile) {
  const body = await multipart({
    file: file(hostile.bytes, hostile.filename),
    category: 'Policy',
    domain: 'Estates',
    subdomain: 'Hostile',
  });
  return fetch(`${baseUrl}/api/ingest/documents`, {
    method: 'POST',
    headers: { token: TOKEN, ...body.headers },
    body: new Uint8Array(body.payload),
  });
}

async function job(id: string): Promise<IngestJobResponse> {
  const response = await fetch(`${baseUrl}/api/ingest/jobs/${id}`, { headers: { token: TOKEN } });
  return (await response.json()) as IngestJobResponse;
}

describe('a hostile upload corpus', () => {
  test('through chat attachments, the ingestion API and its jobs, and the photo upload: refused or parsed within limits, health stays fast', async () => {
    const rssBefore = process.memoryUsage().rss;
    const session = await newSession(t, user);
    const health = pollHealth(baseUrl);
    const timings: Record<string, number> = {};
    const outcomes: Record<string, string> = {};
    try {
      for (const hostile of corpus) {
        const started = performance.now();
        const response = await attach(session.id, hostile);
        const body = (await response.json()) as { message?: string };
        timings[`chat: ${hostile.name}`] = Math.round(performance.now() - started);
        outcomes[`chat: ${hostile.name}`] = `${response.status} ${body.message ?? ''}`;
        // Each is refused with a sentence for a person (never a server error), or read within the limits.
        expect(response.status, `${hostile.name}: ${body.message}`).toBe(hostile.outcome === 'parsed' ? 201 : 422);
      }

      const jobIds: { id: string; hostile: Hostile }[] = [];
      for (const hostile of corpus) {
        const response = await ingestUpload(hostile);
        if (response.status === 202) jobIds.push({ id: ((await response.json()) as IngestDocumentResponse).job_id, hostile });
        else expect(response.status, hostile.name).toBe(422);
      }
      const started = performance.now();
      while (await worker.runOnce()) {}
      timings['ingest jobs, all'] = Math.round(performance.now() - started);
      for (const { id, hostile } of jobIds) {
        const settled = await job(id);
        outcomes[`job: ${hostile.name}`] = `${settled.status} ${settled.error ?? ''}`;
        expect(settled.attempts).toBe(1);
        if (hostile.outcome === 'parsed') {
          expect(settled.status, hostile.name).toBe('succeeded');
        } else {
          expect(settled.status, hostile.name).toBe('failed');
          expect(settled.error).toMatch(/\.$/);
        }
      }

      for (const hostile of corpus) {
        const body = await multipart({ file: new File([Buffer.from(hostile.bytes)], hostile.filename, { type: 'image/png' }) });
        const response = await fetch(`${baseUrl}/api/account/upload/image`, {
          method: 'POST',
          headers: { ...user.headers, ...body.headers },
          body: new Uint8Array(body.payload),
        });
        expect(response.status, hostile.name).toBeGreaterThanOrEqual(400);
        expect(response.status, hostile.name).toBeLessThan(500);
      }
    } finally {
      const latencies = await health.stop();
      const p99 = percentile(latencies, 99);
      console.info(
        JSON.stringify(
          {
            healthChecks: latencies.length,
            p50: Math.round(percentile(latencies, 50)),
            p99: Math.round(p99),
            max: Math.round(Math.max(...latencies)),
            timings,
            outcomes,
          },
          null,
          1,
        ),
      );
      expect(latencies.length).toBeGreaterThanOrEqual(100);
      expect(p99).toBeLessThanOrEqual(200);
    }

    // Nothing refused was stored anywhere; what was read within the limits was stored once per path.
    const readable = corpus.filter((hostile) => hostile.outcome === 'parsed').length;
    const [attached] = await t.db.select({ n: count() }).from(chatAttachments);
    expect(attached?.n).toBe(readable);
    const [stored] = await t.db.select({ n: count() }).from(documents).where(eq(documents.subdomain, 'Hostile'));
    expect(stored?.n).toBe(readable);
    expect(await t.db.select({ id: files.id }).from(files)).toEqual([]);
    expect(await t.db.select({ id: userPhotos.id }).from(userPhotos)).toEqual([]);
    // The parsing happened in workers: this process grew by far less than the files unpack to.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(300 * 1024 * 1024);

    // And the server still parses an ordinary document.
    const ordinary = await attach(session.id, { name: 'ordinary', filename: 'policy.docx', bytes: await buildDocx() });
    expect(ordinary.status).toBe(201);
  });

  test('an oversized body is refused with 413 on every path before it is parsed', async () => {
    const huge = new Uint8Array(26 * 1024 * 1024).fill(0x20);
    const session = await newSession(t, user);
    expect((await attach(session.id, { name: 'huge', filename: 'huge.txt', bytes: huge })).status).toBe(413);
    expect((await ingestUpload({ name: 'huge', filename: 'huge.txt', bytes: huge })).status).toBe(413);
    const body = await multipart({ file: new File([huge], 'huge.png', { type: 'image/png' }) });
    const photo = await fetch(`${baseUrl}/api/account/upload/image`, {
      method: 'POST',
      headers: { ...user.headers, ...body.headers },
      body: new Uint8Array(body.payload),
    });
    expect(photo.status).toBe(413);
  });

  test('a job whose process died on it is failed once with the reason at the next start, and the server keeps serving', async () => {
    // What the file holds does not matter: the death is simulated by a claim that never settles.
    const response = await ingestUpload({ name: 'died on', filename: 'died-on-this.docx', bytes: await buildDocx() });
    expect(response.status).toBe(202);
    const { job_id } = (await response.json()) as IngestDocumentResponse;
    const ordinary = await ingestUpload({ name: 'ordinary', filename: 'after-restart.docx', bytes: await buildDocx() });
    const { job_id: ordinaryId } = (await ordinary.json()) as IngestDocumentResponse;
    // The old process claimed the job and died: it stays running with a fresh lock.
    const claimed = await claimNextJob({ db: t.db, kinds: [INGEST_JOB_KIND], now: new Date() });
    expect(claimed?.id).toBe(job_id);

    // The next start, as main.ts does it on the embedded database.
    const restarted = createJobWorker({
      db: t.db,
      handlers: { [INGEST_JOB_KIND]: ingestJobHandler },
      pollIntervalMs: 50,
      staleAfterMs: 15 * 60_000,
      retryBaseMs: 30_000,
      exclusive: true,
    });
    restarted.start();
    try {
      await expect.poll(async () => (await job(ordinaryId)).status, { timeout: 20_000 }).toBe('succeeded');
    } finally {
      await restarted.stop();
    }
    expect(await job(job_id)).toMatchObject({ status: 'failed', attempts: 1, error: INGEST_INTERRUPTED });
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
  });
});
