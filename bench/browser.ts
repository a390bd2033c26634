/**
 * The benchmarks that need a browser: the production build served by the real server on a fresh
 * embedded database, the demo account signed in through the API, and Debian's Chromium with that
 * session. `npm run build` runs first when apps/web/dist is missing.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.BENCH_BROWSER_PORT ?? 3297);
export const ORIGIN = `http://127.0.0.1:${PORT}`;
const ROOT = new URL('..', import.meta.url);

export interface BrowserApp {
  browser: Browser;
  /** The demo standard user's session token. */
  token: string;
  /** A new page signed in as that user. */
  newPage(): Promise<Page>;
}

/** The production build served by the real server on a fresh embedded database, with the demo accounts. */
export interface BenchServer {
  /** A demo account's session token (the standard user's unless another address is given). */
  signIn(email?: string): Promise<string>;
}

/** Chromium's path, or why the browser benches cannot run. */
export function chromiumOrSkip(): { path: string } | { skipped: string } {
  return existsSync(CHROMIUM) ? { path: CHROMIUM } : { skipped: `no Chromium at ${CHROMIUM} (apt-get install -y chromium)` };
}

/** Runs `use` against the app served as the browser benches need it; stops the server and removes its data afterwards. */
export async function withBenchServer<T>(label: string, use: (server: BenchServer) => Promise<T>): Promise<T> {
  if (!existsSync(new URL('apps/web/dist/index.html', ROOT))) build();
  const dataDir = mkdtempSync(join(tmpdir(), `verity-bench-${label}-`));
  const server = startServer(dataDir);
  try {
    await waitForHealth(server);
    return await use({ signIn });
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs `use` against the app in Chromium; the reason it cannot when Chromium is missing. */
export async function withBrowserApp<T>(label: string, use: (app: BrowserApp) => Promise<T>): Promise<T | { skipped: string }> {
  const chromiumPath = chromiumOrSkip();
  if ('skipped' in chromiumPath) return chromiumPath;
  return withBenchServer(label, async (server) => {
    const token = await server.signIn();
    const browser = await chromium.launch({ executablePath: chromiumPath.path, args: ['--no-sandbox', '--disable-gpu'] });
    try {
      return await use({
        browser,
        token,
        async newPage() {
          const page = await browser.newPage({ viewport: { width: 1366, height: 860 } });
          await page.addInitScript((value) => localStorage.setItem('accessToken', value), token);
          return page;
        },
      });
    } finally {
      await browser.close();
    }
  });
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

export async function api<T>(token: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${ORIGIN}/api${path}`, { ...init, headers: { 'auth-token': token, ...init.headers } });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

async function signIn(email = 'standard@example.org'): Promise<string> {
  const form = new FormData();
  form.set('email', email);
  form.set('password', 'verity-demo-2026');
  const answer = await api<{ auth_token: string | null }>('', '/auth/login', { method: 'POST', body: form });
  if (!answer.auth_token) throw new Error(`the demo account ${email} could not sign in`);
  return answer.auth_token;
}
