import type { Page, Route } from '@playwright/test';
import { DEMO, openSignedIn, signIn, SUPPORT_EMAIL } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

const UPDATE_PROFILE = '**/api/account/update';

/**
 * Every test here answers the profile form's POST /api/account/update itself, so nothing reaches
 * the server and the seeded user is never changed.
 */
async function openProfileAndAnswer(page: Page, answer: (route: Route) => Promise<void>): Promise<void> {
  await openSignedIn(page, '/profile', DEMO.standard);
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await page.route(UPDATE_PROFILE, answer);
}

/** Edit the job title and press Save changes; resolves when the browser has the (intercepted) answer. */
async function submitProfile(page: Page, jobTitle: string): Promise<void> {
  await page.getByLabel(/^Job title/).fill(jobTitle);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/account/update'));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await answered;
}

/**
 * 'Contact Support' assigns a mailto: URL to window.location. No page navigates to it, so listen
 * for the navigation request at the browser protocol level.
 */
async function captureNavigationRequests(page: Page): Promise<string[]> {
  const urls: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.enable');
  cdp.on('Page.frameRequestedNavigation', (event) => urls.push(event.url));
  return urls;
}

test('a server error (500) on a user action opens the error dialog with the request id; Contact Support and Close work', async ({
  page,
}) => {
  await openProfileAndAnswer(page, (route) => route.fulfill({ status: 500, json: { message: 'x', request_id: 'req-123' } }));
  const navigations = await captureNavigationRequests(page);

  await submitProfile(page, 'Director of Nursing');
  const dialog = page.getByRole('alertdialog', { name: 'Server Error' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Something went wrong on our end. Please try again later.');
  await expect(dialog).toContainText('Request ID: req-123');
  // A 500 is not recoverable, so the button says Close rather than OK.
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();

  // Contact Support opens an e-mail draft to support that carries what support needs, then closes.
  await dialog.getByRole('button', { name: 'Contact Support' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => navigations.find((url) => url.startsWith('mailto:'))).toBeTruthy();
  const mailto = navigations.find((url) => url.startsWith('mailto:')) ?? '';
  expect(mailto.startsWith(`mailto:${SUPPORT_EMAIL}?`)).toBe(true);
  const draft = new URL(mailto);
  expect(draft.searchParams.get('subject')).toContain('Server Error');
  const body = draft.searchParams.get('body') ?? '';
  for (const part of [
    'Code: 500',
    'Title: Server Error',
    'Description: Something went wrong on our end. Please try again later.',
    'Request ID: req-123',
    'Name: Priya',
    `E-mail: ${DEMO.standard}`,
  ]) {
    expect(body).toContain(part);
  }
  await expect(page).toHaveURL(/\/profile$/);

  // The page itself says the save failed, and the value was not saved.
  await expect(
    page.getByRole('alert').filter({ hasText: 'There was an error updating your profile. Please try again later.' }),
  ).toBeVisible();

  // Again, and this time Close closes it; the user stays signed in on the same page.
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/profile$/);
  await page.unroute(UPDATE_PROFILE);
  await page.reload();
  await expect(page.getByLabel(/^Job title/)).toHaveValue('Head of Estates Compliance');
});

test('429, 422 and 404 on a user action show messages on the page, not the error dialog', async ({ page }) => {
  const answers: { status: number; json: unknown }[] = [
    { status: 429, json: { message: 'Rate limit reached', request_id: 'req-429' } },
    { status: 422, json: { detail: [{ loc: ['body', 'firstname'], msg: 'First name is too long' }], request_id: 'req-422' } },
    { status: 404, json: { message: 'No such account', request_id: 'req-404' } },
  ];
  let next = 0;
  await openProfileAndAnswer(page, (route) => route.fulfill(answers[next++] ?? { status: 500, json: {} }));

  await submitProfile(page, 'Matron');
  await expect(
    page.getByRole('alert').filter({ hasText: "You've made too many requests. Please wait a moment before trying again." }),
  ).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  await submitProfile(page, 'Ward Manager');
  await expect(page.getByText('First name is too long')).toBeVisible();
  await expect(page.getByLabel(/^First name/)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  await submitProfile(page, 'Charge Nurse');
  await expect(page.getByRole('alert').filter({ hasText: 'No such account' })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect(next).toBe(3);
});

test('a failing background call (notifications, 503) never opens the error dialog', async ({ page }) => {
  await signIn(page, DEMO.standard);
  await page.route('**/api/notifications/user', (route) => route.fulfill({ status: 503, json: { message: 'down', request_id: 'req-bg' } }));
  const failed = page.waitForResponse((r) => r.url().endsWith('/api/notifications/user') && r.status() === 503);
  await page.reload();
  await failed;
  await expect(page.getByRole('heading', { name: /Priya$/ })).toBeVisible();
  // The dialog would open synchronously with the failure; give the page a moment to show it if it did.
  await page.waitForTimeout(500);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('a 401 on a user action opens Authentication Required and ends the session', async ({ page }) => {
  await openProfileAndAnswer(page, (route) => route.fulfill({ status: 401, json: { message: 'Session expired', request_id: 'req-401' } }));

  await submitProfile(page, 'Theatre Manager');
  const dialog = page.getByRole('alertdialog', { name: 'Authentication Required' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your session has expired. Please log in again.');
  await expect(dialog).toContainText('Request ID: req-401');

  // The stored session is gone and the guard has already sent the user to sign in behind the dialog.
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fprofile$/);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Sign in to Verity' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fprofile$/);
});
