import { fileURLToPath } from 'node:url';
import { devices, type Page } from '@playwright/test';
import { DEMO, openSignedIn, signIn } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * Screenshots of the main screens for people to review (not compared automatically).
 * They land in e2e/.artifacts/screenshots/, which git ignores. Each shot is taken only once the
 * screen shows what it is meant to show.
 */
const SHOTS_DIR = fileURLToPath(new URL('./.artifacts/screenshots/', import.meta.url));

/**
 * Full page by default. Overlays (dialog, slide-in menu) lock the page scroll and cover the
 * viewport only, so a full-page capture of them shows a half-covered page; those are taken as
 * the user sees them, one screen high.
 */
async function shoot(page: Page, name: string, { overlay = false } = {}): Promise<void> {
  // Logos and the avatar are images: let them arrive so the shot shows the finished screen.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))));
  await page.screenshot({ path: `${SHOTS_DIR}${name}.png`, fullPage: !overlay, animations: 'disabled' });
}

test.describe('desktop screens', () => {
  test('login', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Sign in to Verity' })).toBeVisible();
    await expect(page.getByLabel(/^E-mail address/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
    await shoot(page, 'login');
  });

  test('register', async ({ page }) => {
    await page.goto('/auth/register');
    await expect(page.getByRole('heading', { name: 'Create your Verity account' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
    await shoot(page, 'register');
  });

  test('home (standard user)', async ({ page }) => {
    await signIn(page, DEMO.standard);
    await expect(page.getByRole('heading', { name: /Priya$/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Quick actions' })).toBeVisible();
    await shoot(page, 'home-standard');
  });

  test('access denied (guest on /wiki)', async ({ page }) => {
    await signIn(page, DEMO.guest);
    await page.goto('/wiki');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await expect(page.getByText(/please let us know at support@verity\.local\.$/)).toBeVisible();
    await shoot(page, 'access-denied');
  });

  test('error dialog (500 on saving the profile)', async ({ page }) => {
    await openSignedIn(page, '/profile', DEMO.standard);
    await page.route('**/api/account/update', (route) => route.fulfill({ status: 500, json: { message: 'x', request_id: 'req-123' } }));
    await page.getByLabel(/^Job title/).fill('Director of Nursing');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Server Error' });
    await expect(dialog).toContainText('Request ID: req-123');
    await expect(dialog.getByRole('button', { name: 'Contact Support' })).toBeVisible();
    await shoot(page, 'error-dialog', { overlay: true });
  });
});

test.describe('mobile screens', () => {
  const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
  test.use(pixel7);

  test('mobile menu open', async ({ page }) => {
    await signIn(page, DEMO.standard);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('link', { name: 'Reports', exact: true })).toBeInViewport();
    await shoot(page, 'mobile-menu-open', { overlay: true });
  });

  test('mobile home', async ({ page }) => {
    await signIn(page, DEMO.standard);
    await expect(page.getByRole('navigation', { name: 'Quick navigation' })).toBeInViewport();
    await shoot(page, 'mobile-home');
  });
});
