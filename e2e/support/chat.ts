import { expect, type Locator, type Page } from '@playwright/test';

/** The seed library answers it from HTM 06-01 (the built-in engine cites it). */
export const ELECTRICAL = 'How often must fixed electrical installations in a hospital be inspected and who signs off the work?';

/** The built-in engine answers in well under a second; the first answer of a run also warms the database. */
export const ANSWER_TIMEOUT = 30_000;

/** The chat's question box, in answer mode or draft mode. */
export function composerBox(page: Page): Locator {
  return page.getByRole('textbox', { name: /^(Your question|What should be drafted\?)$/ });
}

/** Type a question into the composer and send it with Enter. */
export async function ask(page: Page, question: string): Promise<void> {
  await composerBox(page).fill(question);
  await composerBox(page).press('Enter');
}

/** The stored (finished) answers of the conversation. */
export function storedAnswers(page: Page): Locator {
  return page.locator('article[aria-label="Answer"][data-status]');
}

/** The conversation's `count`th answer, once it is stored and nothing is streaming. */
export async function waitForAnswer(page: Page, count = 1): Promise<Locator> {
  await expect(storedAnswers(page)).toHaveCount(count, { timeout: ANSWER_TIMEOUT });
  await expect(page.locator('[data-streaming="true"]')).toHaveCount(0);
  return storedAnswers(page).nth(count - 1);
}
