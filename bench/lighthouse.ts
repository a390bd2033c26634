/**
 * Lighthouse (mobile form factor, default simulated throttling) on the pages issue 27 names, in
 * Debian's Chromium against the production build served by the real server (browser.ts). The
 * sign-in page is measured as a first visitor sees it (no session, the cookie banner); the others
 * as the demo champion, a returning visitor who has answered the banner. Each run starts with
 * the browser's cache emptied, and the session (token and stored account) kept (Lighthouse's own
 * storage reset would end it). The server speaks HTTPS and HTTP/2 itself, as users reach it behind
 * the reference deployment's load balancer (docs/deployment.md); BENCH_LIGHTHOUSE_HTTP=1.1 measures
 * it over plain HTTP/1.1 instead, as `npm start` serves it on this machine.
 * Each page is measured BENCH_LIGHTHOUSE_RUNS times (3) and its row is the median run as Lighthouse
 * chooses it (`computeMedianRun`: the run nearest the median first paint and time to interactive),
 * with every run's score beside it: on this shared two-core machine one run's blocking time swings
 * several-fold with what else the cores are doing, and Lighthouse's own guidance for that is the
 * median of several runs. BENCH_LIGHTHOUSE_REPORTS=<folder> keeps the median run's full report there
 * (`<page>.json`, and each run's as `<page>-<n>.json`); BENCH_LIGHTHOUSE_PAGES=sign-in,wiki measures
 * only those.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import lighthouse, { type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromiumOrSkip, withBenchServer } from './browser.ts';

const DEBUGGING_PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 9333);
const CHAMPION = 'champion@example.org';
/** A folder to keep each page's full Lighthouse report (JSON) in, for reading what it found. */
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;
/** Only these pages, by name (comma-separated), when set. */
const ONLY = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
/** Runs per page; the row is the median run. */
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
/** HTTP/2 over HTTPS unless BENCH_LIGHTHOUSE_HTTP=1.1. */
export const LIGHTHOUSE_HTTP = process.env.BENCH_LIGHTHOUSE_HTTP === '1.1' ? '1.1' : '2';

export const LIGHTHOUSE_PAGES: readonly { name: string; path: string; signedIn: boolean }[] = [
  { name: 'sign-in', path: '/auth/login', signedIn: false },
  { name: 'home', path: '/home', signedIn: true },
  { name: 'chat', path: '/chat', signedIn: true },
  { name: 'wiki', path: '/wiki', signedIn: true },
  { name: 'write', path: '/write', signedIn: true },
  { name: 'review', path: '/review', signedIn: true },
  { name: 'dashboard', path: '/dashboard', signedIn: true },
];

export interface LighthouseRow {
  name: string;
  path: string;
  /** 0–100, as Lighthouse shows them. */
  performance: number;
  accessibility: number;
  /** Milliseconds, except CLS. */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; speedIndex: number };
  /** The audits of either category that did not pass, worst first: "title (value)". */
  failing: string[];
  /** Every run's performance score, in the order measured (the row is the median run's). */
  runs: number[];
  /** Lighthouse's measure of the machine's speed in each run (higher is faster): it says which runs a busy machine slowed. */
  benchmarkIndex: number[];
}

export interface LighthouseBench {
  rows: LighthouseRow[];
  skipped?: string;
}

const CATEGORIES = ['performance', 'accessibility'] as const;

export async function benchLighthouse(): Promise<LighthouseBench> {
  const chromiumPath = chromiumOrSkip();
  if ('skipped' in chromiumPath) return { rows: [], skipped: chromiumPath.skipped };
  return withBenchServer(
    'lighthouse',
    async (server) => {
      const token = await server.signIn(CHAMPION);
      // A returning person's device holds the account it last saw beside the token, as the app stores it.
      const session = { token, user: JSON.stringify(await server.api(token, '/account/info')) };
      const profile = mkdtempSync(join(tmpdir(), 'verity-bench-lighthouse-profile-'));
      // A persistent context is the browser's default one, which the tab Lighthouse opens shares.
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: chromiumPath.path,
        headless: true,
        // The run's certificate is self-signed, made for this run only.
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--ignore-certificate-errors',
          `--remote-debugging-port=${DEBUGGING_PORT}`,
        ],
      });
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        const rows: LighthouseRow[] = [];
        for (const target of LIGHTHOUSE_PAGES.filter((item) => !ONLY || ONLY.includes(item.name))) {
          const prepare = () => prepareVisit(context, page, server.origin, target.signedIn ? session : null);
          const results: Result[] = [];
          for (let run = 1; run <= RUNS; run++) {
            const lhr = await auditTwice(target.path, server.origin, prepare);
            keepReport(`${target.name}-${run}`, lhr);
            results.push(lhr);
          }
          const median = computeMedianRun(results);
          keepReport(target.name, median);
          rows.push(rowOf(target.name, target.path, median, results));
        }
        return { rows };
      } finally {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      }
    },
    { https: LIGHTHOUSE_HTTP === '2' },
  );
}

