/**
 * Requests a second through the whole server, as a load balancer would send them: the real
 * server (main.ts, its own process, on a fresh embedded database or a throwaway PostgreSQL one)
 * with the demo organisation, driven by autocannon from this process with 20 connections, against
 * a bare Node HTTP server answering a small JSON body, started the same way in the same run (the
 * ratio is the share of that ceiling the app reaches). Measured: a session-authenticated JSON read
 * (GET /api/account/info) and library search (GET /api/docs/search, a rotation of queries).
 */
import autocannon from 'autocannon';
import { startServerProcess, stopServerProcess } from '../apps/server/src/test/server-process.ts';
import { type BenchDatabase, openBenchApp } from './app-process.ts';
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 8);
/**
 * Each load is first run this long unmeasured: a server that has been up for a while has compiled
 * its hot code, and one just started spends its first seconds doing that (the same search load
 * ran at 250–260 a second in its first 8 s and 290–330 in the next ones, with a fifth less Node
 * time a request; docs/benchmarks.md, 2026-11-30).
 */
const WARMUP_SECONDS = Number(process.env.BENCH_HTTP_WARMUP_SECONDS ?? 5);
export const CONNECTIONS = 20;

/** Everyday searches, shared with the event-loop bench (loop.ts). */
export const SEARCHES = [
  'legionella temperature',
  'HTM 04-01',
  'fire risk assessment',
  'theatre ventilation air changes',
  '"medical gases"',
  'sharps disposal -laundry',
  'water safety group',
  'electrical safety testing',
];

export interface HttpRow {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** Requests a second as a share of the bare server's in the same run. */
  share?: number;
}

async function load(name: string, url: string, headers: Record<string, string>, paths?: string[]): Promise<HttpRow> {
  if (WARMUP_SECONDS > 0) await run(url, headers, paths, WARMUP_SECONDS);
  const result = await run(url, headers, paths, SECONDS);
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** autocannon's run of `seconds` on `url`, or on each of `paths` in turn. */
function run(url: string, headers: Record<string, string>, paths: string[] | undefined, seconds: number) {
  let next = 0;
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    ...(paths
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => ({ ...request, path: paths[next++ % paths.length] }),
            },
          ],
        }
      : {}),
  });
}

/** The bare ceiling: a Node HTTP server answering `{"ok":true}`, in a process of its own. */
export async function benchBareHttp(): Promise<HttpRow> {
  const script =
    "require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end('{\"ok\":true}'); }).listen(Number(process.env.PORT), '127.0.0.1')";
  const bare = await startServerProcess({ args: ['-e', script], env: {}, ready: '/', timeoutMs: 10_000 });
  try {
    return await load('bare Node http server (baseline)', `${bare.url}/`, {});
  } finally {
    await stopServerProcess(bare);
  }
}

/** The app on the embedded database, or on PostgreSQL at `serverUrl`; the demo champion's requests. */
export async function benchAppHttp(kind: BenchDatabase, serverUrl: string | undefined, bare: HttpRow): Promise<HttpRow[]> {
  const app = await openBenchApp(kind, serverUrl, CONNECTIONS);
  const searchPaths = SEARCHES.map((q) => `/api/docs/search?q=${encodeURIComponent(q)}`);
  try {
    const rows = [
      await load(`${app.label}: GET /api/account/info`, `${app.server.url}/api/account/info`, app.headers),
      await load(
        `${app.label}: GET /api/docs/search, ${SEARCHES.length} queries (answers kept)`,
        `${app.server.url}/api/docs/search`,
        app.headers,
        searchPaths,
      ),
    ];
    // The same searches with every answer computed, as for a query nobody asked since the library last changed.
    await app.restart({ SEARCH_CACHE_ENTRIES: '0' });
    rows.push(
      await load(
        `${app.label}: GET /api/docs/search, ${SEARCHES.length} queries (SEARCH_CACHE_ENTRIES=0)`,
        `${app.server.url}/api/docs/search`,
        app.headers,
        searchPaths,
      ),
    );
    return rows.map((row) => ({ ...row, share: row.requestsPerSecond / bare.requestsPerSecond }));
  } finally {
    await app.close();
  }
}

export function printHttpTable(rows: readonly HttpRow[]): void {
  console.log(`\nHTTP throughput (autocannon, ${CONNECTIONS} connections, ${SECONDS} s each after ${WARMUP_SECONDS} s of the same load)`);
  const lines = [
    ['benchmark', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'share of bare'],
    ...rows.map((row) => [
      row.name,
      row.requestsPerSecond.toFixed(0),
      String(row.p50),
      String(row.p99),
      String(row.errors),
      row.share === undefined ? 'baseline' : `${(row.share * 100).toFixed(1)}%`,
    ]),
  ];
  for (const line of lines) console.log(`| ${line.join(' | ')} |`);
}
