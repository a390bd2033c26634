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
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
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
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
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
    // A running server has searched before: each query once first, so the run measures searches,
    // not the new process's first reads of the library and its compiling of the code.
    for (const path of searchPaths) await fetch(`${app.server.url}${path}`, { headers: app.headers });
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
  console.log(`\nHTTP throughput (autocannon, ${CONNECTIONS} connections, ${SECONDS} s each)`);
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
