/**
 * /review/{id} in Debian's Chromium with a review of 120 findings, against one of the sample
 * policy's dozen: how long the page takes from navigation to showing the findings, and
 * inspect-to-highlight — from a click on a finding in the list to the paint after its highlight in
 * the policy is marked — for 30 findings in turn. The reviews are made through the API, as a
 * person's upload would be, and reviewed by the built-in reviewer.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Review, ReviewJob } from '../packages/shared/src/api/review.ts';
import { api, ORIGIN, withBrowserApp } from './browser.ts';
import { type Row, summarise, timeIt } from './stats.ts';

const INSPECTIONS = Number(process.env.BENCH_REVIEW_INSPECTIONS ?? 30);
const MANY_FINDINGS = 120;
const SAMPLE = readFileSync(new URL('../apps/server/src/modules/review/sample-policy.md', import.meta.url), 'utf8');

export interface ReviewPageBench {
  rows: Row[];
  /** p95 inspect-to-highlight with MANY_FINDINGS findings, or null when the bench could not run. */
  inspectP95: number | null;
  findings: number;
  skipped?: string;
}

/** The sample policy with a section that uses MANY_FINDINGS acronyms it never defines: one finding each. */
function manyFindingsPolicy(): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const acronyms = Array.from(
    { length: MANY_FINDINGS },
    (_, n) => `Q${letters[Math.floor(n / letters.length)]}${letters[n % letters.length]}`,
  );
  const paragraphs = acronyms.map((acronym, n) => `9.${n + 1} Results of check ${n + 1} are entered in the ${acronym} log every week.`);
  return `${SAMPLE}\n## 9. Local checks\n\n${paragraphs.join('\n\n')}\n`;
}

async function reviewed(token: string, text: string, name: string): Promise<Review> {
  const form = new FormData();
  form.set('file', new File([text], name, { type: 'text/markdown' }));
  const created = await api<{ id: string; job_id: string }>(token, '/review/reviews', { method: 'POST', body: form });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const job = await api<ReviewJob>(token, `/review/jobs/${created.job_id}`);
    if (job.status === 'failed') throw new Error(`the review failed: ${job.error ?? 'no reason given'}`);
    if (job.status === 'succeeded') return api<Review>(token, `/review/reviews/${created.id}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the review did not finish');
}

async function open(page: Page, review: Review): Promise<void> {
  await page.goto(`${ORIGIN}/review/${review.id}`);
  await page.locator('[data-finding-button]').first().waitFor({ state: 'visible', timeout: 30_000 });
}

/** Clicks findings in the list one after another, timing each to the paint of its marked highlight. */
async function inspectEach(page: Page, review: Review): Promise<number[]> {
  await page.evaluate(() => {
    const samples: number[] = [];
    (window as unknown as { inspectSamples: number[] }).inspectSamples = samples;
    document.addEventListener(
      'click',
      (event) => {
        const button = (event.target as Element).closest('[data-finding-button]');
        const id = button?.getAttribute('data-finding-button');
        if (!id) return;
        const clicked = event.timeStamp;
        const painted = () => {
          const after = new MessageChannel();
          after.port1.onmessage = () => samples.push(performance.now() - clicked);
          after.port2.postMessage(null);
        };
        const check = () => {
          if (document.querySelector(`[data-findings~="${id}"][data-active]`)) requestAnimationFrame(painted);
          else requestAnimationFrame(check);
        };
        check();
      },
      true,
    );
  });
  const located = review.findings.filter((finding) => finding.location !== null && finding.status !== 'dismissed');
  const step = Math.max(1, Math.floor(located.length / INSPECTIONS));
  for (let n = 0; n < located.length && n / step < INSPECTIONS; n += step) {
    const finding = located[n];
    if (!finding) break;
    await page.locator(`[data-finding-button="${finding.id}"]`).click();
    await page.waitForFunction((count) => (window as unknown as { inspectSamples: number[] }).inspectSamples.length >= count, n / step + 1);
  }
  return page.evaluate(() => (window as unknown as { inspectSamples: number[] }).inspectSamples);
}

export async function benchReviewPage(): Promise<ReviewPageBench> {
  const result = await withBrowserApp('review-page', async ({ token, newPage }) => {
    const few = await reviewed(token, SAMPLE, 'sample-policy.md');
    const many = await reviewed(token, manyFindingsPolicy(), 'many-findings-policy.md');
    const page = await newPage();
    const loadFew: number[] = [];
    const loadMany: number[] = [];
    for (let run = 0; run < 3; run++) {
      loadFew.push(await timeIt(() => open(page, few)));
      loadMany.push(await timeIt(() => open(page, many)));
    }
    await open(page, few);
    const inspectFew = await inspectEach(page, few);
    await open(page, many);
    const inspectMany = await inspectEach(page, many);
    const openBaseline = summarise(`review page opens, ${few.findings.length} findings (baseline)`, loadFew);
    const inspectBaseline = summarise(`inspect → highlight, ${few.findings.length} findings (baseline)`, inspectFew);
    const inspect = summarise(`inspect → highlight, ${many.findings.length} findings`, inspectMany, inspectBaseline);
    return {
      rows: [
        openBaseline,
        summarise(`review page opens, ${many.findings.length} findings`, loadMany, openBaseline),
        inspectBaseline,
        inspect,
      ],
      inspectP95: inspect.p95,
      findings: many.findings.length,
    };
  });
  return 'skipped' in result ? { rows: [], inspectP95: null, findings: 0, skipped: result.skipped } : result;
}
