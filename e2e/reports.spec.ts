import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { DEMO, mainNav, openSignedIn, signIn } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';

/** Review screenshots of the reports (not compared automatically); git ignores the folder. */
const SHOTS_DIR = fileURLToPath(new URL('./.artifacts/screenshots/', import.meta.url));

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${SHOTS_DIR}${name}.png`, fullPage: true, animations: 'disabled' });
}

test('a champion opens the workforce report from the menu, changes the period, and downloads it as CSV and PDF', async ({ page }) => {
  await signIn(page, DEMO.champion);
  await mainNav(page).getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page).toHaveURL(/\/reporting$/);
  await page.getByRole('link', { name: /Workforce performance/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Workforce performance' })).toBeVisible();

  // The demo organisation's seeded activity: people, and tasks among them.
  const glance = page.getByRole('list', { name: 'At a glance' });
  await expect(glance).toContainText('People');
  const people = page.getByRole('table', { name: 'People' });
  await expect(people.getByRole('row')).not.toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Teams' })).toBeVisible();
  await shoot(page, 'reports-workforce');
  await expectAccessible(page, 'workforce report');

  const year = page.waitForResponse((response) => response.url().includes('/api/reports/workforce?days=365'));
  // The radio itself is drawn by its label, which is what a person clicks.
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: 'Last 12 months' }) })
    .click();
  await year;
  await expect(page).toHaveURL(/days=365/);
  await expect(page.getByRole('region', { name: 'Adoption over time' })).toContainText('each month');

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^workforce-performance-.+\.csv$/);
  const lines = readFileSync((await csv.path()) ?? '', 'utf8')
    .split('\r\n')
    .filter(Boolean);
  expect(lines[0]).toMatch(/^Name,E-mail,Team,/);
  expect(lines.length).toBeGreaterThan(1);

  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/^workforce-performance-.+\.pdf$/);
  expect(
    readFileSync((await pdf.path()) ?? '')
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});

test('a standard user sees only their own figures', async ({ page }) => {
  await openSignedIn(page, '/reporting/workforce-performance', DEMO.standard);
  await expect(page.getByRole('table', { name: 'Your figures' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Your figures' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('table', { name: 'Teams' })).toHaveCount(0);
});
