/**
 * The writing assistant's editor in Debian's Chromium: keystroke-to-paint while typing into a
 * 20-page document (~10,000 words), against the same typing into the short document the sample
 * transcript makes (the baseline). The production build is served by the real server on a fresh
 * embedded database; the documents are made through the API a person's browser uses.
 *
 * A keystroke's time runs from the key event's timestamp to the first task after the next frame,
 * which is when the browser has painted what the editor did with the key.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import type { WriteContent, WriteDocument, WriteJob, WriteNode } from '../packages/shared/src/api/write.ts';
import { type Row, summarise } from './stats.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.BENCH_EDITOR_PORT ?? 3297);
const ORIGIN = `http://127.0.0.1:${PORT}`;
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
  if (!existsSync(CHROMIUM)) return { rows: [], longP95: null, skipped: `no Chromium at ${CHROMIUM} (apt-get install -y chromium)` };
  if (!existsSync(new URL('apps/web/dist/index.html', ROOT))) build();
  const dataDir = mkdtempSync(join(tmpdir(), 'verity-bench-editor-'));
  const server = startServer(dataDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    await waitForHealth(server);
    const token = await signIn();
    const short = await writeSample(token);
    const long = await lengthen(token, short, LONG_DOCUMENT_WORDS);
    const page = await browser.newPage({ viewport: { width: 1366, height: 860 } });
    await page.addInitScript((value) => localStorage.setItem('accessToken', value), token);
    const baselineSamples = await typeInto(page, short.external_id);
    const longSamples = await typeInto(page, long.external_id);
    const baseline = summarise(`editor keystroke → paint, ${wordsOf(short.content)} words (baseline)`, baselineSamples);
    const row = summarise(`editor keystroke → paint, ${wordsOf(long.content)} words (20 pages)`, longSamples, baseline);
    return { rows: [baseline, row], longP95: row.p95 };
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function build(): void {
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

function startServer(dataDir: string): ChildProcess {
  return spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      // The demo accounts are seeded outside production only.
      NODE_ENV: 'test',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      APP_URL: ORIGIN,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      AI_PROVIDER: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitForHealth(server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    const ok = await fetch(`${ORIGIN}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not become healthy');
}

async function api<T>(token: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${ORIGIN}/api${path}`, { ...init, headers: { 'auth-token': token, ...init.headers } });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

async function signIn(): Promise<string> {
  const form = new FormData();
  form.set('email', 'standard@example.org');
  form.set('password', 'verity-demo-2026');
  const answer = await api<{ auth_token: string | null }>('', '/auth/login', { method: 'POST', body: form });
  if (!answer.auth_token) throw new Error('the demo account could not sign in');
  return answer.auth_token;
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
