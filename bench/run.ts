/**
 * npm run bench: search latency at SCALE× the seed corpus (PGlite, and PostgreSQL when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set), PDF ingestion throughput and the compare
 * diff, chat latency, the writing assistant's built-in engine and its editor's keystroke-to-paint, the built-in policy reviewer,
 * the champion dashboard's endpoints, Lighthouse on a phone for seven pages, and the engines' time against input size (10k, 100k, 400k characters). Every measurement is printed with its ratio to a baseline measured in the same run; the
 * targets are checked and reported, never asserted (see docs/benchmarks.md).
 */
import { availableParallelism, cpus, totalmem } from 'node:os';
import { benchChat } from './chat.ts';
import { benchCompare } from './compare.ts';
import { benchDashboard } from './dashboard.ts';
import { benchEditor } from './editor.ts';
import { benchEngines } from './engines.ts';
import { benchAppHttp, benchBareHttp, type HttpRow, printHttpTable } from './http.ts';
import { benchIngest } from './ingest.ts';
import { benchLighthouse, printLighthouseTable } from './lighthouse.ts';
import { benchLoop, LOOP_PDF_PAGES } from './loop.ts';
import { benchReview } from './review.ts';
import { benchReviewPage } from './review-page.ts';
import { benchSearch, SCALE } from './search.ts';
import { benchSoak, SOAK_MINUTES } from './soak.ts';
import { printTable, type Row } from './stats.ts';
import { benchWrite } from './write.ts';

const TARGETS = {
  pgliteP95: 150,
  postgresP95: 50,
  pagesPerSecond: 20,
  chatFirstTokenP95: 300,
  chatRetrievalP95: 100,
  providerOverheadP95: 150,
  writeHourMs: 3000,
  writeTwoHoursMs: 6000,
  editorKeystrokeP95: 50,
  reviewMs: 5000,
  inspectP95: 100,
  dashboardP95: 100,
  dashboardUsersP95: 150,
  loopP99: 50,
  /** Resident memory growth over the soak, first five minutes to last five. */
  soakGrowth: 0.1,
  /** Lighthouse on a phone (mobile form factor), per page. */
  lighthousePerformance: 90,
  lighthouseAccessibility: 100,
  /** Requests a second and p99 (ms) through the whole server, 20 connections. */
  http: {
    pglite: { info: 1000, search: 150, infoP99: 50, searchP99: 200 },
    postgres: { info: 2000, search: 300, infoP99: 50, searchP99: 100 },
  },
};

const only = new Set(process.argv.slice(2));
const wanted = (name: string) => only.size === 0 || only.has(name);
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const verdicts: string[] = [];
const verdict = (ok: boolean, text: string) => verdicts.push(`${ok ? 'met   ' : 'MISSED'}  ${text}`);

console.log(
  `machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB; Node ${process.versions.node}`,
);

if (wanted('search')) {
  const rows: Row[] = [];
  // BENCH_SEARCH_DATABASES=postgres skips the embedded half (loading its ×100 library takes most of the part's time).
  const named = process.env.BENCH_SEARCH_DATABASES?.split(',');
  const kinds = (['pglite', 'postgres'] as const).filter((kind) => (!named || named.includes(kind)) && (kind === 'pglite' || serverUrl));
  if (!serverUrl) console.log('PostgreSQL search bench skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it.');
  for (const kind of kinds) {
    const result = await benchSearch(kind, serverUrl);
    rows.push(...result.rows);
    const p95 = result.rows[1]?.p95 ?? Number.NaN;
    const target = kind === 'pglite' ? TARGETS.pgliteP95 : TARGETS.postgresP95;
    verdict(
      p95 <= target,
      `${kind} search p95 ${p95.toFixed(1)} ms ≤ ${target} ms (${result.documents} documents, ${result.elements} elements)`,
    );
    console.log(`  ${kind} slowest: ${result.slowest.map((item) => `${item.ms.toFixed(0)} ms "${item.q}"`).join('; ')}`);
  }
  printTable(`Search, seed corpus × ${SCALE}`, rows);
}

if (wanted('ingest')) {
  const result = await benchIngest();
  printTable('PDF ingestion (one core)', result.rows);
  console.log(
    `  parseFile ${result.parsePagesPerSecond.toFixed(1)} pages/s; extractPdfText ${result.extractPagesPerSecond.toFixed(1)} pages/s`,
  );
  verdict(
    result.parsePagesPerSecond >= TARGETS.pagesPerSecond,
    `parseFile ${result.parsePagesPerSecond.toFixed(1)} pages/s ≥ ${TARGETS.pagesPerSecond}`,
  );
}

