import { accountMenuButton, DEMO, LOGGED_OUT_MESSAGE, openSignedIn, signIn } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * SPEC §7–§9 where the server refuses or fails: the logout and profile-load messages, the 429 of
 * the forgot-password page, and the error dialog of a library call after its retries. Each
 * failure is made by intercepting the one call, so nothing else is affected.
 */

const TOO_MANY = "You've made too many requests. Please wait a moment before trying again.";

test('a refused logout says so and keeps the user signed in; a later logout works', async ({ page }) => {
  await openSignedIn(page, '/profile', DEMO.standard);
  await page.route('**/api/auth/signout', (route) => route.fulfill({ status: 500, json: { message: 'x', request_id: 'req-logout' } }));

  await accountMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('Logout failed. Please try again.', { exact: true })).toBeVisible();
  await expect(page.getByText(LOGGED_OUT_MESSAGE)).toHaveCount(0);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(accountMenuButton(page)).toBeVisible();
  // The token still works: a reload keeps the user signed in.
  await page.reload();
  await expect(accountMenuButton(page)).toBeVisible();

  await page.unroute('**/api/auth/signout');
  await accountMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('status').filter({ hasText: LOGGED_OUT_MESSAGE })).toBeVisible();
});

test("a profile that fails to load at start-up shows 'Failed to fetch profile' with 'Try Again'", async ({ page }) => {
  await signIn(page, DEMO.standard);
  let failing = true;
  await page.route('**/api/account/info', (route) =>
    failing ? route.fulfill({ status: 503, json: { message: 'x', request_id: 'req-info' } }) : route.fallback(),
  );
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Failed to fetch profile' })).toBeVisible();
  // Not signed out: nothing sent the user to the sign-in page.
  await expect(page).toHaveURL(/\/profile$/);

  failing = false;
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await expect(accountMenuButton(page)).toBeVisible();
});

test('a rejected token (401) at start-up still signs out', async ({ page }) => {
  await signIn(page, DEMO.standard);
  await page.route('**/api/account/info', (route) => route.fulfill({ status: 401, json: { message: 'x', request_id: 'req-401' } }));
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fprofile/);
  await expect(page.getByRole('heading', { name: 'Failed to fetch profile' })).toHaveCount(0);
});

test('forgot password on a 429 shows the rate-limit message and the wait, not the generic failure', async ({ page }) => {
  await page.route('**/api/auth/reset_password', (route) =>
    route.fulfill({ status: 429, headers: { 'Retry-After': '300' }, json: { message: TOO_MANY, request_id: 'req-429' } }),
  );
  await page.goto('/auth/forgot-password');
  await page.getByLabel(/^E-mail address/).fill('someone@example.org');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const alert = page.getByRole('alert').filter({ hasText: TOO_MANY });
  await expect(alert).toContainText(`${TOO_MANY} Try again in 5 minutes.`);
  await expect(page.getByText('An error occurred sending your reset password email.')).toHaveCount(0);
});

test('a server error on a library call raises the error dialog with its Request ID, after the last retry', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, DEMO.standard);
  let attempts = 0;
  await page.route('**/api/docs/newest-document-by-filename/**', (route) => {
    attempts += 1;
    return route.fulfill({ status: 503, json: { message: 'x', request_id: `req-wiki-${attempts}` } });
  });
  await page.goto('/wiki/any-document.md');
  const dialog = page.getByRole('alertdialog', { name: 'Server Error' });

  // Retries after 1, 2 and 4 seconds; no dialog while the query may still succeed.
  await expect.poll(() => attempts, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
  await expect(dialog).toHaveCount(0);
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  expect(attempts).toBe(4);
  await expect(dialog).toContainText('Something went wrong on our end. Please try again later.');
  await expect(dialog).toContainText('Request ID: req-wiki-4');
  await expect(dialog.getByRole('button', { name: 'Contact Support' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  // The reader says what failed too.
  await expect(page.getByText('Failed to fetch document')).toBeVisible();
});
