/**
 * Lighthouse (mobile form factor, default simulated throttling) on the pages issue 27 names, in
 * Debian's Chromium against the production build served by the real server (browser.ts). The
 * sign-in page is measured as a first visitor sees it (no session, the cookie banner); the others
 * as the demo champion, a returning visitor who has answered the banner. Each run starts with
 * the browser's cache emptied, and the session (token and stored account) kept (Lighthouse's own
 * storage reset would end it).
 * BENCH_LIGHTHOUSE_REPORTS=<folder> keeps each page's full report there; BENCH_LIGHTHOUSE_PAGES=sign-in,wiki
 * measures only those.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import lighthouse from 'lighthouse';
import { api, chromiumOrSkip, ORIGIN, withBenchServer } from './browser.ts';

const DEBUGGING_PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 9333);
const CHAMPION = 'champion@example.org';
/** A folder to keep each page's full Lighthouse report (JSON) in, for reading what it found. */
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;
/** Only these pages, by name (comma-separated), when set. */
const ONLY = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');

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
  return withBenchServer('lighthouse', async (server) => {
    const token = await server.signIn(CHAMPION);
    // A returning person's device holds the account it last saw beside the token, as the app stores it.
    const session = { token, user: JSON.stringify(await api(token, '/account/info')) };
    const profile = mkdtempSync(join(tmpdir(), 'verity-bench-lighthouse-profile-'));
    // A persistent context is the browser's default one, which the tab Lighthouse opens shares.
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath.path,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', `--remote-debugging-port=${DEBUGGING_PORT}`],
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const rows: LighthouseRow[] = [];
      for (const target of LIGHTHOUSE_PAGES.filter((item) => !ONLY || ONLY.includes(item.name))) {
        rows.push(await auditTwice(target.name, target.path, () => prepareVisit(context, page, target.signedIn ? session : null)));
      }
      return { rows };
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
}

/** A first visitor (no session, no consent) or the signed-in champion returning, with an empty cache either way. */
async function prepareVisit(context: BrowserContext, page: Page, session: { token: string; user: string } | null): Promise<void> {
  await context.clearCookies();
  await page.goto(`${ORIGIN}/robots.txt`);
  await page.evaluate((stored) => {
    localStorage.clear();
    sessionStorage.clear();
    if (stored) {
      localStorage.setItem('accessToken', stored.token);
      localStorage.setItem('user', stored.user);
    }
  }, session);
  if (session) await context.addCookies([{ name: 'verity_consent', value: 'dismissed', url: ORIGIN }]);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

/**
 * Lighthouse sometimes loses the page load's trace in the headless browser (NO_NAVSTART) or its
 * first paint (NO_FCP) and says to run it again: once, from a fresh visit, then the error stands.
 */
async function auditTwice(name: string, path: string, prepare: () => Promise<void>): Promise<LighthouseRow> {
  await prepare();
  try {
    return await audit(name, path);
  } catch (error) {
    if (!(error instanceof Error && /\((NO_NAVSTART|NO_FCP)\)$/.test(error.message))) throw error;
    console.log(`  ${name}: ${error.message}; measuring once more`);
    await prepare();
    return audit(name, path);
  }
}

async function audit(name: string, path: string): Promise<LighthouseRow> {
  const result = await lighthouse(`${ORIGIN}${path}`, {
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
  console.log('\nLighthouse, mobile (simulated throttling), Debian Chromium');
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
