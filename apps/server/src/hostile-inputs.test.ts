import type { CreateReviewResponse, CreateWriteDocumentResponse, WriteContent } from '@verity/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { percentile, pollHealth } from './test/health.ts';
import { jobs, writeDocuments } from './db/schema.ts';
import { jobHandlers } from './job-handlers.ts';
import { createJobWorker, type JobWorker } from './jobs/worker.ts';
import { baseUrlOf, buildTestApp, type TestApp } from './test/app.ts';
import { newSession } from './test/chat.ts';
import { buildUser, type TestUser } from './test/factories.ts';
import { multipart } from './test/multipart.ts';
import { storedWriteDocument } from './test/write.ts';
import { isolatedReviewEngine, isolatedWriteEngine } from './untrusted/engines.ts';

/**
 * The inputs of the engine-safety attack test, replayed against a real listening server whose
 * engines run as in production (in the untrusted-work pool) while /api/health is polled: each
 * upload is refused with a sentence or accepted, each job ends done or failed with a sentence
 * (once, never retried), the server stays up and health keeps answering quickly.
 */

let t: TestApp;
let user: TestUser;
let worker: JobWorker;
let baseUrl: string;

beforeAll(async () => {
  t = await buildTestApp({
    // Short enough that the test does not wait long on an input that needs the time-out.
    PARSE_TIMEOUT_MS: '5000',
    PARSE_WORKERS: '2',
    CHAT_RATE_LIMIT_PER_MINUTE: '1000',
    WRITE_RATE_LIMIT_PER_HOUR: '1000',
    REVIEW_RATE_LIMIT_PER_HOUR: '1000',
  });
  user = await buildUser(t);
  worker = createJobWorker({
    db: t.db,
    handlers: jobHandlers({ embeddings: null, writeEngine: isolatedWriteEngine, reviewEngine: isolatedReviewEngine }),
    pollIntervalMs: 60_000,
    staleAfterMs: 15 * 60_000,
    retryBaseMs: 0,
  });
  baseUrl = await baseUrlOf(t);
});

afterAll(async () => {
  await worker.stop();
  await t.close();
});

