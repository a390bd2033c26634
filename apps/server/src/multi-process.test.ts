/**
 * Several server processes on one PostgreSQL database, as a deployment scales out: three real
 * processes (main.ts), not app instances in one, so nothing in memory can be shared by accident.
 * A session opened on one is honoured by the others and signed out everywhere; jobs queued through
 * a process without a worker are run exactly once by the two that have one; a rate limit counted on
 * two holds on the third; a chat answer streams from whichever process takes the question; a
 * notification written by a worker is read through another. The suite runs once with the rate
 * limits in the database and once with Redis (the reference deployment), where Redis answers.
 */
import { spawn } from 'node:child_process';
import type { ChatSessionDetail, ChatSessionSummary, CreateWriteDocumentResponse, NotificationsResponse } from '@verity/shared';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseHandle } from './db/connect.ts';
import { documents, jobs, rateLimits } from './db/schema.ts';
import { createAccount } from './core/identity/accounts.ts';
import { createOrganisation } from './core/identity/organisations.ts';
import { readStream } from './test/chat.ts';
import { onPostgres, openThrowawayPostgres } from './test/database.ts';
import { MEETING } from './test/write.ts';
import { multipart } from './test/multipart.ts';
import { redisReachable, TEST_REDIS_URL } from './test/redis.ts';
import {
  ingestionStatus,
  SERVER_MAIN,
  type ServerProcess,
  signInTo,
  startServerProcess,
  stopServerProcess,
  uploadForIngestion,
} from './test/server-process.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const withRedis = onPostgres && (await redisReachable());
const TOKEN = 'multi-process-ingestion-token-0123456789';
const PASSWORD = 'glacier-orchid-lantern-47';

type Server = ServerProcess;

const BASE_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  INGESTION_TOKEN: TOKEN,
  AUTH_RATE_LIMIT_PER_ACCOUNT: '3',
  AUTH_RATE_LIMIT_PER_IP: '50',
  JOBS_POLL_INTERVAL_MS: '200',
};

const stopServer = (server: Server | undefined) => stopServerProcess(server);

/** Uploads a document through `server`'s ingestion API and waits until some process's worker has ingested it. */
async function expectIngestedThrough(server: Server, filename: string, text: string): Promise<string> {
  const jobId = await uploadForIngestion(server, TOKEN, new File([`# ${filename}\n\n${text}\n`], filename));
  await expect.poll(() => ingestionStatus(server, TOKEN, jobId), { timeout: 30_000, interval: 250 }).toBe('succeeded');
  return jobId;
}

/** A request to `server` as the holder of `token`, with a JSON body when one is given. */
function call(server: Server, token: string, path: string, init: { method?: string; json?: unknown } = {}): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers: { 'auth-token': token, ...(init.json === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  });
}

async function signedIn(server: Server, email: string): Promise<string> {
  const response = await signInTo(server, email, PASSWORD);
  expect(response.status).toBe(200);
  return ((await response.json()) as { auth_token: string }).auth_token;
}

const STORES = [
  { store: 'database', redis: false, run: onPostgres },
  { store: 'Redis', redis: true, run: withRedis },
];

