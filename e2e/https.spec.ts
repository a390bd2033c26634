import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, type Browser, type BrowserContext, type Page, request as playwrightRequest } from '@playwright/test';
import { selfSignedCertificate } from '../apps/server/src/test/tls.ts';
import { accountMenuButton, DEMO, DEMO_PASSWORD, submitLogin } from './support/app.ts';
import { ask, ELECTRICAL, waitForAnswer } from './support/chat.ts';
import { CONSENT_COOKIE, expect, test } from './support/fixtures.ts';
import { startServer, waitForHealth } from './support/server.ts';

/**
 * The app as a person reaches it when the server has its own certificate (TLS_CERT_FILE and
 * TLS_KEY_FILE): a second production server on the next port, with a fresh embedded database and
 * the demo organisation, over HTTPS. The browser agrees HTTP/2 with it, signs in through the form
 * and asks a question whose answer streams to the end.
 */

const port = Number(process.env.E2E_PORT ?? 3199) + 1;
const origin = `https://127.0.0.1:${port}`;

let server: ChildProcess;
let dataDir: string;
let api: APIRequestContext;

test.beforeAll(async () => {
  // A fresh embedded database migrates and loads the library before it answers.
  test.setTimeout(240_000);
  dataDir = mkdtempSync(join(tmpdir(), 'verity-e2e-https-'));
  const certificate = selfSignedCertificate(dataDir);
  server = startServer({
    port,
    appUrl: origin,
    dataDir: join(dataDir, 'data'),
    env: { TLS_CERT_FILE: certificate.certFile, TLS_KEY_FILE: certificate.keyFile, TUTORIAL_SCREENSHOTS: 'off' },
  });
  api = await playwrightRequest.newContext({ baseURL: origin, ignoreHTTPSErrors: true });
  await waitForHealth(server, origin, async () => (await api.get('/api/health')).ok());
});

test.afterAll(async () => {
  await api?.dispose();
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function httpsContext(browser: Browser): Promise<BrowserContext> {
  // The certificate is made for this run, so the browser is told to accept it, as a person would
  // install their organisation's own certificate authority.
  const context = await browser.newContext({ baseURL: origin, ignoreHTTPSErrors: true });
  await context.addCookies([{ name: CONSENT_COOKIE, value: 'dismissed', url: origin }]);
  return context;
}

/** The protocol the page and everything it fetched came over (the Resource Timing entries). */
async function protocols(page: Page): Promise<{ page: string; resources: string[] }> {
  return page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => new URL(entry.name).origin === location.origin)
      .map((entry) => entry.nextHopProtocol);
    return { page: navigation?.nextHopProtocol ?? '', resources };
  });
}

test('over HTTPS the browser speaks HTTP/2: sign in through the form, then a chat answer streams with its sources', async ({ browser }) => {
  const context = await httpsContext(browser);
  const page = await context.newPage();
  try {
    const login = await page.goto('/auth/login');
    expect(login?.headers()['strict-transport-security']).toMatch(/max-age=\d+/);
    await submitLogin(page, DEMO.standard, DEMO_PASSWORD);
    await expect(accountMenuButton(page)).toBeVisible();

    await page.goto('/chat');
    await expect(page.getByRole('heading', { name: 'Ask the regulatory library' })).toBeVisible();
    await ask(page, ELECTRICAL);
    const answer = await waitForAnswer(page);
    await expect(answer).toHaveAttribute('data-status', 'complete');
    await expect(answer).toContainText('HTM 06-01');

    const seen = await protocols(page);
    expect(seen.page).toBe('h2');
    expect(seen.resources.length).toBeGreaterThan(5);
    expect(new Set(seen.resources)).toEqual(new Set(['h2']));
  } finally {
    await context.close();
  }
});
