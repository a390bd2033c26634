import { gunzipSync } from 'node:zlib';
import type { Page, Request } from '@playwright/test';
import { DEMO, mainNav, signIn } from './support/app.ts';
import { CONSENT_COOKIE, expect, test } from './support/fixtures.ts';

/**
 * The cookie banner with PostHog configured. The suite's server has no PostHog project, so the
 * app's configuration is answered here with one whose host is a stand-in served by the test; the
 * server's Content-Security-Policy for a configured host is checked by the server's own tests, so
 * the browser is told to ignore it for this made-up host.
 */
const POSTHOG_HOST = 'https://posthog.e2e.invalid';

// PostHog drops the events of a browser that looks automated (a headless user agent,
// navigator.webdriver), as this one does; here it presents itself as a person's browser would.
const DESKTOP_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

test.use({ consentAnswered: false, bypassCSP: true, userAgent: DESKTOP_CHROME });
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }));
});

interface Traffic {
  /** Requests for PostHog's code: Verity's PostHog module and the PostHog bundle. */
  code: string[];
  /** Requests to the PostHog host, with their bodies. */
  sent: { url: string; body: string }[];
}

/** What a request to PostHog carried, as text whichever compression it chose. */
function bodyText(url: string, body: Buffer | null): string {
  if (!body) return '';
  const compression = new URL(url).searchParams.get('compression');
  try {
    if (compression === 'gzip-js') return gunzipSync(body).toString('utf8');
    if (compression === 'base64')
      return Buffer.from(decodeURIComponent(body.toString('latin1').replace(/^data=/, '')), 'base64').toString('utf8');
  } catch {
    // Not what it claimed: read it as it is.
  }
  return body.toString('utf8');
}

async function watch(page: Page): Promise<Traffic> {
  const traffic: Traffic = { code: [], sent: [] };
  page.on('request', (request: Request) => {
    const url = request.url();
    if (/\/assets\/(posthog|module\.full\.no-external)[^/]*\.js$/.test(url)) traffic.code.push(url);
  });
  await page.route('**/api/app-config', async (route) => {
    const response = await route.fetch();
    const config = await response.json();
    await route.fulfill({
      response,
      json: { ...config, session_recording_enabled: true, posthog: { key: 'phc_e2eTestProject', host: POSTHOG_HOST } },
    });
  });
  await page.route(`${POSTHOG_HOST}/**`, async (route) => {
    const request = route.request();
    traffic.sent.push({ url: request.url(), body: bodyText(request.url(), request.postDataBuffer()) });
    await route.fulfill({ status: 200, contentType: 'application/json', body: '{"status":1}' });
  });
  return traffic;
}

test('kept to essential cookies: PostHog is neither downloaded nor told anything', async ({ page, context }) => {
  const traffic = await watch(page);
  await page.goto('/auth/login');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toContainText('session recordings');
  await banner.getByRole('button', { name: 'Essential only' }).click();
  await expect(banner).toBeHidden();
  expect((await context.cookies()).find((c) => c.name === CONSENT_COOKIE)?.value).toBe('dismissed');

  await signIn(page, DEMO.standard);
  await mainNav(page).getByRole('link', { name: 'Regulatory Wiki', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Regulatory Wiki' })).toBeVisible();
  await page.waitForTimeout(1500);
  expect(traffic.code).toEqual([]);
  expect(traffic.sent).toEqual([]);
});

test('accepted: PostHog arrives only then, kept for 150 days, and receives Verity’s own events', async ({ page, context }) => {
  const traffic = await watch(page);
  await page.goto('/auth/login');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  await page.waitForTimeout(500);
  expect(traffic.code).toEqual([]);
  expect(traffic.sent).toEqual([]);

  await banner.getByRole('button', { name: 'Accept analytics cookies' }).click();
  const cookie = (await context.cookies()).find((c) => c.name === CONSENT_COOKIE);
  expect(cookie?.value).toBe('accepted');
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(149);
  expect(days).toBeLessThanOrEqual(150);
  await expect.poll(() => traffic.code.length).toBeGreaterThan(0);

  await signIn(page, DEMO.standard);
  await mainNav(page).getByRole('link', { name: 'Regulatory Wiki', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Regulatory Wiki' })).toBeVisible();
  // PostHog batches what it sends; the navigation event arrives within a few seconds.
  await expect.poll(() => traffic.sent.some((request) => request.body.includes('navigate_wiki')), { timeout: 20_000 }).toBe(true);
  // Nothing a person typed or read is in what was sent (recordings mask every input and all text).
  expect(traffic.sent.some((request) => request.body.includes(DEMO.standard))).toBe(false);
});
