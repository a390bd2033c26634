import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO, signIn } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

/** Review screenshots of the conversations list (looked at by hand, not compared). */
const SHOTS_DIR = '/tmp/shots-chat-list/';
mkdirSync(SHOTS_DIR, { recursive: true });

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS_DIR}${name}.png`, animations: 'disabled' });
}

interface Session {
  id: string;
  title: string;
}

/** The signed-in page's token, for setting conversations up through the API. */
async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  if (!token) throw new Error('not signed in');
  return token;
}

async function createSession(request: APIRequestContext, token: string, title: string): Promise<Session> {
  const response = await request.post('/api/chat/sessions', { headers: { 'auth-token': token }, data: { title } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Session;
}

/** Ask a question (the built-in engine answers offline); the whole event stream is read. */
async function ask(request: APIRequestContext, token: string, sessionId: string, content: string): Promise<void> {
  const response = await request.post(`/api/chat/sessions/${sessionId}/messages`, { headers: { 'auth-token': token }, data: { content } });
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain('event: done');
}

/** Something no other test's conversation holds, so each test only sees its own. */
function uniqueTag(): string {
  return `t${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

function conversationsList(scope: Page | Locator): Locator {
  return scope.getByRole('list', { name: 'Conversations' });
}

async function listedTitles(scope: Page | Locator): Promise<string[]> {
  return conversationsList(scope)
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.querySelector('span')?.textContent ?? ''));
}

async function search(scope: Page | Locator, text: string): Promise<void> {
  await scope.getByRole('searchbox', { name: 'Search conversations' }).fill(text);
}

