import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { createVerifiedUser, DEMO, openSignedIn } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';

/** Review screenshots of the data library (not compared automatically); git ignores the folder. */
const SHOTS_DIR = fileURLToPath(new URL('./.artifacts/screenshots/', import.meta.url));

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${SHOTS_DIR}${name}.png`, fullPage: true, animations: 'disabled' });
}

test('a member adds their organisation’s procedure, reads it in the wiki, and another organisation never sees it', async ({
  page,
  browser,
  request,
}) => {
  const word = `Zephyr${Date.now().toString(36)}`;
  const title = `${word} valve servicing procedure`;
  await openSignedIn(page, '/landing', DEMO.standard);
  await page.getByRole('link', { name: 'Open Data Library' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Data Library' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Add a document' });
  await form.getByRole('button', { name: 'Add to our library' }).click();
  await expect(form.getByText('Choose the file to add')).toBeVisible();
  await form.getByLabel('Document file').setInputFiles({
    name: `${word.toLowerCase()}-procedure.md`,
    mimeType: 'text/markdown',
    buffer: Buffer.from(`# ${title}\n\n## Servicing\n\nEach ${word} valve is serviced every six months by the estates team.\n`),
  });
  await form.getByRole('textbox', { name: 'Category' }).fill('Procedure');
  await form.getByRole('textbox', { name: 'Domain', exact: true }).fill('Water');
  await form.getByRole('button', { name: 'Add to our library' }).click();
  await expect(page.getByText(`${title} added`, { exact: true })).toBeVisible({ timeout: 30_000 });

  const list = page.getByRole('region', { name: 'Our documents' });
  const item = list.getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText('Procedure · Water › General');
  await expect(item).toContainText('1 version');
  await shoot(page, 'data-library');
  await expectAccessible(page, 'data library with a document');

  // Its own members read it in the wiki.
  await item.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const documentPath = new URL(page.url()).pathname;

  // A new version keeps its name; the list then says two versions.
  await page.goto('/data-library');
  await item.getByRole('button', { name: `New version of ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: `New version of ${title}` });
  await dialog.getByLabel('New version file').setInputFiles({
    name: 'anything.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from(`# ${title}\n\n## Servicing\n\nEach ${word} valve is serviced every three months by the estates team.\n`),
  });
  await dialog.getByRole('button', { name: 'Upload new version' }).click();
  await expect(page.getByText(`New version of ${title} added`, { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(item).toContainText('2 versions');

  // Someone of another organisation: nothing in their list, nothing in search, and the address is not found.
  const outsider = await createVerifiedUser(request, 'data-library-outsider');
  const other = await browser.newPage();
  await openSignedIn(other, '/data-library', outsider.email, outsider.password);
  await expect(other.getByText('Nothing here yet: add your first document.')).toBeVisible();
  await other.goto('/wiki');
  await other.getByRole('searchbox', { name: 'Search the library' }).fill(word);
  await expect(
    other.getByText(/No documents match|nothing matches|No results/i).or(other.getByRole('list', { name: 'Search results' })),
  ).toBeVisible();
  await expect(other.getByText(title)).toHaveCount(0);
  await other.goto(documentPath);
  await expect(other.getByRole('heading', { level: 1, name: title })).toHaveCount(0);
  await other.close();

  // Deleted, it is gone.
  await item.getByRole('button', { name: `Delete ${title}` }).click();
  await page
    .getByRole('dialog', { name: `Delete ${title}?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(list.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
});
