/**
 * The writing assistant's editor in Debian's Chromium: keystroke-to-paint while typing into a
 * 20-page document (~10,000 words), against the same typing into the short document the sample
 * transcript makes (the baseline), in the app as browser.ts runs it; the documents are made
 * through the API a person's browser uses.
 *
 * A keystroke's time runs from the key event's timestamp to the first task after the next frame,
 * which is when the browser has painted what the editor did with the key.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { WriteContent, WriteDocument, WriteJob, WriteNode } from '../packages/shared/src/api/write.ts';
import { api, ORIGIN, withBrowserApp } from './browser.ts';
import { type Row, summarise } from './stats.ts';

const KEYSTROKES = Number(process.env.BENCH_EDITOR_KEYSTROKES ?? 60);
/** A page of minutes is about 500 words. */
const LONG_DOCUMENT_WORDS = 10_000;
const ROOT = new URL('..', import.meta.url);

export interface EditorBench {
  rows: Row[];
  /** p95 keystroke-to-paint on the 20-page document, or null when the bench could not run. */
  longP95: number | null;
  skipped?: string;
}

export async function benchEditor(): Promise<EditorBench> {
  const result = await withBrowserApp('editor', async ({ token, newPage }) => {
    const short = await writeSample(token);
    const long = await lengthen(token, short, LONG_DOCUMENT_WORDS);
    const page = await newPage();
    const baselineSamples = await typeInto(page, short.external_id);
    const longSamples = await typeInto(page, long.external_id);
    const baseline = summarise(`editor keystroke → paint, ${wordsOf(short.content)} words (baseline)`, baselineSamples);
    const row = summarise(`editor keystroke → paint, ${wordsOf(long.content)} words (20 pages)`, longSamples, baseline);
    return { rows: [baseline, row], longP95: row.p95 };
  });
  return 'skipped' in result ? { rows: [], longP95: null, skipped: result.skipped } : result;
}

/** The sample transcript written into minutes, as a person's upload would be. */
async function writeSample(token: string): Promise<WriteDocument & { content: WriteContent }> {
  const form = new FormData();
  form.set('text', readFileSync(new URL('apps/server/src/modules/write/sample-transcript.txt', ROOT), 'utf8'));
  form.set('kind', 'minutes');
  const created = await api<{ external_id: string; job_id: string }>(token, '/write/documents', { method: 'POST', body: form });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const job = await api<WriteJob>(token, `/write/jobs/${created.job_id}`);
    if (job.status === 'failed') throw new Error(`writing the sample failed: ${job.error ?? 'no reason given'}`);
    if (job.status === 'succeeded') {
      const document = await api<WriteDocument>(token, `/write/documents/${created.external_id}`);
      if (!document.content) throw new Error('the written sample has no content');
      return { ...document, content: document.content };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('writing the sample did not finish');
}

/** A second copy of the sample whose body is repeated until it holds at least `words` words. */
async function lengthen(
  token: string,
  sample: WriteDocument & { content: WriteContent },
  words: number,
): Promise<WriteDocument & { content: WriteContent }> {
  const copy = await writeSample(token);
  const body = sample.content.content;
  const nodes: WriteNode[] = [];
  while (wordsOf({ type: 'doc', content: nodes }) < words) nodes.push(...body);
  const content: WriteContent = { type: 'doc', content: nodes };
  await api(token, `/write/documents/${copy.external_id}/content`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ content, version: copy.version }),
  });
  return { ...copy, content };
}

function wordsOf(content: { type?: string; content?: WriteNode[] }): number {
  let words = 0;
  const visit = (node: WriteNode) => {
    if (node.text) words += node.text.split(/\s+/).filter(Boolean).length;
    node.content?.forEach(visit);
  };
  content.content?.forEach(visit);
  return words;
}

/**
 * Opens the document, puts the caret at the end of a paragraph in its middle and types, one key
 * every 40 ms (a quick typist), recording each key's time to the next paint.
 */
async function typeInto(page: Page, externalId: string): Promise<number[]> {
  await page.goto(`${ORIGIN}/write/${externalId}`);
  const editor = page.getByRole('textbox', { name: 'Document text' });
  await editor.waitFor({ state: 'visible', timeout: 30_000 });
  const paragraphs = editor.locator('p');
  const middle = paragraphs.nth(Math.floor((await paragraphs.count()) / 2));
  await middle.scrollIntoViewIfNeeded();
  await middle.click();
  await page.keyboard.press('End');
  await page.evaluate(() => {
    const samples: number[] = [];
    (window as unknown as { keystrokeSamples: number[] }).keystrokeSamples = samples;
    document.addEventListener(
      'keydown',
      (event) => {
        const pressed = event.timeStamp;
        requestAnimationFrame(() => {
          const after = new MessageChannel();
          after.port1.onmessage = () => samples.push(performance.now() - pressed);
          after.port2.postMessage(null);
        });
      },
      true,
    );
  });
  await page.keyboard.type(' the quick brown fox reviews the water safety plan'.repeat(3).slice(0, KEYSTROKES), { delay: 40 });
  await page.waitForTimeout(200);
  return page.evaluate(() => (window as unknown as { keystrokeSamples: number[] }).keystrokeSamples);
}
