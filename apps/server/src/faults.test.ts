/**
 * A server killed without warning (kill -9: a crash, an out-of-memory kill, a pulled plug on the
 * process) in the middle of writes, an upload and a running job, then started again on the same
 * database: every write the server acknowledged is there, and every job ends — finished, or
 * failed with a message saying it was interrupted — none left running for ever. The embedded database in the
 * `server` project, PostgreSQL in `server-postgres`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreateWriteDocumentResponse, IngestJobResponse, WriteJob } from '@verity/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { onPostgres, openThrowawayPostgres } from './test/database.ts';
import { buildPdf } from './test/sample-files.ts';
import {
  ingestionStatus,
  type ServerProcess,
  signInTo,
  startServerProcess,
  stopServerProcess,
  uploadForIngestion,
} from './test/server-process.ts';
import { MEETING } from './test/write.ts';

const TOKEN = 'faults-ingestion-token-0123456789abcdef';
const PAGES = 60;

/** A long policy: enough pages that parsing and storing it take a while. */
function longPolicy() {
  return buildPdf({
    metadataTitle: 'Water Safety Plan',
    pages: Array.from({ length: PAGES }, (_, i) => [
      ...(i === 0 ? [{ type: 'title' as const, text: 'Water Safety Plan' }] : []),
      { type: 'heading' as const, text: `${i + 1}. Arrangements for building ${i + 1}`, level: 1 },
      ...Array.from({ length: 6 }, (_, j) => ({
        type: 'paragraph' as const,
        text: `Building ${i + 1}, check ${j + 1}: hot water leaves the calorifier at 60 °C or above, outlets reach 50 °C within one minute, and little-used outlets are flushed weekly with the flushing recorded.`,
      })),
    ]),
  });
}

describe(`a server killed mid-work (${onPostgres ? 'PostgreSQL' : 'embedded database'})`, () => {
  let dataDir: string;
  let throwaway: Awaited<ReturnType<typeof openThrowawayPostgres>> | undefined;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'verity-faults-'));
    throwaway = onPostgres ? await openThrowawayPostgres(process.env.TEST_DATABASE_URL as string, 'verity_faults') : undefined;
    env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      TUTORIAL_SCREENSHOTS: 'off',
      INGESTION_TOKEN: TOKEN,
      WRITE_RATE_LIMIT_PER_HOUR: '1000',
      JOBS_POLL_INTERVAL_MS: '200',
      // On PostgreSQL a dead process's job is taken back once its lock is this old.
      JOBS_STALE_AFTER_SECONDS: '3',
      JOBS_RETRY_BASE_SECONDS: '1',
      ...(throwaway ? { DATABASE_URL: throwaway.url } : { DATA_DIR: dataDir }),
    };
  });

  afterAll(async () => {
    await stopServerProcess(server, 'SIGKILL');
    await throwaway?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('every acknowledged write is kept and every job ends, run again or failed with a message', async () => {
    server = await startServerProcess({ env, timeoutMs: 120_000 });
    const first = server;
    const signIn = await signInTo(first, 'standard@example.org', 'verity-demo-2026');
    expect(signIn.status).toBe(200);
    const headers = { 'auth-token': ((await signIn.json()) as { auth_token: string }).auth_token };

    const ingestJob = await uploadForIngestion(
      first,
      TOKEN,
      new File([new Uint8Array(await longPolicy())], 'water-safety-plan.pdf', { type: 'application/pdf' }),
    );

    // Writes, one after another, until the process is gone; those answered 202 were committed.
    const acknowledged: CreateWriteDocumentResponse[] = [];
    const refusals: string[] = [];
    let killed = false;
    const writing = (async () => {
      while (!killed) {
        try {
          const transcript = new FormData();
          transcript.set('text', MEETING);
          transcript.set('title', `Meeting ${acknowledged.length + 1}`);
          const response = await fetch(`${first.url}/api/write/documents`, { method: 'POST', headers, body: transcript });
          if (response.status === 202) acknowledged.push((await response.json()) as CreateWriteDocumentResponse);
          else refusals.push(`${response.status} ${await response.text()}`);
        } catch {
          // The process is gone mid-request: not acknowledged.
        }
      }
    })();
    await expect.poll(() => ingestionStatus(first, TOKEN, ingestJob), { timeout: 30_000, interval: 20 }).toBe('running');
    await expect.poll(() => acknowledged.length + refusals.length, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(3);
    expect(refusals).toEqual([]);
    killed = true;
    await stopServerProcess(first, 'SIGKILL');
    await writing;

    server = await startServerProcess({ env, timeoutMs: 120_000 });
    const second = server;
    for (const written of acknowledged) {
      expect((await fetch(`${second.url}/api/write/documents/${written.external_id}`, { headers })).status).toBe(200);
      await expect
        .poll(
          async () => {
            const job = (await (await fetch(`${second.url}/api/write/jobs/${written.job_id}`, { headers })).json()) as WriteJob;
            return job.status === 'succeeded' || (job.status === 'failed' && Boolean(job.error));
          },
          { timeout: 60_000, interval: 200 },
        )
        .toBe(true);
    }
    // The upload ends too: stored, when it finished before the kill, or failed with the message
    // that it was interrupted (a file that kills the server is never tried again, jobs/worker.ts).
    await expect
      .poll(
        async () => {
          const job = (await (
            await fetch(`${second.url}/api/ingest/jobs/${ingestJob}`, { headers: { token: TOKEN } })
          ).json()) as IngestJobResponse;
          return job.status === 'succeeded' || (job.status === 'failed' && Boolean(job.error));
        },
        { timeout: 90_000, interval: 250 },
      )
      .toBe(true);
  }, 300_000);
});
