/**
 * The app as the HTTP benches load it: the real server (main.ts, a process of its own) with the
 * demo organisation on a fresh embedded database or a throwaway PostgreSQL one (with Redis holding
 * the rate-limit counters when BENCH_REDIS_URL is set, as in the reference deployment), and the
 * demo champion signed in.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openThrowawayPostgres } from '../apps/server/src/test/database.ts';
import {
  DEMO_PASSWORD,
  demoServerEnv,
  type ServerProcess,
  signInTo,
  startServerProcess,
  stopServerProcess,
} from '../apps/server/src/test/server-process.ts';

export type BenchDatabase = 'pglite' | 'postgres';

export interface BenchApp {
  /** "pglite", "postgres" or "postgres + redis". */
  label: string;
  server: ServerProcess;
  /** The demo champion's `auth-token` header. */
  headers: Record<string, string>;
  /** Stops the process and starts it again on the same database, with `env` added to its settings. */
  restart(env: Record<string, string>): Promise<void>;
  close(): Promise<void>;
}

export async function openBenchApp(kind: BenchDatabase, serverUrl: string | undefined, concurrency: number): Promise<BenchApp> {
  const label = kind === 'postgres' && process.env.BENCH_REDIS_URL ? 'postgres + redis' : kind;
  const dataDir = mkdtempSync(join(tmpdir(), 'verity-bench-http-'));
  const throwaway = kind === 'postgres' && serverUrl ? await openThrowawayPostgres(serverUrl, 'verity_bench_http') : undefined;
  const env = demoServerEnv({
    dataDir,
    databaseUrl: throwaway?.url,
    overrides: {
      // The limits a person is held to would stop a benchmark that is one person.
      READ_RATE_LIMIT_PER_MINUTE: '100000000',
      READ_CONCURRENCY_PER_USER: String(concurrency * 2),
      ...(throwaway && process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL } : {}),
      // SESSION_CACHE_SECONDS=0 measures the server reading the session on every request.
      ...(process.env.SESSION_CACHE_SECONDS ? { SESSION_CACHE_SECONDS: process.env.SESSION_CACHE_SECONDS } : {}),
    },
  });

  const start = (extra: Record<string, string>) =>
    startServerProcess({ env: { ...env, ...extra }, ready: '/api/ready', timeoutMs: 600_000 });
  const close = async () => {
    await stopServerProcess(app.server);
    await throwaway?.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const app: BenchApp = {
    label,
    server: await start({}),
    headers: {},
    restart: async (extra) => {
      await stopServerProcess(app.server);
      app.server = await start(extra);
    },
    close,
  };
  try {
    const signIn = await signInTo(app.server, 'champion@example.org', DEMO_PASSWORD);
    if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
    app.headers = { 'auth-token': ((await signIn.json()) as { auth_token: string }).auth_token };
    return app;
  } catch (error) {
    await close();
    throw error;
  }
}
