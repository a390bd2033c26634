/**
 * Several server processes on one PostgreSQL database, as a deployment scales out: a session
 * opened on one is honoured by the other, a job queued through one is run by the other's
 * worker, and a rate limit counted on one holds on the other. Real processes (main.ts), not two
 * app instances in one, so nothing in memory can be shared by accident.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseHandle } from './db/connect.ts';
import { createAccount } from './core/identity/accounts.ts';
import { createOrganisation } from './core/identity/organisations.ts';
import { openThrowawayPostgres } from './test/database.ts';
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
const onPostgres = process.env.VERITY_TEST_DB === 'postgres' && Boolean(serverUrl);
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

const startServer = (databaseUrl: string, env: Record<string, string>) =>
  startServerProcess({ env: { ...BASE_ENV, DATABASE_URL: databaseUrl, ...env } });
const stopServer = (server: Server | undefined) => stopServerProcess(server);

/** Uploads a document through `server`'s ingestion API and waits until some process's worker has ingested it. */
async function expectIngestedThrough(server: Server, filename: string, text: string): Promise<void> {
  const jobId = await uploadForIngestion(server, TOKEN, new File([`# ${filename}\n\n${text}\n`], filename));
  await expect.poll(() => ingestionStatus(server, TOKEN, jobId), { timeout: 30_000, interval: 250 }).toBe('succeeded');
}

let database: DatabaseHandle & { url: string };
let first: Server | undefined;
let second: Server | undefined;
const email = `two.processes.${Date.now()}@example.org`;

describe.skipIf(!onPostgres)('two server processes on one PostgreSQL database', () => {
  beforeAll(async () => {
    database = await openThrowawayPostgres(serverUrl as string, 'verity_multi');
    // Migrated once here, so the two starts do not race to create the same tables.
    await database.migrate();
    const organisation = await createOrganisation({ db: database.db, name: 'Two Process Trust' });
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
    // Only the first runs jobs: whatever the second accepts, the first must do.
    first = await startServer(database.url, { JOBS_WORKER: 'true' });
    second = await startServer(database.url, { JOBS_WORKER: 'false' });
  }, 150_000);

  afterAll(async () => {
    await Promise.all([stopServer(first), stopServer(second)]);
    await database?.close();
  });

  test('a session opened on one process is honoured by the other, and signed out everywhere', async () => {
    const response = await signInTo(first as Server, email, PASSWORD);
    expect(response.status).toBe(200);
    const { auth_token: token } = (await response.json()) as { auth_token: string };
    const info = await fetch(`${second?.url}/api/account/info`, { headers: { 'auth-token': token } });
    expect(info.status).toBe(200);
    expect(((await info.json()) as { email: string }).email).toBe(email);
    // Both now hold the session in memory; signing out on one reaches the other through the database.
    expect((await fetch(`${first?.url}/api/account/info`, { headers: { 'auth-token': token } })).status).toBe(200);
    expect((await fetch(`${second?.url}/api/auth/signout`, { headers: { 'auth-token': token } })).status).toBe(200);
    await expect
      .poll(async () => (await fetch(`${first?.url}/api/account/info`, { headers: { 'auth-token': token } })).status, {
        timeout: 2_000,
        interval: 10,
      })
      .toBe(401);
  });

  test("a document uploaded to the process without a worker is ingested by the other's", async () => {
    await expectIngestedThrough(second as Server, 'two-process-plan.md', 'Outlets are flushed weekly by the estates team.');
  });

  test('failed sign-ins counted on one process are refused on the other', async () => {
    for (let i = 0; i < 3; i++) expect((await signInTo(first as Server, email, 'wrong-password-attempt-1')).status).toBe(401);
    const refused = await signInTo(second as Server, email, 'wrong-password-attempt-1');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  test('a process told to stop answers /api/ready with 503 for SHUTDOWN_DRAIN_SECONDS while still serving, then exits cleanly', async () => {
    const leaving = await startServer(database.url, { JOBS_WORKER: 'false', SHUTDOWN_DRAIN_SECONDS: '2' });
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
  }, 90_000);

  test('a --worker-only process answers no requests and runs the jobs the servers queue', async () => {
    // Only the worker-only process is left to run jobs.
    await stopServer(first);
    const output: string[] = [];
    const worker = spawn(process.execPath, [SERVER_MAIN, '--worker-only'], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATABASE_URL: database.url, LOG_LEVEL: 'warn', JOBS_POLL_INTERVAL_MS: '200' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    worker.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    try {
      await expect.poll(() => output.join(''), { timeout: 60_000, interval: 200 }).toContain('Verity job worker running on PostgreSQL');
      await expectIngestedThrough(second as Server, 'worker-plan.md', 'The worker-only process ingests this.');
      expect(output.join('')).not.toMatch(/Verity is running at/);
    } finally {
      const exited = new Promise<number | null>((resolve) => worker.once('exit', (code) => resolve(code)));
      worker.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  }, 120_000);
});
