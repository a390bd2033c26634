/**
 * The server's event loop while a large PDF is ingested and people search: the app in this
 * process (app.inject) on the seed library, its ingestion job worker running, four searches in
 * flight at all times, and Node's event-loop delay histogram (perf_hooks, sampled every millisecond, so a figure includes that millisecond). The
 * baseline is the same searches for as long with no ingestion, measured in the same run.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createAccount } from '../apps/server/src/core/identity/accounts.ts';
import { createOrganisation } from '../apps/server/src/core/identity/organisations.ts';
import { createSession } from '../apps/server/src/core/identity/sessions.ts';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/connect.ts';
import { ingestSeedCorpus } from '../apps/server/src/ingest/corpus.ts';
import { buildPdf } from '../apps/server/src/test/sample-files.ts';
import { ingestWorker } from '../apps/server/src/test/ingest.ts';
import { multipart } from '../apps/server/src/test/multipart.ts';
import { openThrowawayPostgres } from '../apps/server/src/test/database.ts';
import { SEARCHES } from './http.ts';
import { page } from './ingest.ts';

export const LOOP_PDF_PAGES = Number(process.env.BENCH_LOOP_PAGES ?? 100);
const SEARCHES_IN_FLIGHT = 4;
const TOKEN = 'bench-ingestion-token-0123456789abcdef';

export interface LoopResult {
  kind: 'pglite' | 'postgres';
  pages: number;
  ingestSeconds: number;
  searches: number;
  baseline: { p50: number; p99: number; max: number; searches: number };
  during: { p50: number; p99: number; max: number };
}

const ms = (nanoseconds: number) => nanoseconds / 1e6;

export async function benchLoop(kind: 'pglite' | 'postgres', serverUrl: string | undefined): Promise<LoopResult> {
  const database: DatabaseHandle =
    kind === 'postgres' && serverUrl
      ? await openThrowawayPostgres(serverUrl, 'verity_bench_loop')
      : await openDatabase({ dataDir: 'memory' });
  await database.migrate();
  await ingestSeedCorpus({ db: database.db });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://verity.test',
    INGESTION_TOKEN: TOKEN,
    // One person's limits would stop a benchmark that is one person.
    READ_RATE_LIMIT_PER_MINUTE: '100000000',
    READ_CONCURRENCY_PER_USER: '16',
  });
  const app = await buildApp({ config, database });
  await app.ready();
  const organisation = await createOrganisation({ db: database.db, name: 'Loop Bench Trust' });
  const user = await createAccount({
    db: database.db,
    organisationId: organisation.id,
    email: 'loop.bench@example.org',
    firstname: 'Loop',
    surname: 'Bench',
    jobTitle: 'Estates Manager',
    password: 'loop-bench-password-2026',
    roles: ['standard'],
    emailVerified: true,
  });
  const headers = { 'auth-token': await createSession({ db: database.db, userId: user.id, policy: { idleMinutes: 60, absoluteDays: 1 } }) };
  let searches = 0;
  const searchUntil = async (done: () => boolean) => {
    const one = async (lane: number) => {
      for (let i = lane; !done(); i += SEARCHES_IN_FLIGHT) {
        // As a request from a socket would, each starts from the event loop: an injected request on
        // the embedded database can otherwise run on microtasks alone and starve timers and workers.
        await new Promise((resolve) => setImmediate(resolve));
        const q = SEARCHES[i % SEARCHES.length] as string;
        const response = await app.inject({ method: 'GET', url: `/api/docs/search?q=${encodeURIComponent(q)}`, headers });
        if (response.statusCode !== 200) throw new Error(`search answered ${response.statusCode}: ${response.body}`);
        searches++;
      }
    };
    await Promise.all(Array.from({ length: SEARCHES_IN_FLIGHT }, (_, lane) => one(lane)));
  };

  try {
    const bytes = await buildPdf({
      metadataTitle: 'Water Safety Plan',
      footer: 'Northshire NHS Trust - Water Safety Plan v2',
      pages: Array.from({ length: LOOP_PDF_PAGES }, (_, i) => page(i + 1)),
    });
    // Warm-up: the searches' code paths and plans.
    const warm = Date.now() + 2_000;
    await searchUntil(() => Date.now() > warm);

    const form = await multipart({
      file: new File([new Uint8Array(bytes)], 'water-safety-plan.pdf', { type: 'application/pdf' }),
      category: 'Policy',
      domain: 'Water',
      subdomain: 'Legionella',
    });
    const histogram = monitorEventLoopDelay({ resolution: 1 });
    histogram.enable();
    const started = performance.now();
    const upload = await app.inject({
      method: 'POST',
      url: '/api/ingest/documents',
      headers: { ...form.headers, token: TOKEN },
      payload: form.payload,
    });
    if (upload.statusCode !== 202) throw new Error(`upload answered ${upload.statusCode}: ${upload.body}`);
    const worker = ingestWorker(database.db);
    let ingested = false;
    searches = 0;
    const ingesting = (async () => {
      try {
        return await worker.runOnce();
      } finally {
        ingested = true;
      }
    })();
    const [worked] = await Promise.all([ingesting, searchUntil(() => ingested)]);
    const job = await app.inject({
      method: 'GET',
      url: `/api/ingest/jobs/${upload.json<{ job_id: string }>().job_id}`,
      headers: { token: TOKEN },
    });
    if (!worked || job.json<{ status: string }>().status !== 'succeeded') throw new Error(`the ingestion job did not succeed: ${job.body}`);
    const ingestSeconds = (performance.now() - started) / 1000;
    histogram.disable();
    const during = { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) };
    const duringSearches = searches;

    histogram.reset();
    histogram.enable();
    searches = 0;
    const until = performance.now() + ingestSeconds * 1000;
    await searchUntil(() => performance.now() > until);
    histogram.disable();
    const baseline = { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), searches };
    return { kind, pages: LOOP_PDF_PAGES, ingestSeconds, searches: duringSearches, baseline, during };
  } finally {
    await app.close();
    await database.close();
  }
}