/** A first visitor (no session, no consent) or the signed-in champion returning, with an empty cache either way. */
async function prepareVisit(
  context: BrowserContext,
  page: Page,
  origin: string,
  session: { token: string; user: string } | null,
): Promise<void> {
  await context.clearCookies();
  await page.goto(`${origin}/robots.txt`);
  await page.evaluate((stored) => {
    localStorage.clear();
    sessionStorage.clear();
    if (stored) {
      localStorage.setItem('accessToken', stored.token);
      localStorage.setItem('user', stored.user);
    }
  }, session);
  if (session) await context.addCookies([{ name: 'verity_consent', value: 'dismissed', url: origin }]);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

/**
 * Lighthouse sometimes loses the page load's trace in the headless browser (NO_NAVSTART) or its
 * first paint (NO_FCP) and says to run it again: once, from a fresh visit, then the error stands.
 */
async function auditTwice(path: string, origin: string, prepare: () => Promise<void>): Promise<Result> {
  await prepare();
  try {
    return await audit(origin, path);
  } catch (error) {
    if (!(error instanceof Error && /\((NO_NAVSTART|NO_FCP)\)$/.test(error.message))) throw error;
    console.log(`  ${path}: ${error.message}; measuring once more`);
    await prepare();
    return audit(origin, path);
  }
}

async function audit(origin: string, path: string): Promise<Result> {
  const result = await lighthouse(`${origin}${path}`, {
    port: DEBUGGING_PORT,
    logLevel: 'error',
    output: 'json',
    onlyCategories: [...CATEGORIES],
    formFactor: 'mobile',
    disableStorageReset: true,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.message}`);
  return lhr;
}

function keepReport(name: string, lhr: Result): void {
  if (!REPORTS) return;
  mkdirSync(REPORTS, { recursive: true });
  writeFileSync(join(REPORTS, `${name}.json`), JSON.stringify(lhr, null, 1));
}

const scoreOf = (lhr: Result, category: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** The page's row: the median run's scores, metrics and failing audits, and every run's score. */
function rowOf(name: string, path: string, lhr: Result, runs: readonly Result[]): LighthouseRow {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = CATEGORIES.flatMap((category) => lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 || ref.group === 'diagnostics')
    .map((ref) => lhr.audits[ref.id])
    .filter((item) => item !== undefined && item.score !== null && item.score < 0.9 && item.scoreDisplayMode !== 'informative')
    .sort((a, b) => (a?.score ?? 0) - (b?.score ?? 0))
    .map((item) => `${item?.title}${item?.displayValue ? ` (${item.displayValue})` : ''}`);
  return {
    name,
    path,
    performance: scoreOf(lhr, 'performance'),
    accessibility: scoreOf(lhr, 'accessibility'),
    metrics: {
      fcp: numeric('first-contentful-paint'),
      lcp: numeric('largest-contentful-paint'),
      tbt: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      speedIndex: numeric('speed-index'),
    },
    failing: [...new Set(failing)],
    runs: runs.map((run) => scoreOf(run, 'performance')),
    benchmarkIndex: runs.map((run) => Math.round(run.environment.benchmarkIndex)),
  };
}

export function printLighthouseTable(rows: readonly LighthouseRow[]): void {
  console.log(
    `\nLighthouse, mobile (simulated throttling), Debian Chromium, ${LIGHTHOUSE_HTTP === '2' ? 'HTTP/2 over HTTPS' : 'HTTP/1.1'}`,
  );
  console.log(
    `The median of ${RUNS} run${RUNS === 1 ? '' : 's'} a page; every run's performance and the machine's benchmark index beside it.`,
  );
  console.log('| page | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms | runs | benchmark index |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |');
  for (const row of rows) {
    const { fcp, lcp, tbt, cls, speedIndex } = row.metrics;
    console.log(
      `| ${row.name} (${row.path}) | ${row.performance} | ${row.accessibility} | ${fcp.toFixed(0)} | ${lcp.toFixed(0)} | ${tbt.toFixed(0)} | ${cls.toFixed(3)} | ${speedIndex.toFixed(0)} | ${row.runs.join(', ')} | ${row.benchmarkIndex.join(', ')} |`,
    );
  }
  for (const row of rows) {
    if (row.failing.length > 0) console.log(`  ${row.name}: ${row.failing.join('; ')}`);
  }
}