describe.each(STORES)('three server processes on one PostgreSQL database, rate limits in the $store', ({ store, redis, run }) => {
  let database: DatabaseHandle & { url: string };
  let first: Server | undefined;
  let second: Server | undefined;
  let third: Server | undefined;
  /** A session opened before the sign-in limit test holds the account back. */
  let token: string;
  const email = `three.processes.${store.toLowerCase()}.${Date.now()}@example.org`;
  const startServer = (env: Record<string, string>) =>
    startServerProcess({
      env: { ...BASE_ENV, DATABASE_URL: database.url, ...(redis ? { REDIS_URL: TEST_REDIS_URL } : {}), ...env },
    });

  beforeAll(async () => {
    if (!run) return;
    database = await openThrowawayPostgres(serverUrl as string, 'verity_multi');
    // Three processes started together on a fresh database, as a deployment's first start: they
    // migrate and seed one after another (DatabaseHandle.exclusively), and all three serve.
    // The second runs no jobs: whatever it accepts, the first or the third must do.
    [first, second, third] = await Promise.all([
      startServer({ JOBS_WORKER: 'true' }),
      startServer({ JOBS_WORKER: 'false' }),
      startServer({ JOBS_WORKER: 'true' }),
    ]);
    const organisation = await createOrganisation({ db: database.db, name: 'Three Process Trust' });
    await createAccount({
      db: database.db,
      organisationId: organisation.id,
      email,
      firstname: 'Priya',
      surname: 'Shah',
      jobTitle: 'Estates Manager',
      password: PASSWORD,
      roles: ['standard'],
      emailVerified: true,
    });
    token = await signedIn(first, email);
  }, 150_000);

  afterAll(async () => {
    await Promise.all([stopServer(first), stopServer(second), stopServer(third)]);
    await database?.close();
  });

  test.skipIf(!run)('a session opened on one process is honoured by the others, and signed out everywhere', async () => {
    const token = await signedIn(first as Server, email);
    for (const server of [second, third, first] as Server[]) {
      const info = await call(server, token, '/api/account/info');
      expect(info.status).toBe(200);
      expect(((await info.json()) as { email: string }).email).toBe(email);
    }
    // All three now hold the session in memory; signing out on one reaches the others through the database.
    expect((await call(second as Server, token, '/api/auth/signout')).status).toBe(200);
    for (const server of [first, third] as Server[]) {
      await expect.poll(async () => (await call(server, token, '/api/account/info')).status, { timeout: 2_000, interval: 10 }).toBe(401);
    }
  });

  test.skipIf(!run)(
    'jobs queued through the process without a worker are each run exactly once by the two that have one',
    async () => {
      const uploads = Array.from({ length: 8 }, (_, index) => ({
        filename: `plan-${store.toLowerCase()}-${index}.md`,
        text: `Outlets in ward ${index} are flushed weekly by the estates team.`,
      }));
      const jobIds = await Promise.all(
        uploads.map(({ filename, text }) =>
          uploadForIngestion(second as Server, TOKEN, new File([`# ${filename}\n\n${text}\n`], filename)),
        ),
      );
      for (const jobId of jobIds) {
        await expect.poll(() => ingestionStatus(second as Server, TOKEN, jobId), { timeout: 60_000, interval: 250 }).toBe('succeeded');
      }
      const ran = await database.db.select({ attempts: jobs.attempts }).from(jobs).where(inArray(jobs.id, jobIds));
      expect(ran.map((job) => job.attempts)).toEqual(jobIds.map(() => 1));
      const stored = await database.db
        .select({ filename: documents.filename })
        .from(documents)
        .where(
          inArray(
            documents.filename,
            uploads.map((upload) => upload.filename),
          ),
        );
      expect(stored.map((row) => row.filename).sort()).toEqual(uploads.map((upload) => upload.filename).sort());
    },
    90_000,
  );

  test.skipIf(!run)('failed sign-ins counted on two processes are refused on the third', async () => {
    const wrong = 'wrong-password-attempt-1';
    expect((await signInTo(first as Server, email, wrong)).status).toBe(401);
    expect((await signInTo(second as Server, email, wrong)).status).toBe(401);
    expect((await signInTo(first as Server, email, wrong)).status).toBe(401);
    const refused = await signInTo(third as Server, email, wrong);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // Shared through the store this deployment names: with Redis, the database counts nothing.
    const counted = await database.db.select({ key: rateLimits.key }).from(rateLimits);
    if (redis) expect(counted).toEqual([]);
    else expect(counted.length).toBeGreaterThan(0);
  });

  test.skipIf(!run)(
    'a chat answer streams from whichever process takes the question, and every process shows the conversation',
    async () => {
      await expectIngestedThrough(
        second as Server,
        `sluice-${store.toLowerCase()}.md`,
        'Sluice rooms are cleaned twice a day and audited monthly by the ward manager.',
      );
      const created = await call(first as Server, token, '/api/chat/sessions', { json: {} });
      expect(created.status).toBe(201);
      const session = (await created.json()) as ChatSessionSummary;
      const answer = await call(third as Server, token, `/api/chat/sessions/${session.id}/messages`, {
        json: { content: 'How often are sluice rooms cleaned?' },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      const stream = readStream(await answer.text());
      expect(stream.error).toBeUndefined();
      expect(stream.done).toBeDefined();
      expect(stream.text).toMatch(/twice a day/);
      expect(stream.citations?.length).toBeGreaterThan(0);
      const detail = (await (await call(second as Server, token, `/api/chat/sessions/${session.id}`)).json()) as ChatSessionDetail;
      expect(detail.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    },
    90_000,
  );

  test.skipIf(!run)(
    "a notification written by one process's worker is read through another",
    async () => {
      const form = await multipart({ text: MEETING, title: `Estates meeting (${store})` });
      const posted = await fetch(`${second?.url}/api/write/documents`, {
        method: 'POST',
        headers: { 'auth-token': token, ...form.headers },
        body: new Uint8Array(form.payload),
      });
      expect(posted.status).toBe(202);
      const { external_id: id } = (await posted.json()) as CreateWriteDocumentResponse;
      // Nobody watches the job, so its end is told by a notification.
      const titles = async () =>
        ((await (await call(third as Server, token, '/api/notifications/user')).json()) as NotificationsResponse).notifications
          .filter((item) => item.link === `/write/${id}`)
          .map((item) => item.title);
      await expect.poll(titles, { timeout: 60_000, interval: 250 }).toEqual(['Your minutes are ready']);
    },
    90_000,
  );

  test.skipIf(!run)(
    'a process told to stop answers /api/ready with 503 for SHUTDOWN_DRAIN_SECONDS while still serving, then exits cleanly',
    async () => {
      const leaving = await startServer({ JOBS_WORKER: 'false', SHUTDOWN_DRAIN_SECONDS: '2' });
      expect(await (await fetch(`${leaving.url}/api/ready`)).json()).toEqual({ status: 'ready' });
      const exited = new Promise<number | null>((resolve) => leaving.child.once('exit', (code) => resolve(code)));
      const toldAt = Date.now();
      leaving.child.kill('SIGTERM');
      let readiness: { status: number; body: unknown } | undefined;
      while (!readiness && Date.now() - toldAt < 1500) {
        const answer = await fetch(`${leaving.url}/api/ready`);
        if (answer.status === 503) readiness = { status: answer.status, body: await answer.json() };
      }
      expect(readiness).toEqual({ status: 503, body: { status: 'draining' } });
      // Requests already on their way are still answered while it drains.
      expect((await fetch(`${leaving.url}/api/app-config`)).status).toBe(200);
      expect(await exited).toBe(0);
      expect(Date.now() - toldAt).toBeGreaterThanOrEqual(2000);
    },
    90_000,
  );

  test.skipIf(!run)(
    'a --worker-only process answers no requests and runs the jobs the servers queue',
    async () => {
      // Only the worker-only process is left to run jobs.
      await Promise.all([stopServer(first), stopServer(third)]);
      const output: string[] = [];
      const worker = spawn(process.execPath, [SERVER_MAIN, '--worker-only'], {
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'test',
          DATABASE_URL: database.url,
          LOG_LEVEL: 'warn',
          JOBS_POLL_INTERVAL_MS: '200',
          ...(redis ? { REDIS_URL: TEST_REDIS_URL } : {}),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      worker.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      worker.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      try {
        await expect.poll(() => output.join(''), { timeout: 60_000, interval: 200 }).toContain('Verity job worker running on PostgreSQL');
        await expectIngestedThrough(second as Server, `worker-plan-${store.toLowerCase()}.md`, 'The worker-only process ingests this.');
        expect(output.join('')).not.toMatch(/Verity is running at/);
      } finally {
        const exited = new Promise<number | null>((resolve) => worker.once('exit', (code) => resolve(code)));
        worker.kill('SIGTERM');
        expect(await exited).toBe(0);
      }
    },
    120_000,
  );
});
