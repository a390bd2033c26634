/**
 * The benchmarks that need a browser: the production build served by the real server on a fresh
 * embedded database, the demo account signed in through the API, and Debian's Chromium with that
 * session. `npm run build` runs first when apps/web/dist is missing.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { selfSignedCertificate, type TestCertificate } from '../apps/server/src/test/tls.ts';

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
  /** Where it answers: ORIGIN, or https://127.0.0.1:PORT when started with HTTPS. */
  origin: string;
  /** A demo account's session token (the standard user's unless another address is given). */
  signIn(email?: string): Promise<string>;
  api<T>(token: string, path: string, init?: RequestInit): Promise<T>;
}

/** Where the bench's own requests go, and the certificate they trust when it is HTTPS. */
interface Endpoint {
  origin: string;
  ca?: Buffer;
}

const PLAIN: Endpoint = { origin: ORIGIN };

/** Chromium's path, or why the browser benches cannot run. */
export function chromiumOrSkip(): { path: string } | { skipped: string } {
  return existsSync(CHROMIUM) ? { path: CHROMIUM } : { skipped: `no Chromium at ${CHROMIUM} (apt-get install -y chromium)` };
}

/**
 * Runs `use` against the app served as the browser benches need it; stops the server and removes its
 * data afterwards. With `https`, the server speaks HTTPS and HTTP/2 itself (TLS_CERT_FILE), with a
 * self-signed certificate made for the run, as behind the reference deployment's load balancer.
 */
export async function withBenchServer<T>(
  label: string,
  use: (server: BenchServer) => Promise<T>,
  options: { https?: boolean } = {},
): Promise<T> {
  if (!existsSync(new URL('apps/web/dist/index.html', ROOT))) build();
  const dataDir = mkdtempSync(join(tmpdir(), `verity-bench-${label}-`));
  const certificate = options.https ? selfSignedCertificate(dataDir) : null;
  const endpoint: Endpoint = certificate ? { origin: `https://127.0.0.1:${PORT}`, ca: certificate.cert } : PLAIN;
  const server = startServer(dataDir, endpoint, certificate);
  try {
    await waitForHealth(server, endpoint);
    return await use({
      origin: endpoint.origin,
      signIn: (email) => signIn(endpoint, email),
      api: (token, path, init) => call(endpoint, token, path, init),
    });
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

function startServer(dataDir: string, endpoint: Endpoint, certificate: TestCertificate | null): ChildProcess {
  return spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      // The demo accounts are seeded outside production only.
      NODE_ENV: 'test',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      APP_URL: endpoint.origin,
      DATA_DIR: dataDir,
      ...(certificate && { TLS_CERT_FILE: certificate.certFile, TLS_KEY_FILE: certificate.keyFile }),
      DATABASE_URL: '',
      AI_PROVIDER: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitForHealth(server: ChildProcess, endpoint: Endpoint): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    const ok = await request(endpoint, '/api/health').then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not become healthy');
}

export function api<T>(token: string, path: string, init: RequestInit = {}): Promise<T> {
  return call(PLAIN, token, path, init);
}

async function call<T>(endpoint: Endpoint, token: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await request(endpoint, `/api${path}`, { ...init, headers: { 'auth-token': token, ...init.headers } });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** fetch, except that over HTTPS it trusts the run's certificate (node:https: fetch has no setting for it). */
async function request(endpoint: Endpoint, path: string, init: RequestInit = {}): Promise<Pick<Response, 'ok' | 'status' | 'json'>> {
  const { ca } = endpoint;
  if (!ca) return fetch(`${endpoint.origin}${path}`, init);
  const prepared = new Request(`${endpoint.origin}${path}`, init);
  const body = Buffer.from(await prepared.arrayBuffer());
  return new Promise((resolve, reject) => {
    const outgoing = https.request(
      prepared.url,
      { method: prepared.method, headers: Object.fromEntries(prepared.headers), ca },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const status = incoming.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ ok: status >= 200 && status < 300, status, json: async () => JSON.parse(text) });
        });
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function signIn(endpoint: Endpoint, email = 'standard@example.org'): Promise<string> {
  const form = new FormData();
  form.set('email', email);
  form.set('password', 'verity-demo-2026');
  const answer = await call<{ auth_token: string | null }>(endpoint, '', '/auth/login', { method: 'POST', body: form });
  if (!answer.auth_token) throw new Error(`the demo account ${email} could not sign in`);
  return answer.auth_token;
}
