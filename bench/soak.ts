/**
 * A soak: the real server (as the http bench runs it) under a steady half of the throughput
 * targets for BENCH_SOAK_MINUTES (30), after a warm-up: session-authenticated reads
 * (GET /api/account/info) and searches, four in five of them everyday queries and one in five a
 * query not asked before (so the kept answers fill, are evicted and computed again all along).
 * Each minute is one autocannon window per kind of request, at a fixed overall rate; the server's
 * resident memory is read from /proc every five seconds. It reports the memory's growth from the
 * first five minutes to the last five and every error, timeout and non-2xx answer.
 *
 * The warm-up (BENCH_SOAK_WARMUP_MINUTES, 6) lasts until the server's kept search answers are full
 * (2,000 by default: one fresh query in five at 150 searches a second asks 2,000 new ones in about
 * 70 s) and its heap has grown to match: a full cache is the steady state a leak is measured from.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { type BenchApp, type BenchDatabase, openBenchApp } from './app-process.ts';
import { CONNECTIONS, SEARCHES } from './http.ts';
import { percentile } from './stats.ts';

export const SOAK_MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 30);
const WARMUP_MINUTES = Number(process.env.BENCH_SOAK_WARMUP_MINUTES ?? 6);
const WINDOW_SECONDS = 60;
const SAMPLE_MS = 5_000;
/** The minutes at each end compared for memory growth. */
const ENDS = 5;

const WORDS = [
  'water',
  'fire',
  'door',
  'ventilation',
  'theatre',
  'legionella',
  'temperature',
  'sharps',
  'waste',
  'asbestos',
  'electrical',
  'gas',
  'oxygen',
  'lift',
  'boiler',
  'risk',
  'assessment',
  'audit',
  'training',
  'inspection',
  'monthly',
  'annual',
  'records',
  'contractor',
  'permit',
  'isolation',
  'hot',
  'cold',
  'outlet',
  'flushing',
];

/** The n-th three-word query of the vocabulary (distinct until it wraps after 30 × 29 × 28). */
function freshQuery(n: number): string {
  const count = WORDS.length;
  const a = n % count;
  const b = (a + 1 + (Math.floor(n / count) % (count - 1))) % count;
  let c = (b + 1 + (Math.floor(n / (count * (count - 1))) % (count - 2))) % count;
  if (c === a) c = (c + 1) % count;
  return `${WORDS[a]} ${WORDS[b]} ${WORDS[c]}`;
}

export interface SoakWindow {
  minute: number;
  infoPerSecond: number;
  infoP99: number;
  searchPerSecond: number;
  searchP99: number;
  errors: number;
  rssMb: number;
}

export interface SoakResult {
  label: string;
  rates: { info: number; search: number };
  windows: SoakWindow[];
  /** Median resident memory of the first and last ENDS minutes, MB, and the growth between them. */
  startRssMb: number;
  endRssMb: number;
  growth: number;
  errors: number;
}

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

let queries = 0;
const searchPath = () => {
  const n = queries++;
  const q = n % 5 === 4 ? freshQuery(Math.floor(n / 5)) : (SEARCHES[n % SEARCHES.length] as string);
  return `/api/docs/search?q=${encodeURIComponent(q)}`;
};

async function window(app: BenchApp, rates: { info: number; search: number }, seconds: number) {
  const base = { connections: CONNECTIONS / 2, duration: seconds, headers: app.headers };
  const [info, search] = await Promise.all([
    autocannon({ ...base, url: `${app.server.url}/api/account/info`, overallRate: rates.info }),
    autocannon({
      ...base,
      url: `${app.server.url}/api/docs/search`,
      overallRate: rates.search,
      requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: searchPath() }) }],
    }),
  ]);
  const errors = (result: autocannon.Result) => result.errors + result.timeouts + result.non2xx;
  return { info, search, errors: errors(info) + errors(search) };
}

export async function benchSoak(
  kind: BenchDatabase,
  serverUrl: string | undefined,
  rates: { info: number; search: number },
): Promise<SoakResult> {
  const app = await openBenchApp(kind, serverUrl, CONNECTIONS);
  try {
    const pid = app.server.child.pid as number;
    console.log(
      `\nSoak (${app.label}): ${rates.info} account/info and ${rates.search} searches a second, ${SOAK_MINUTES} min after ${WARMUP_MINUTES} min of warm-up`,
    );
    await window(app, rates, WARMUP_MINUTES * WINDOW_SECONDS);
    console.log('| minute | info req/s | info p99 ms | search req/s | search p99 ms | errors | RSS MB |');
    const windows: SoakWindow[] = [];
    const samples: number[][] = [];
    for (let minute = 1; minute <= SOAK_MINUTES; minute++) {
      const rss: number[] = [];
      const sampler = setInterval(() => rss.push(residentMb(pid)), SAMPLE_MS);
      const result = await window(app, rates, WINDOW_SECONDS).finally(() => clearInterval(sampler));
      rss.push(residentMb(pid));
      samples.push(rss);
      const row: SoakWindow = {
        minute,
        infoPerSecond: result.info.requests.average,
        infoP99: result.info.latency.p99,
        searchPerSecond: result.search.requests.average,
        searchP99: result.search.latency.p99,
        errors: result.errors,
        rssMb: percentile(rss, 0.5),
      };
      windows.push(row);
      console.log(
        `| ${minute} | ${row.infoPerSecond.toFixed(0)} | ${row.infoP99} | ${row.searchPerSecond.toFixed(0)} | ${row.searchP99} | ${row.errors} | ${row.rssMb.toFixed(0)} |`,
      );
    }
    // The server logs at warn: anything it said during the soak is worth reading.
    const said = app.server.output
      .join('')
      .split('\n')
      .filter((line) => /"level":(40|50|60)|WARN|ERROR/.test(line));
    console.log(`  the server logged ${said.length} warnings or errors${said.length ? ':' : ''}`);
    for (const line of said.slice(0, 10)) console.log(`    ${line.slice(0, 300)}`);
    const ends = Math.min(ENDS, Math.floor(SOAK_MINUTES / 2)) || 1;
    const startRssMb = percentile(samples.slice(0, ends).flat(), 0.5);
    const endRssMb = percentile(samples.slice(-ends).flat(), 0.5);
    return {
      label: app.label,
      rates,
      windows,
      startRssMb,
      endRssMb,
      growth: endRssMb / startRssMb - 1,
      errors: windows.reduce((sum, row) => sum + row.errors, 0),
    };
  } finally {
    await app.close();
  }
}
