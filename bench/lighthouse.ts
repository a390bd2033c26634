/**
 * Lighthouse (mobile form factor, default simulated throttling) on the pages issue 27 names, in
 * Debian's Chromium against the production build served by the real server (browser.ts). The
 * sign-in page is measured as a first visitor sees it (no session, the cookie banner); the others
 * as the demo champion, a returning visitor who has answered the banner. Each run starts with
 * the browser's cache emptied, and the session (token and stored account) kept (Lighthouse's own
 * storage reset would end it). The server speaks HTTPS and HTTP/2 itself, as users reach it behind
 * the reference deployment's load balancer (docs/deployment.md); BENCH_LIGHTHOUSE_HTTP=1.1 measures
 * it over plain HTTP/1.1 instead, as `npm start` serves it on this machine.
 * BENCH_LIGHTHOUSE_REPORTS=<folder> keeps each page's full report there; BENCH_LIGHTHOUSE_PAGES=sign-in,wiki
 * measures only those.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import lighthouse from 'lighthouse';
import { chromiumOrSkip, withBenchServer } from './browser.ts';

const DEBUGGING_PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 9333);
const CHAMPION = 'champion@example.org';
/** A folder to keep each page's full Lighthouse report (JSON) in, for reading what it found. */
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;
/** Only these pages, by name (comma-separated), when set. */
const ONLY = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
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
          rows.push(await auditTwice(target.name, server.origin, target.path, prepare));
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
async function auditTwice(name: string, origin: string, path: string, prepare: () => Promise<void>): Promise<LighthouseRow> {
  await prepare();
  try {
    return await audit(name, origin, path);
  } catch (error) {
    if (!(error instanceof Error && /\((NO_NAVSTART|NO_FCP)\)$/.test(error.message))) throw error;
    console.log(`  ${name}: ${error.message}; measuring once more`);
    await prepare();
    return audit(name, origin, path);
  }
}

async function audit(name: string, origin: string, path: string): Promise<LighthouseRow> {
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
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    writeFileSync(join(REPORTS, `${name}.json`), JSON.stringify(lhr, null, 1));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.message}`);
  const score = (category: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
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
    performance: score('performance'),
    accessibility: score('accessibility'),
    metrics: {
      fcp: numeric('first-contentful-paint'),
      lcp: numeric('largest-contentful-paint'),
      tbt: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      speedIndex: numeric('speed-index'),
    },
    failing: [...new Set(failing)],
  };
}

export function printLighthouseTable(rows: readonly LighthouseRow[]): void {
  console.log(
    `\nLighthouse, mobile (simulated throttling), Debian Chromium, ${LIGHTHOUSE_HTTP === '2' ? 'HTTP/2 over HTTPS' : 'HTTP/1.1'}`,
  );
  console.log('| page | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) {
    const { fcp, lcp, tbt, cls, speedIndex } = row.metrics;
    console.log(
      `| ${row.name} (${row.path}) | ${row.performance} | ${row.accessibility} | ${fcp.toFixed(0)} | ${lcp.toFixed(0)} | ${tbt.toFixed(0)} | ${cls.toFixed(3)} | ${speedIndex.toFixed(0)} |`,
    );
  }
  for (const row of rows) {
    if (row.failing.length > 0) console.log(`  ${row.name}: ${row.failing.join('; ')}`);
  }
}