if (wanted('compare')) {
  const result = await benchCompare();
  printTable(`Compare diff (largest: ${result.code}, ${result.elements} elements)`, result.rows);
  const p95 = result.rows[1]?.p95 ?? Number.NaN;
  verdict(p95 <= 5, `compare diff p95 ${p95.toFixed(2)} ms ≤ 5 ms`);
}

if (wanted('chat')) {
  const result = await benchChat();
  printTable(`Chat, seed corpus (${result.questions} dev-set questions)`, result.rows);
  verdict(
    result.firstTokenP95 <= TARGETS.chatFirstTokenP95,
    `built-in engine first token p95 ${result.firstTokenP95.toFixed(1)} ms ≤ ${TARGETS.chatFirstTokenP95} ms`,
  );
  verdict(
    result.retrievalP95 <= TARGETS.chatRetrievalP95,
    `chat retrieval p95 ${result.retrievalP95.toFixed(1)} ms ≤ ${TARGETS.chatRetrievalP95} ms`,
  );
  verdict(
    result.providerOverheadP95 <= TARGETS.providerOverheadP95,
    `provider engine request → provider call p95 ${result.providerOverheadP95.toFixed(1)} ms ≤ ${TARGETS.providerOverheadP95} ms`,
  );
}

if (wanted('write')) {
  const result = await benchWrite();
  printTable('Writing assistant, built-in engine', result.rows);
  verdict(
    result.hourMs <= TARGETS.writeHourMs,
    `60-minute transcript → minutes p95 ${result.hourMs.toFixed(0)} ms ≤ ${TARGETS.writeHourMs} ms`,
  );
  verdict(
    result.twoHourMs <= TARGETS.writeTwoHoursMs,
    `2-hour transcript → minutes p95 ${result.twoHourMs.toFixed(0)} ms ≤ ${TARGETS.writeTwoHoursMs} ms`,
  );
}

if (wanted('review')) {
  const result = await benchReview();
  printTable('Policy review, built-in reviewer', result.rows);
  verdict(
    result.p95 <= TARGETS.reviewMs,
    `${result.pages}-page policy PDF read and reviewed p95 ${result.p95.toFixed(0)} ms ≤ ${TARGETS.reviewMs} ms`,
  );
}

if (wanted('engines')) {
  const result = await benchEngines();
  printTable('Engines against input size (in the untrusted-work pool; ratio to the 10,000-character size)', result.rows);
  for (const input of result.timedOut) console.log(`  passed the time limit: ${input}`);
  verdict(
    result.timedOut.length === 0 && result.worstGrowth <= 1.5,
    `engines grow linearly: worst time growth from 100,000 to 400,000 characters ${result.worstGrowth.toFixed(2)} × the size's 4× (≤ 1.5), none past the time limit`,
  );
}

if (wanted('review-page')) {
  const result = await benchReviewPage();
  if (result.skipped) console.log(`Review page bench skipped: ${result.skipped}.`);
  else {
    printTable('Policy review page (Chromium)', result.rows);
    const p95 = result.inspectP95 ?? Number.NaN;
    verdict(
      p95 <= TARGETS.inspectP95,
      `inspect → highlight p95 with ${result.findings} findings ${p95.toFixed(1)} ms ≤ ${TARGETS.inspectP95} ms`,
    );
  }
}

if (wanted('editor')) {
  const result = await benchEditor();
  if (result.skipped) console.log(`Editor bench skipped: ${result.skipped}.`);
  else {
    printTable('Writing assistant editor (Chromium)', result.rows);
    const p95 = result.longP95 ?? Number.NaN;
    verdict(
      p95 <= TARGETS.editorKeystrokeP95,
      `editor keystroke → paint p95 on 20 pages ${p95.toFixed(1)} ms ≤ ${TARGETS.editorKeystrokeP95} ms`,
    );
  }
}