test.describe('desktop', () => {
  test('newest first, search by title and content, rename, delete with confirm', async ({ page, request }) => {
    await signIn(page, DEMO.standard);
    const token = await tokenOf(page);
    const tag = uniqueTag();
    const fire = await createSession(request, token, `${tag} Fire door inspection records`);
    const water = await createSession(request, token, `${tag} Legionella risk assessment review`);
    const electrical = await createSession(request, token, `${tag} Fixed electrical installation testing`);

    await page.goto('/chat');
    const list = conversationsList(page);
    await expect(list).toBeVisible();
    await search(page, tag);
    await expect.poll(() => listedTitles(page)).toEqual([electrical.title, water.title, fire.title]);

    // A question makes the oldest conversation the latest activity: it moves to the top.
    const marker = `doorsurvey${tag}`;
    await ask(request, token, fire.id, `How often should fire doors be inspected? Reference ${marker}`);
    await page.reload();
    await search(page, tag);
    await expect.poll(() => listedTitles(page)).toEqual([fire.title, electrical.title, water.title]);
    await expect(list.getByRole('link', { name: new RegExp(fire.title) }).locator('time')).toHaveText(/Just now|1 min ago/);
    await shoot(page, 'desktop-list');

    // Search reaches message text too, and says so when nothing matches.
    await search(page, marker);
    await expect.poll(() => listedTitles(page)).toEqual([fire.title]);
    await search(page, `nothing-${tag}`);
    await expect(page.getByText(`No conversations match “nothing-${tag}”`)).toBeVisible();
    await shoot(page, 'desktop-no-match');
    await page.getByRole('button', { name: 'Clear search' }).first().click();
    await expect(page.getByRole('searchbox', { name: 'Search conversations' })).toHaveValue('');
    await search(page, tag);
    await expect.poll(() => listedTitles(page)).toHaveLength(3);

    // Open one: it is marked current in the list and the URL names it.
    await list.getByRole('link', { name: new RegExp(water.title) }).click();
    await expect(page).toHaveURL(new RegExp(`/chat/${water.id}$`));
    await expect(list.getByRole('link', { name: new RegExp(water.title) })).toHaveAttribute('aria-current', 'page');

    // Rename: the server's message for a blank title, Escape cancels, Enter saves.
    await page.getByRole('button', { name: `More actions for “${water.title}”` }).click();
    await expect(page.getByRole('menu', { name: `Actions for “${water.title}”` })).toBeVisible();
    await shoot(page, 'desktop-menu');
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const titleField = page.getByRole('textbox', { name: 'Conversation title' });
    await expect(titleField).toBeFocused();
    await titleField.fill('   ');
    await titleField.press('Enter');
    await expect(page.getByText('Enter a title')).toBeVisible();
    await expect(titleField).toHaveAttribute('aria-invalid', 'true');
    await shoot(page, 'desktop-rename-error');
    await titleField.press('Escape');
    await expect(titleField).toHaveCount(0);
    await expect.poll(() => listedTitles(page)).toContain(water.title);

    const renamed = `${tag} L8 water safety plan`;
    await page.getByRole('button', { name: `More actions for “${water.title}”` }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await titleField.fill(renamed);
    await titleField.press('Enter');
    await expect(titleField).toHaveCount(0);
    await expect.poll(() => listedTitles(page)).toEqual([fire.title, electrical.title, renamed]);
    const stored = await request.get(`/api/chat/sessions/${water.id}`, { headers: { 'auth-token': token } });
    expect(((await stored.json()) as Session).title).toBe(renamed);

    // Delete another conversation: the dialog names it; Cancel keeps it, Delete removes it.
    await page.getByRole('button', { name: `More actions for “${electrical.title}”` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete conversation?' });
    await expect(dialog).toContainText(`“${electrical.title}”`);
    await shoot(page, 'desktop-delete-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect.poll(() => listedTitles(page)).toHaveLength(3);

    await page.getByRole('button', { name: `More actions for “${electrical.title}”` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toHaveCount(0);
    await expect.poll(() => listedTitles(page)).toEqual([fire.title, renamed]);
    await expect(page).toHaveURL(new RegExp(`/chat/${water.id}$`));
    const gone = await request.get(`/api/chat/sessions/${electrical.id}`, { headers: { 'auth-token': token } });
    expect(gone.status()).toBe(404);

    // Deleting the open conversation returns to /chat.
    await page.getByRole('button', { name: `More actions for “${renamed}”` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect.poll(() => listedTitles(page)).toEqual([fire.title]);
  });

  test('opens a conversation by URL; an unknown id says it could not be found and the list still works', async ({ page, request }) => {
    await signIn(page, DEMO.standard);
    const token = await tokenOf(page);
    const tag = uniqueTag();
    const session = await createSession(request, token, `${tag} Medical gas pipeline checks`);

    await page.goto(`/chat/${session.id}`);
    const list = conversationsList(page);
    await expect(list.getByRole('link', { name: new RegExp(session.title) })).toHaveAttribute('aria-current', 'page');

    // A well-formed id nobody owns, as another user's conversation would look.
    await page.goto('/chat/01JZZZZZZZZZZZZZZZZZZZZZZZ');
    await expect(page.getByText('This conversation could not be found')).toBeVisible();
    await expect(page.getByRole('link', { name: /new conversation/i }).first()).toBeVisible();
    await expect(list.locator('a[aria-current="page"]')).toHaveCount(0);
    await search(page, tag);
    await expect.poll(() => listedTitles(page)).toEqual([session.title]);
    await shoot(page, 'desktop-not-found');
  });

  test('the chat page itself never scrolls; the list scrolls inside its column', async ({ page, request }) => {
    await signIn(page, DEMO.standard);
    const token = await tokenOf(page);
    const tag = uniqueTag();
    for (let i = 1; i <= 24; i += 1) await createSession(request, token, `${tag} Estates question ${String(i).padStart(2, '0')}`);

    await page.goto('/chat');
    await search(page, tag);
    await expect.poll(() => listedTitles(page)).toHaveLength(20);
    await expect(page.getByText('Showing 20 of 24')).toBeVisible();
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => listedTitles(page)).toHaveLength(24);
    expect((await listedTitles(page))[23]).toBe(`${tag} Estates question 01`);

    const sizes = await page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      return { scrollHeight: root.scrollHeight, innerHeight: window.innerHeight };
    });
    expect(sizes.scrollHeight).toBeLessThanOrEqual(sizes.innerHeight + 1);
    await shoot(page, 'desktop-long-list');
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('the list opens in a drawer, choosing a conversation closes it, and the page does not scroll', async ({ page, request }) => {
    await signIn(page, DEMO.standard);
    const token = await tokenOf(page);
    const tag = uniqueTag();
    const older = await createSession(request, token, `${tag} Water temperature monitoring in a community hospital`);
    const newer = await createSession(request, token, `${tag} Asbestos register`);

    await page.goto('/chat');
    // Fixed height: the document is exactly one screen, the tab bar in view.
    const sizes = await page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      return { scrollHeight: root.scrollHeight, innerHeight: window.innerHeight };
    });
    expect(sizes.scrollHeight).toBeLessThanOrEqual(sizes.innerHeight + 1);
    await expect(page.getByRole('navigation', { name: 'Quick navigation' })).toBeInViewport();
    await expect(page.getByRole('complementary', { name: 'Conversations' })).toBeHidden();
    await shoot(page, 'phone-chat');

    const toggle = page.getByRole('button', { name: 'Conversations' });
    await toggle.click();
    const drawer = page.getByRole('dialog', { name: 'Conversations' });
    await expect(drawer).toBeVisible();
    await search(drawer, tag);
    await expect.poll(() => listedTitles(drawer)).toEqual([newer.title, older.title]);
    const box = await drawer.boundingBox();
    expect(box?.width).toBeLessThan(390);
    await shoot(page, 'phone-drawer');

    await conversationsList(drawer)
      .getByRole('link', { name: new RegExp(older.title) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/chat/${older.id}$`));
    await expect(drawer).toHaveCount(0);
    const after = await page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      return { scrollHeight: root.scrollHeight, innerHeight: window.innerHeight };
    });
    expect(after.scrollHeight).toBeLessThanOrEqual(after.innerHeight + 1);
    await shoot(page, 'phone-conversation');

    // The open one is marked in the drawer; deleting it there returns to /chat.
    await toggle.click();
    await expect(conversationsList(drawer).getByRole('link', { name: new RegExp(older.title) })).toHaveAttribute('aria-current', 'page');
    await drawer.getByRole('button', { name: `More actions for “${older.title}”` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete conversation?' });
    await expect(dialog).toContainText(older.title);
    await shoot(page, 'phone-delete-dialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/chat$/);
  });
});
