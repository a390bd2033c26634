import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import mammoth from 'mammoth';
import { DEMO, openSignedIn } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * The policy review assistant end to end, with the built-in reviewer: download the sample policy,
 * upload it, watch the review's stages, inspect a finding in the policy, dismiss one with a
 * reason, and download the Word file for the committee and read it back; the onboarding steps the
 * page records along the way; the same review on a phone.
 */

const SHOTS_DIR = process.env.REVIEW_SHOTS_DIR ?? fileURLToPath(new URL('./.artifacts/screenshots/review/', import.meta.url));
const FILES_DIR = fileURLToPath(new URL('./.artifacts/review/', import.meta.url));
mkdirSync(SHOTS_DIR, { recursive: true });
mkdirSync(FILES_DIR, { recursive: true });

const REVIEW_URL = /\/review\/[0-9A-HJKMNP-TV-Z]{26}$/;

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
}

function onboardingProgress(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('onboarding_progress') ?? '{}'));
}

test('a policy is reviewed, its findings inspected and decided, and the review downloaded as Word', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await openSignedIn(page, '/review', DEMO.standard);
  await expect(page.getByRole('heading', { level: 1, name: 'Review Assistant' })).toBeVisible();

  // The sample policy is a real PDF served by the app.
  const sampleDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the sample policy' }).click();
  const sample = await sampleDownload;
  expect(sample.suggestedFilename()).toMatch(/\.pdf$/);
  const samplePath = join(FILES_DIR, sample.suggestedFilename());
  await sample.saveAs(samplePath);

  // Upload it; each answer about the job is held back a little, so the stages are seen on screen.
  await page.route('**/api/review/jobs/*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.getByLabel('Policy file').setInputFiles(samplePath);
  await expect(page.getByText(sample.suggestedFilename())).toBeVisible();
  await page.getByRole('button', { name: 'Start review' }).click();
  const progress = page.getByRole('region', { name: 'Reviewing your policy' });
  await expect(progress).toBeVisible();
  await shoot(page, 'review-progress');
  await expect(page).toHaveURL(REVIEW_URL, { timeout: 30_000 });
  await page.unroute('**/api/review/jobs/*');

  // The policy with its findings highlighted, and the list beside it.
  const policy = page.getByRole('region', { name: 'Policy' });
  await expect(policy.getByRole('heading', { name: 'Waste Management Policy' })).toBeVisible();
  const factual = page.getByRole('article', { name: /Contradicts the library: “Consignment notes/ });
  await expect(factual).toBeVisible();

  // Inspect: choosing the finding scrolls to its text and marks it.
  await factual.getByRole('button').first().click();
  const highlight = policy.locator('[data-findings][data-active]');
  await expect(highlight).toHaveText('Consignment notes for hazardous waste are kept for one year');
  await expect(highlight).toBeInViewport();
  await shoot(page, 'review-inspect');

  // Dismiss a finding: a reason is required.
  const acronym = page.getByRole('article', { name: /Undefined acronym/ });
  await acronym.getByRole('button', { name: 'Dismiss' }).click();
  await acronym.getByRole('button', { name: 'Dismiss finding' }).click();
  await expect(acronym.getByText(/reason/i).first()).toBeVisible();
  await acronym.getByLabel('Reason for dismissing').fill('EWC is defined in the waste procedures manual.');
  await acronym.getByRole('button', { name: 'Dismiss finding' }).click();
  await expect(page.getByText('1 dismissed')).toBeVisible();

  // The Word file for the committee has the summary, the findings table and the dismissal's reason.
  const wordDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download .docx' }).click();
  const word = await wordDownload;
  expect(word.suggestedFilename()).toMatch(/^Policy review - .+ - \d{4}-\d{2}-\d{2}\.docx$/);
  const wordPath = join(FILES_DIR, word.suggestedFilename());
  await word.saveAs(wordPath);
  const html = (await mammoth.convertToHtml({ path: wordPath })).value;
  expect(html).toContain('<h1>Summary</h1>');
  expect(html).toContain('<h1>Findings</h1>');
  expect(html).toContain('Consignment notes for hazardous waste are kept for one year');
  expect(html).toContain('EWC is defined in the waste procedures manual.');

  // What the onboarding guide reads.
  expect((await onboardingProgress(page)).review).toEqual(
    expect.arrayContaining(['sample_downloaded', 'upload_clicked', 'start_clicked', 'errors_inspected']),
  );

  // The same review on a phone: the findings come after the policy, with a way straight to them.
  const reviewPath = new URL(page.url()).pathname;
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: await page.context().storageState() });
  const phonePage = await phone.newPage();
  await phonePage.goto(reviewPath);
  const phonePolicy = phonePage.getByRole('region', { name: 'Policy' });
  await expect(phonePolicy).toBeVisible();
  await phonePage.getByRole('link', { name: /Go to the findings/ }).click();
  await expect(phonePage.getByRole('heading', { name: 'Findings' })).toBeInViewport();
  await shoot(phonePage, 'review-phone');
  await phone.close();
});