if (wanted('dashboard')) {
  const result = await benchDashboard();
  printTable(`Champion dashboard endpoints (activity loaded in ${result.loadSeconds.toFixed(0)} s)`, result.rows);
  verdict(
    result.dashboardP95 <= TARGETS.dashboardP95,
    `dashboard endpoints p95 (slowest) ${result.dashboardP95.toFixed(1)} ms ≤ ${TARGETS.dashboardP95} ms (500 people, a year of activity)`,
  );
  verdict(
    result.usersP95 <= TARGETS.dashboardUsersP95,
    `dashboard users p95 ${result.usersP95.toFixed(1)} ms ≤ ${TARGETS.dashboardUsersP95} ms (5,000 people)`,
  );
}

if (wanted('http')) {
  const bare = await benchBareHttp();
  const rows: HttpRow[] = [bare];
  const kinds: ('pglite' | 'postgres')[] = serverUrl ? ['pglite', 'postgres'] : ['pglite'];
  for (const kind of kinds) {
    const [info, search, computed] = await benchAppHttp(kind, serverUrl, bare);
    if (!info || !search || !computed) continue;
    rows.push(info, search, computed);
    const target = TARGETS.http[kind];
    verdict(
      info.requestsPerSecond >= target.info && info.p99 <= target.infoP99 && info.errors === 0,
      `${kind} account/info ${info.requestsPerSecond.toFixed(0)} req/s ≥ ${target.info}, p99 ${info.p99} ms ≤ ${target.infoP99} ms`,
    );
    verdict(
      search.requestsPerSecond >= target.search && search.p99 <= target.searchP99 && search.errors === 0,
      `${kind} search ${search.requestsPerSecond.toFixed(0)} req/s ≥ ${target.search}, p99 ${search.p99} ms ≤ ${target.searchP99} ms`,
    );
  }
  printHttpTable(rows);
}

if (wanted('loop')) {
  const kinds: ('pglite' | 'postgres')[] = serverUrl ? ['pglite', 'postgres'] : ['pglite'];
  console.log(`\nEvent-loop delay (ms) while a ${LOOP_PDF_PAGES}-page PDF is ingested and 4 searches are always in flight`);
  console.log('| database | ingest s | searches | p50 | p99 | max | baseline p50 | baseline p99 | baseline max | baseline searches |');
  for (const kind of kinds) {
    const result = await benchLoop(kind, serverUrl);
    const f = (value: number) => value.toFixed(1);
    console.log(
      `| ${kind} | ${result.ingestSeconds.toFixed(1)} | ${result.searches} | ${f(result.during.p50)} | ${f(result.during.p99)} | ${f(result.during.max)} | ${f(result.baseline.p50)} | ${f(result.baseline.p99)} | ${f(result.baseline.max)} | ${result.baseline.searches} |`,
    );
    verdict(
      result.during.p99 <= TARGETS.loopP99,
      `${kind} event-loop delay p99 ${f(result.during.p99)} ms ≤ ${TARGETS.loopP99} ms while a ${result.pages}-page PDF is ingested`,
    );
  }
}

// Not part of a plain `npm run bench`: it takes half an hour.
if (only.has('soak')) {
  // PostgreSQL (with Redis when BENCH_REDIS_URL is set) when a server is named, as a region would run.
  const kind = serverUrl ? 'postgres' : 'pglite';
  const target = TARGETS.http[kind];
  const result = await benchSoak(kind, serverUrl, { info: target.info / 2, search: target.search / 2 });
  console.log(
    `  resident memory ${result.startRssMb.toFixed(0)} MB (first minutes) → ${result.endRssMb.toFixed(0)} MB (last minutes); ${result.errors} errors`,
  );
  verdict(
    result.growth <= TARGETS.soakGrowth && result.errors === 0,
    `${result.label} soak, ${SOAK_MINUTES} min at half the target load: memory growth ${(result.growth * 100).toFixed(1)}% ≤ ${TARGETS.soakGrowth * 100}%, ${result.errors} errors`,
  );
}

if (wanted('lighthouse')) {
  const result = await benchLighthouse();
  if (result.skipped) console.log(`Lighthouse bench skipped: ${result.skipped}.`);
  printLighthouseTable(result.rows);
  for (const row of result.rows) {
    verdict(
      row.performance >= TARGETS.lighthousePerformance && row.accessibility >= TARGETS.lighthouseAccessibility,
      `Lighthouse mobile ${row.name}: performance ${row.performance} ≥ ${TARGETS.lighthousePerformance}, accessibility ${row.accessibility} = ${TARGETS.lighthouseAccessibility}`,
    );
  }
}

console.log('\nTargets');
for (const line of verdicts) console.log(`  ${line}`);