async function post(path: string, fields: Record<string, string | Blob>) {
  const body = await multipart(fields);
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { ...user.headers, ...body.headers },
    body: new Uint8Array(body.payload),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const file = (text: string, name: string) => new File([text], name);

/** 34,000 distinct four-letter capitals (AAAA, AAAB, …), as undefined acronyms. */
function distinctAcronyms(count: number): string {
  const words: string[] = [];
  for (let i = 0; i < count; i++) {
    let n = i;
    let word = '';
    for (let k = 0; k < 4; k++) {
      word = String.fromCharCode(65 + (n % 26)) + word;
      n = Math.floor(n / 26);
    }
    words.push(word);
  }
  const lines: string[] = ['# Acronym policy', ''];
  for (let i = 0; i < words.length; i += 20) lines.push(`${words.slice(i, i + 20).join(' ')}.`, '');
  return lines.join('\n');
}

/** A job settles as done, or as failed once with a sentence. */
async function expectSettled(jobId: string, name: string, outcomes: Record<string, string>) {
  const [job] = await t.db.select().from(jobs).where(eq(jobs.id, jobId));
  outcomes[name] = `${job?.status} ${job?.error ?? ''}`.trim();
  expect(job?.attempts, name).toBe(1);
  if (job?.status === 'failed') expect(job.error, name).toMatch(/\.$/);
  else expect(job?.status, name).toBe('succeeded');
}

describe('the engine-safety attack inputs, replayed', () => {
  test('transcripts, policies, tables and bodies: refused or done, health stays fast, the server stays up', async () => {
    const health = pollHealth(baseUrl);
    const outcomes: Record<string, string> = {};
    const timings: Record<string, number> = {};
    const time = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      try {
        return await run();
      } finally {
        timings[name] = Math.round(performance.now() - started);
      }
    };
    try {
      // 32 empty HTML comments (225 bytes) as a transcript, and two 287-byte files of them as chat attachments at once.
      const comments = await time('32 comments transcript', () =>
        post('/write/documents', { file: file('<!---->'.repeat(32), 'notes.txt') }),
      );
      outcomes['32 comments transcript'] = `${comments.status} ${comments.body.message ?? ''}`;
      expect([202, 422]).toContain(comments.status);
      const session = await newSession(t, user);
      const attachments = await time('two comment attachments', () =>
        Promise.all(
          [1, 2].map((n) =>
            post(`/chat/sessions/${session.id}/attachments`, { file: file(`${'<!-- -->'.repeat(35)}${'x'.repeat(7)}`, `c${n}.txt`) }),
          ),
        ),
      );
      for (const attachment of attachments) expect([201, 422]).toContain(attachment.status);

      // A conversation's full allowance of attached text (600,000 characters), every paragraph
      // matching the question: each question scores all of it.
      const paragraph = 'Legionella control needs water stored at sixty degrees and flushed weekly in every outlet. ';
      const bulk = Array.from({ length: 3_500 }, (_, i) => `${paragraph}Paragraph ${i}.`).join('\n\n');
      const full = await newSession(t, user);
      const big = await time('600k attachment upload', () =>
        post(`/chat/sessions/${full.id}/attachments`, { file: file(bulk, 'big.txt') }),
      );
      expect(big.status, JSON.stringify(big.body).slice(0, 300)).toBe(201);
      const asked = await time('question over 600k attached', async () => {
        const response = await fetch(`${baseUrl}/api/chat/sessions/${full.id}/messages`, {
          method: 'POST',
          headers: { ...user.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ content: 'How hot must stored water be for legionella control?', attachment_ids: [big.body.id] }),
        });
        await response.text();
        return response.status;
      });
      outcomes['question over 600k attached'] = String(asked);
      expect(asked).toBe(200);

      // "oh-oh-oh …", 195,000 characters, to the writing assistant.
      const oh = `Speaker 1: ${'oh '.repeat(64_990)}`;
      const spoken = await time('oh-oh-oh upload', () => post('/write/documents', { text: oh, kind: 'minutes' }));
      expect(spoken.status, JSON.stringify(spoken.body)).toBe(202);

      // 100,000 characters of "60 °C", and 34,000 distinct acronyms, to the reviewer.
      const hot = `# Water policy\n\n${'Water is stored at 60 °C. '.repeat(4_000)}`;
      const hotReview = await time('60 °C upload', () => post('/review/reviews', { file: file(hot, 'hot.md') }));
      expect(hotReview.status, JSON.stringify(hotReview.body)).toBe(202);
      const acronyms = await time('acronyms upload', () =>
        post('/review/reviews', { file: file(distinctAcronyms(34_000), 'acronyms.md') }),
      );
      expect(acronyms.status, JSON.stringify(acronyms.body)).toBe(202);

      await time('jobs', async () => {
        while (await worker.runOnce()) {
          // Every queued job runs.
        }
      });
      await expectSettled((spoken.body as unknown as CreateWriteDocumentResponse).job_id, 'oh-oh-oh', outcomes);
      await expectSettled((hotReview.body as unknown as CreateReviewResponse).job_id, '60 °C', outcomes);
      await expectSettled((acronyms.body as unknown as CreateReviewResponse).job_id, 'acronyms', outcomes);

      // One 5,000-cell row and 400 one-cell rows: refused when saved, and bounded when one stored before that rule is downloaded.
      const id = await storedWriteDocument(t, user);
      const cell = (text: string) => ({ type: 'tableCell', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
      const table = {
        type: 'table',
        content: [
          { type: 'tableRow', content: Array.from({ length: 5_000 }, (_, i) => cell(`c${i}`)) },
          ...Array.from({ length: 400 }, (_, i) => ({ type: 'tableRow', content: [cell(`r${i}`)] })),
        ],
      };
      const wide = { type: 'doc', content: [table] } as unknown as WriteContent;
      const saved = await time('wide table save', () =>
        fetch(`${baseUrl}/api/write/documents/${id}/content`, {
          method: 'PATCH',
          headers: { ...user.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ content: wide, version: 1 }),
        }),
      );
      outcomes['wide table save'] = String(saved.status);
      // Refused when saved: a row holds at most 50 cells.
      expect(saved.status).toBe(422);
      await t.db.update(writeDocuments).set({ content: wide }).where(eq(writeDocuments.id, id));
      const exported = await time('wide table download', () =>
        fetch(`${baseUrl}/api/write/documents/${id}/docx`, { headers: user.headers }),
      );
      await exported.arrayBuffer();
      outcomes['wide table download'] = String(exported.status);
      expect(exported.status).toBeLessThan(500);

      // A JSON body nested 20,000 deep, and a lone surrogate, on an anonymous route.
      const deep = await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
      });
      outcomes['20,000-deep body'] = String(deep.status);
      expect(deep.status).toBeGreaterThanOrEqual(400);
      expect(deep.status).toBeLessThan(500);
      const surrogate = await fetch(`${baseUrl}/api/analytics/events`, {
        method: 'POST',
        headers: { ...user.headers, 'content-type': 'application/json' },
        body: '{"events":[{"name":"navigate_home","properties":{"where":"\\ud800"}}]}',
      });
      outcomes['lone surrogate'] = String(surrogate.status);
      expect(surrogate.status).toBeGreaterThanOrEqual(400);
      expect(surrogate.status).toBeLessThan(500);
    } finally {
      const latencies = await health.stop();
      console.info(
        JSON.stringify(
          {
            healthChecks: latencies.length,
            p50: Math.round(percentile(latencies, 50)),
            p99: Math.round(percentile(latencies, 99)),
            max: Math.round(Math.max(...latencies)),
            timings,
            outcomes,
          },
          null,
          1,
        ),
      );
      expect(latencies.length).toBeGreaterThanOrEqual(100);
      expect(percentile(latencies, 99)).toBeLessThanOrEqual(200);
      expect(Math.max(...latencies)).toBeLessThanOrEqual(1000);
    }
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
  });
});
