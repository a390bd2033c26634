/**
 * Real server processes (main.ts, or any Node script) for the tests and benchmarks that need
 * separate processes: several servers on one database, a process killed mid-write, load from
 * outside. Nothing in memory can be shared by accident.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { IngestDocumentResponse, IngestJobResponse } from '@verity/shared';
import { multipart } from './multipart.ts';

export const SERVER_MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output: string[];
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts `node <args>` (main.ts by default) on a free port of 127.0.0.1 with only `env` (and PATH,
 * HOST, PORT) in its environment, and waits until `ready` answers 2xx.
 */
export async function startServerProcess(options: {
  env: Record<string, string>;
  args?: string[];
  ready?: string;
  timeoutMs?: number;
  port?: number;
}): Promise<ServerProcess> {
  const { ready = '/api/health', timeoutMs = 60_000 } = options;
  const port = options.port ?? (await freePort());
  const output: string[] = [];
  const child = spawn(process.execPath, options.args ?? [SERVER_MAIN], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process exited before answering: ${output.join('')}`);
    try {
      if ((await fetch(`${url}${ready}`)).ok) return { url, port, child, output };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`no answer on ${ready} within ${timeoutMs / 1000} s: ${output.join('')}`);
}

/** The demo password the seeded demo accounts (champion@, admin@, standard@, guest@example.org) sign in with. */
export const DEMO_PASSWORD = 'verity-demo-2026';

/**
 * The environment of a server process holding the demo organisation on a fresh embedded database
 * in `dataDir` (or on PostgreSQL at `databaseUrl`), quiet, with `overrides` on top.
 */
export function demoServerEnv(options: {
  dataDir?: string;
  databaseUrl?: string;
  overrides?: Record<string, string>;
}): Record<string, string> {
  return {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    TUTORIAL_SCREENSHOTS: 'off',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { DATA_DIR: options.dataDir ?? '' }),
    ...options.overrides,
  };
}

/** A demo server process and its data, stopped and removed by `close`. */
export interface DemoServer {
  server: ServerProcess;
  /** Stops the process and starts it again on the same data, with `env` added to its settings. */
  restart(env: Record<string, string>): Promise<void>;
  close(): Promise<void>;
}

/**
 * A server process holding the demo organisation (demoServerEnv) on PostgreSQL at `databaseUrl`,
 * or on a fresh embedded database in a temporary directory, ready once /api/ready answers.
 */
export async function startDemoServer(options: { databaseUrl?: string; overrides?: Record<string, string> }): Promise<DemoServer> {
  const dataDir = options.databaseUrl ? undefined : mkdtempSync(join(tmpdir(), 'verity-demo-server-'));
  const env = demoServerEnv({ dataDir, databaseUrl: options.databaseUrl, overrides: options.overrides });
  const start = (extra: Record<string, string>) =>
    startServerProcess({ env: { ...env, ...extra }, ready: '/api/ready', timeoutMs: 600_000 });
  const removeData = () => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  let server: ServerProcess;
  try {
    server = await start({});
  } catch (error) {
    removeData();
    throw error;
  }
  const demo: DemoServer = {
    server,
    restart: async (extra) => {
      await stopServerProcess(demo.server);
      demo.server = await start(extra);
    },
    close: async () => {
      await stopServerProcess(demo.server);
      removeData();
    },
  };
  return demo;
}

/** Stops it with `signal` (SIGTERM: a clean stop; SIGKILL: a crash) and waits for it to exit; its exit code, or null when killed. */
export async function stopServerProcess(server: ServerProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return server?.child.exitCode ?? null;
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
  server.child.kill(signal);
  return exited;
}

/** Uploads `file` to the library through the server's ingestion API (a water policy); the job's id. */
export async function uploadForIngestion(server: ServerProcess, token: string, file: File): Promise<string> {
  const form = await multipart({ file, category: 'Policy', domain: 'Water', subdomain: 'Legionella' });
  const upload = await fetch(`${server.url}/api/ingest/documents`, {
    method: 'POST',
    headers: { ...form.headers, token },
    body: new Uint8Array(form.payload),
  });
  if (upload.status !== 202) throw new Error(`the upload answered ${upload.status}: ${await upload.text()}`);
  return ((await upload.json()) as IngestDocumentResponse).job_id;
}

/** Where an ingestion job has got to, asked through the server's API. */
export async function ingestionStatus(server: ServerProcess, token: string, jobId: string): Promise<IngestJobResponse['status']> {
  const job = await fetch(`${server.url}/api/ingest/jobs/${jobId}`, { headers: { token } });
  return ((await job.json()) as IngestJobResponse).status;
}

/** POST /api/auth/login on the server, as the sign-in form sends it. */
export async function signInTo(server: ServerProcess, email: string, password: string): Promise<Response> {
  const form = await multipart({ email, password });
  return fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: form.headers, body: new Uint8Array(form.payload) });
}
