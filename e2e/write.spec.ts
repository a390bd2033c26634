import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import mammoth from 'mammoth';
import { DEMO, openSignedIn } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * The writing assistant end to end, with the built-in engine: download the sample transcript,
 * upload it, watch it being written, see where an action came from, edit a heading and a table
 * cell, reload and find the edits saved, and download the Word file and read it back.
 */

const SHOTS_DIR = process.env.WRITE_SHOTS_DIR ?? fileURLToPath(new URL('./.artifacts/screenshots/write/', import.meta.url));
const FILES_DIR = fileURLToPath(new URL('./.artifacts/write/', import.meta.url));
mkdirSync(SHOTS_DIR, { recursive: true });
mkdirSync(FILES_DIR, { recursive: true });

const DOCUMENT_URL = /\/write\/[0-9A-HJKMNP-TV-Z]{26}$/;
/** Writing the sample with the built-in engine takes a second or two; the first run also warms the database. */
const WRITING_TIMEOUT = 30_000;

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
}

function editor(page: Page): Locator {
  return page.getByRole('textbox', { name: 'Document text' });
}

/** The table the actions were written into: the one whose rows name actions. */
function actionsTable(page: Page): Locator {
  return editor(page)
    .locator('table')
    .filter({ has: page.locator('tr[data-item^="action-"]') });
}

function saveState(page: Page): Locator {
  return page.locator('[data-save-status]');
}

/**
 * Put the cursor at the end of an element's text and type there. The End key would stop at the end
 * of the first line of a cell whose text wraps, so the caret is placed where a reader's click at
 * the very end of the text would put it, and the editor follows the page's selection.
 */
async function typeAtEnd(page: Page, target: Locator, text: string): Promise<void> {
  await target.click();
  await target.evaluate((element) => {
    const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let last: Node | null = null;
    while (texts.nextNode()) last = texts.currentNode;
    if (!last) throw new Error('no text to type after');
    window.getSelection()?.collapse(last, last.textContent?.length ?? 0);
  });
  await page.keyboard.type(text);
}

test('a transcript becomes minutes that can be traced, edited, kept and downloaded as Word', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await openSignedIn(page, '/write', DEMO.standard);
  await expect(page.getByRole('heading', { level: 1, name: 'Write' })).toBeVisible();

  // The sample transcript is a real Word file served by the app.
  const sampleDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download a sample transcript' }).click();
  const sample = await sampleDownload;
  expect(sample.suggestedFilename()).toMatch(/\.docx$/);
  const samplePath = join(FILES_DIR, sample.suggestedFilename());
  await sample.saveAs(samplePath);
  const sampleText = (await mammoth.extractRawText({ path: samplePath })).value;
  expect(sampleText.length).toBeGreaterThan(500);

  // Upload it (with a mouse, the drop zone offers dropping; a phone's is a chooser, mobile.spec.ts).
  // Each answer about the job is held back a little, so the stages are seen on screen.
  await expect(page.getByText('Drop a transcript here or choose a file')).toBeVisible();
  await page.route('**/api/write/jobs/*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.getByLabel('Transcript file').setInputFiles(samplePath);
  await expect(page.getByText(sample.suggestedFilename())).toBeVisible();
  await page.getByRole('button', { name: 'Generate' }).click();
  const progress = page.getByRole('region', { name: 'Writing your meeting minutes' });
  await expect(progress).toBeVisible();
  await expect(progress.getByRole('listitem')).toHaveCount(6);
  await shoot(page, 'write-progress');
  await expect(page).toHaveURL(DOCUMENT_URL, { timeout: WRITING_TIMEOUT });
  await page.unroute('**/api/write/jobs/*');
  const documentPath = new URL(page.url()).pathname;

  await expect(editor(page)).toBeVisible();
  await expect(saveState(page)).toHaveText('Saved');
  await expect(actionsTable(page)).toHaveCount(1);

  // An action's row, clicked, shows the transcript lines it was taken from, the cited ones marked.
  const actionRow = actionsTable(page).locator('tr[data-item^="action-"]').first();
  const item = await actionRow.getAttribute('data-item');
  await actionRow.locator('td').nth(1).click();
  const lines = page.getByRole('list', { name: /^Transcript lines for Action \d+$/ });
  await expect(lines).toBeVisible();
  await expect(lines.locator('li[data-cited]').first()).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Where it came from' }).getByRole('button', { pressed: true })).toHaveCount(1);
  await shoot(page, 'write-document-evidence');

  // Edit a heading and a table cell; the change is saved on its own.
  const heading = editor(page).locator('h2').first();
  const headingText = (await heading.innerText()).trim();
  await typeAtEnd(page, heading, ' (reviewed)');
  const cell = actionsTable(page).locator(`tr[data-item="${item}"] td`).nth(1);
  const cellText = (await cell.innerText()).trim();
  await typeAtEnd(page, cell, ' and report back');
  await expect(saveState(page)).toHaveText('Saving…');
  await expect(saveState(page)).toHaveText('Saved', { timeout: 10_000 });

  // A reload shows the saved text.
  await page.reload();
  await expect(editor(page)).toBeVisible();
  await expect(editor(page).locator('h2').first()).toHaveText(`${headingText} (reviewed)`);
  await expect(actionsTable(page).locator(`tr[data-item="${item}"] td`).nth(1)).toHaveText(`${cellText} and report back`);
  expect(new URL(page.url()).pathname).toBe(documentPath);

  // The Word file has the document's headings and its actions table, edits included.
  const wordDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download .docx' }).click();
  const word = await wordDownload;
  expect(word.suggestedFilename()).toMatch(/^Verity minutes - .+ - \d{4}-\d{2}-\d{2}\.docx$/);
  const wordPath = join(FILES_DIR, word.suggestedFilename());
  await word.saveAs(wordPath);
  const html = (await mammoth.convertToHtml({ path: wordPath })).value;
  expect(html).toContain(`<h2>${escapeHtml(headingText)} (reviewed)</h2>`);
  const tables = html.match(/<table>.*?<\/table>/gs) ?? [];
  const actions = tables.find((table) => table.includes('and report back'));
  expect(actions, 'the actions table is a table in the Word file').toBeTruthy();
  expect(actions).toContain(escapeHtml(cellText));
  expect(actions).toMatch(/Owner/);
  expect(actions).toMatch(/Due/);

  // The same document on a phone: the panel stacks below the text.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: await page.context().storageState() });
  const phonePage = await phone.newPage();
  await phonePage.goto(documentPath);
  await expect(editor(phonePage)).toBeVisible();
  const panel = phonePage.getByRole('complementary', { name: 'Where it came from' });
  const [editorBox, panelBox] = await Promise.all([editor(phonePage).boundingBox(), panel.boundingBox()]);
  expect(panelBox && editorBox && panelBox.y > editorBox.y + editorBox.height).toBe(true);
  await shoot(phonePage, 'write-document-phone');
  await phonePage.goto('/write');
  await expect(phonePage.getByRole('button', { name: 'Generate' })).toBeVisible();
  await shoot(phonePage, 'write-phone');
  await phone.close();
});

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
