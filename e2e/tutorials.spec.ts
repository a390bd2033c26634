import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { DEMO, mainNav, openSignedIn, signIn } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';

/** Review screenshots of the tutorials (not compared automatically); git ignores the folder. */
const SHOTS_DIR = fileURLToPath(new URL('./.artifacts/screenshots/', import.meta.url));

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${SHOTS_DIR}${name}.png`, fullPage: true, animations: 'disabled' });
}

test.describe.configure({ timeout: 60_000 });

test('a standard user opens the tutorials from the menu, searches them, reads one and follows its link to another', async ({ page }) => {
  await signIn(page, DEMO.standard);
  await mainNav(page).getByRole('link', { name: 'Tutorials & Documentation', exact: true }).click();
  await expect(page).toHaveURL(/\/tutorials$/);
  // Loaded afresh, so no menu item holds the focus (a focused item also shows its tooltip).
  await page.goto('/tutorials');
  await expect(page.getByRole('heading', { level: 1, name: 'Tutorials & Documentation' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Tutorials' });
  await expect(list.getByRole('link')).toHaveCount(7);
  await expect(list.getByRole('link').first()).toContainText('Getting started with Verity');
  await shoot(page, 'tutorials-list');
  await expectAccessible(page, 'tutorials list');

  await page.getByRole('searchbox', { name: 'Search tutorials' }).fill('superseded');
  await expect(list.getByRole('link')).toHaveCount(1);
  await list.getByRole('link', { name: /Editions, citations and superseded documents/ }).click();
  await expect(page).toHaveURL(/\/tutorials\/editions-and-citations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Editions, citations and superseded documents' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'In each tool' })).toBeVisible();
  await expect(page).toHaveTitle('Editions, citations and superseded documents — Verity');

  await page.goto('/tutorials/getting-started');
  await expect(page.getByRole('table')).toContainText('Review Assistant');
  // The seed step's pictures of the real pages, taken as the server started.
  const home = page.getByRole('figure', { name: /^Home: the onboarding progress/ });
  await home.scrollIntoViewIfNeeded();
  await expect.poll(() => home.locator('img').evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(1152);
  await expect(page.getByRole('figure', { name: /^The tools page/ })).toBeVisible();
  await shoot(page, 'tutorial-getting-started');
  await expectAccessible(page, 'a tutorial');
  await page.getByRole('link', { name: 'Asking good questions in Chat' }).click();
  await expect(page).toHaveURL(/\/tutorials\/asking-good-questions$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Phrasing a question' })).toBeVisible();
  await page.getByRole('link', { name: 'All tutorials' }).click();
  await expect(page).toHaveURL(/\/tutorials$/);
});

test('an unknown tutorial says it does not exist, with the way back to the list', async ({ page }) => {
  await openSignedIn(page, '/tutorials/no-such-tutorial', DEMO.standard);
  await expect(page.getByRole('heading', { level: 1, name: 'Tutorial not found' })).toBeVisible();
  await page.getByRole('link', { name: 'All tutorials' }).click();
  await expect(page).toHaveURL(/\/tutorials$/);
});

test('a guest reads a tutorial someone shared, without the list', async ({ page }) => {
  await openSignedIn(page, '/tutorials/review-assistant', DEMO.guest);
  await expect(page.getByRole('heading', { level: 1, name: 'Reviewing a policy against the library' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'All tutorials' })).toHaveCount(0);
  await page.goto('/tutorials');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
});
