import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DEMO, openSignedIn, signIn } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * Sharing a conversation read-only with the organisation: the owner (the demo standard user,
 * Priya Shah) shares it from the conversation's header, a guest of the same organisation opens
 * the link and reads it without a composer, the owner stops sharing, and the guest is told the
 * conversation is private.
 */

const SHOTS_DIR = '/tmp/shots/';
mkdirSync(SHOTS_DIR, { recursive: true });

async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  if (!token) throw new Error('not signed in');
  return token;
}

test('the owner shares a conversation, a guest reads it read-only, the owner revokes it and the guest sees it is private', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, DEMO.standard);
  const token = await tokenOf(page);
  const title = `Sentinel outlets ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/chat/sessions', { headers: { 'auth-token': token }, data: { title } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const asked = await page.request.post(`/api/chat/sessions/${id}/messages`, {
    headers: { 'auth-token': token },
    data: { content: 'How often should sentinel outlets be checked for legionella?' },
  });
  expect(await asked.text()).toContain('event: done');

  // The owner shares it from the header.
  await page.goto(`/chat/${id}`);
  const thread = page.getByRole('region', { name: 'Conversation thread' });
  await expect(thread.getByRole('heading', { name: title })).toBeVisible();
  await thread.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share conversation' });
  await expect(dialog.getByText('is private: only you can see it.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Share with my organisation' }).click();
  const link = dialog.getByRole('textbox', { name: 'Link for your colleagues' });
  await expect(link).toHaveValue(`${baseURL}/chat/${id}`);
  await expect(dialog.getByText(/is shared read-only with your organisation/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}chat-sharing-dialog.png`, animations: 'disabled' });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(thread.getByRole('button', { name: /^Shared/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(title) })).toContainText('Shared');

  // A guest of the organisation opens the link: read only, no composer.
  const guestContext = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  await guestContext.addCookies([{ name: 'verity_consent', value: 'dismissed', url: baseURL ?? '' }]);
  const guest = await guestContext.newPage();
  await openSignedIn(guest, `/chat/${id}`, DEMO.guest);
  await expect(guest.getByRole('heading', { name: title })).toBeVisible();
  await expect(guest.getByText('Shared by Priya Shah — read only')).toBeVisible();
  await expect(guest.getByRole('article', { name: 'Answer' })).toBeVisible();
  await expect(guest.getByRole('textbox', { name: 'Your question' })).toHaveCount(0);
  await expect(guest.getByRole('button', { name: 'Regenerate', exact: true })).toHaveCount(0);
  await expect(guest.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await guest.screenshot({ path: `${SHOTS_DIR}chat-sharing-guest-read-only.png`, animations: 'disabled' });

  // The owner stops sharing.
  await thread.getByRole('button', { name: /^Shared/ }).click();
  await dialog.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(dialog.getByText('is private: only you can see it.')).toBeVisible();
  await expect(link).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The guest opens it again: private.
  await guest.reload();
  await expect(guest.getByRole('heading', { name: 'This conversation is private' })).toBeVisible();
  await expect(guest.getByText(/read only/)).toHaveCount(0);
  await guest.screenshot({ path: `${SHOTS_DIR}chat-sharing-guest-private.png`, animations: 'disabled' });
  await guestContext.close();
});
