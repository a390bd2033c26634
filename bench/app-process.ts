/**
 * The app as the HTTP benches load it: the real server (main.ts, a process of its own) with the
 * demo organisation on a fresh embedded database or a throwaway PostgreSQL one (with Redis holding
 * the rate-limit counters when BENCH_REDIS_URL is set, as in the reference deployment), and the
 * demo champion signed in.
 */
import { openThrowawayPostgres } from '../apps/server/src/test/database.ts';
import { DEMO_PASSWORD, type DemoServer, signInTo, startDemoServer } from '../apps/server/src/test/server-process.ts';

export type BenchDatabase = 'pglite' | 'postgres';

export interface BenchApp extends DemoServer {
  /** "pglite", "postgres" or "postgres + redis". */
  label: string;
  /** The demo champion's `auth-token` header. */
  headers: Record<string, string>;
}

export async function openBenchApp(kind: BenchDatabase, serverUrl: string | undefined, concurrency: number): Promise<BenchApp> {
  const throwaway = kind === 'postgres' && serverUrl ? await openThrowawayPostgres(serverUrl, 'verity_bench_http') : undefined;
  const demo = await startDemoServer({
    databaseUrl: throwaway?.url,
    overrides: {
      // The limits a person is held to would stop a benchmark that is one person.
      READ_RATE_LIMIT_PER_MINUTE: '100000000',
      READ_CONCURRENCY_PER_USER: String(concurrency * 2),
      ...(throwaway && process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL } : {}),
      // SESSION_CACHE_SECONDS=0 measures the server reading the session on every request.
      ...(process.env.SESSION_CACHE_SECONDS ? { SESSION_CACHE_SECONDS: process.env.SESSION_CACHE_SECONDS } : {}),
    },
  }).catch(async (error) => {
    await throwaway?.close();
    throw error;
  });
  const close = async () => {
    await demo.close();
    await throwaway?.close();
  };
  try {
    const signIn = await signInTo(demo.server, 'champion@example.org', DEMO_PASSWORD);
    if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
    return {
      label: kind === 'postgres' && process.env.BENCH_REDIS_URL ? 'postgres + redis' : kind,
      headers: { 'auth-token': ((await signIn.json()) as { auth_token: string }).auth_token },
      get server() {
        return demo.server;
      },
      restart: demo.restart,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
