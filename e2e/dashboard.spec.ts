import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEMO, openSignedIn, signIn } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * The champion dashboard on the demo organisation's year of activity (seeded through the same
 * services as real use): figures and charts for a period, and a new period redraws them.
 */

const SHOTS_DIR = fileURLToPath(new URL('./.artifacts/screenshots/dashboard/', import.meta.url));
mkdirSync(SHOTS_DIR, { recursive: true });

test('the champion reads the organisation’s figures, and a new period redraws them', async ({ page }) => {
  await openSignedIn(page, '/dashboard', DEMO.champion);
  await expect(page.getByRole('heading', { level: 1, name: 'Champion Dashboard' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Headline figures' });
  const questions = cards.getByRole('listitem').filter({ hasText: 'Questions asked' });
  await expect(questions).not.toContainText('Loading');
  const thirtyDays = (await questions.innerText()).trim();
  expect(thirtyDays).toMatch(/\d/);
  // The demo organisation's members are listed, with their activity.
  await expect(page.getByRole('table').filter({ hasText: 'Activity' }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}dashboard-30-days.png`, fullPage: true });

  // The radio itself is drawn by its label, which is what a person clicks.
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: 'Last 7 days' }) })
    .click();
  await expect(page.getByRole('radio', { name: 'Last 7 days' })).toBeChecked();
  await expect(page).toHaveURL(/[?&]days=7\b/);
  await expect(questions).not.toContainText('Loading');
  await expect.poll(async () => (await questions.innerText()).trim()).not.toBe(thirtyDays);
  await page.screenshot({ path: `${SHOTS_DIR}dashboard-7-days.png`, fullPage: true });
});

test('the period choice keeps every label whole where the header row is tight', async ({ page }) => {
  // Just past the width where the title and the period choice share a row: the description beside
  // it takes what the row has, and the choice must not be squeezed under its labels.
  await page.setViewportSize({ width: 1040, height: 860 });
  await openSignedIn(page, '/dashboard', DEMO.champion);
  const choices = page.locator('label').filter({ has: page.getByRole('radio', { name: /^Last / }) });
  await expect(choices).toHaveCount(4);
  for (const choice of await choices.all()) {
    const { label, overflow } = await choice.evaluate((element) => ({
      label: element.textContent,
      overflow: element.scrollWidth - element.clientWidth,
    }));
    expect(overflow, `"${label}" is wider than its button`).toBeLessThanOrEqual(0);
  }
});

test('a member’s actions menu opens above the rows below it', async ({ page }) => {
  await openSignedIn(page, '/dashboard', DEMO.champion);
  const users = page.getByRole('region', { name: 'Users' });
  await users
    .getByRole('button', { name: /^Actions for / })
    .first()
    .click();
  const items = page.getByRole('menu').getByRole('menuitem');
  await expect(items.first()).toBeVisible();
  // Each item is what a pointer at its centre finds, not the next row's cell painted over it.
  for (const item of await items.all()) {
    const onTop = await item.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const found = document.elementFromPoint(box.left + box.width * 0.75, box.top + box.height / 2);
      return found !== null && element.contains(found);
    });
    expect(onTop, `${await item.textContent()} is covered`).toBe(true);
  }
});

test('the dashboard is the champion’s: a standard user is denied it', async ({ page }) => {
  await signIn(page, DEMO.standard);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
});
