import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { createVerifiedUser, DEMO, mainNav, signIn } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * Home shows what the user has done (recent conversations, favourites, recently opened
 * documents), with empty states that say what to do; tools not built yet are marked "Coming
 * soon" and are not links; every page names its tab.
 */

const SHOTS_DIR = fileURLToPath(new URL('./.artifacts/screenshots/', import.meta.url));
const QUESTION = 'How often should sentinel outlets be checked for legionella?';
const DOCUMENT = 'htm-06-01-electrical-services.md';

function region(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${SHOTS_DIR}${name}.png`, fullPage: true, animations: 'disabled' });
}

test('a new user is told what to do; after opening a document and asking a question, Home lists them', async ({ page, request }) => {
  const user = await createVerifiedUser(request, 'home');
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page).toHaveTitle('Home — Verity');

  // Empty: each list says what to do, with a way to start.
  await expect(region(page, 'Recent conversations')).toContainText('No conversations yet');
  await expect(region(page, 'Recent conversations').getByRole('link', { name: /Ask your first question/ })).toHaveAttribute(
    'href',
    '/chat',
  );
  await expect(region(page, 'Favourites')).toContainText('No favourites yet');
  await expect(region(page, 'Recently opened')).toContainText('Nothing opened yet');

  // Open a document in the reader: its title names the tab.
  await page.goto(`/wiki/${DOCUMENT}`);
  await expect(page.getByRole('heading', { level: 1, name: /Electrical services/ })).toBeVisible();
  await expect(page).toHaveTitle(/^HTM 06-01: Electrical services.* — Verity$/);

  // Ask a question.
  await page.goto('/chat');
  await expect(page).toHaveTitle('Chat — Verity');
  const composer = page.getByRole('textbox', { name: /^(Your question|What should be drafted\?)$/ });
  await composer.fill(QUESTION);
  await composer.press('Enter');
  await expect(page).toHaveURL(/\/chat\/[A-Za-z0-9]{26}$/);
  await expect(page.locator('article[aria-label="Answer"][data-status]')).toHaveCount(1, { timeout: 30_000 });

  // Back Home, both are listed and lead back.
  await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  const conversations = region(page, 'Recent conversations');
  const conversation = conversations.getByRole('link', { name: /sentinel outlets/i });
  await expect(conversation).toBeVisible();
  await expect(conversation).toHaveAttribute('href', /^\/chat\/[A-Za-z0-9]{26}$/);
  const opened = region(page, 'Recently opened').getByRole('link', { name: /HTM 06-01/ });
  await expect(opened).toBeVisible();
  await expect(opened).toContainText('Opened just now');
  await opened.click();
  await expect(page).toHaveURL(/\/wiki\/[A-Za-z0-9]{26}$/);
  await expect(page.getByRole('heading', { level: 1, name: /Electrical services/ })).toBeVisible();
});

test('the demo user’s Home with data (desktop and a 390 × 844 phone screenshot)', async ({ page, browser }) => {
  await signIn(page, DEMO.standard);
  // Something in each list: a favourite, an opened document and a conversation.
  await page.goto(`/wiki/${DOCUMENT}`);
  await expect(page.getByRole('heading', { level: 1, name: /Electrical services/ })).toBeVisible();
  const favourite = page.getByRole('button', { name: /favourite/i }).first();
  if ((await favourite.getAttribute('aria-pressed')) !== 'true') await favourite.click();
  await page.goto('/wiki/htm-04-01-part-b-safe-water-operational-management.md');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/chat');
  const composer = page.getByRole('textbox', { name: /^(Your question|What should be drafted\?)$/ });
  await composer.fill(QUESTION);
  await composer.press('Enter');
  await expect(page.locator('article[aria-label="Answer"][data-status]')).toHaveCount(1, { timeout: 30_000 });

  await page.goto('/home');
  await expect(region(page, 'Favourites').getByRole('link', { name: /HTM 06-01/ })).toBeVisible();
  await expect(region(page, 'Recently opened').getByRole('link', { name: /HTM 04-01 Part B/ })).toBeVisible();
  await expect(region(page, 'Recent conversations').getByRole('link').first()).toBeVisible();
  await shoot(page, 'home-with-data-desktop');

  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    storageState: await page.context().storageState(),
  });
  const phonePage = await phone.newPage();
  await phonePage.goto('/home');
  await expect(region(phonePage, 'Recently opened').getByRole('link', { name: /HTM 04-01 Part B/ })).toBeVisible();
  await shoot(phonePage, 'home-with-data-phone');
  await phone.close();
});

test('Home links every tool the person may use, Reports among them', async ({ page }) => {
  await signIn(page, DEMO.champion);
  const actions = region(page, 'Quick actions');
  await expect(actions.getByRole('link')).toHaveCount(8);
  await expect(actions.getByRole('link', { name: 'All tools and your work in each' })).toHaveAttribute('href', '/landing');
  await expect(actions.getByRole('link', { name: /Chat/ })).toHaveAttribute('href', '/chat');
  await expect(actions.getByRole('link', { name: /^Write/ })).toHaveAttribute('href', '/write');
  await expect(actions.getByRole('link', { name: /^Review Assistant/ })).toHaveAttribute('href', '/review');
  await expect(actions.getByRole('link', { name: /Regulatory Wiki/ })).toHaveAttribute('href', '/wiki');
  await expect(actions.getByRole('link', { name: /^Reports/ })).toHaveAttribute('href', '/reporting');
  await expect(actions.getByRole('link', { name: /Tutorials & Documentation/ })).toHaveAttribute('href', '/tutorials');
  await expect(actions.getByRole('link', { name: /Champion Dashboard/ })).toHaveAttribute('href', '/dashboard');
  await expect(page.getByText('Coming soon')).toHaveCount(0);
});

test('each page names its tab', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page).toHaveTitle('Sign in — Verity');
  await page.goto('/auth/register');
  await expect(page).toHaveTitle('Create account — Verity');
  await signIn(page, DEMO.standard);
  await expect(page).toHaveTitle('Home — Verity');
  for (const [path, title] of [
    ['/wiki', 'Regulatory Wiki — Verity'],
    ['/chat', 'Chat — Verity'],
    ['/profile', 'Edit profile — Verity'],
    ['/profile/update-password', 'Update password — Verity'],
    ['/profile/help-support', 'Help & support — Verity'],
    ['/write', 'Write — Verity'],
  ] as const) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
  // Moving within the app (no reload) renames the tab too.
  await mainNav(page).getByRole('link', { name: 'Regulatory Wiki', exact: true }).click();
  await expect(page).toHaveTitle('Regulatory Wiki — Verity');
  await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveTitle('Home — Verity');
});

test('/robots.txt is a real robots file', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/plain');
  const body = await response.text();
  expect(body).toMatch(/^User-agent: \*$/m);
  expect(body).toMatch(/^Disallow: \/api\/$/m);
  expect(body).toMatch(/^Disallow: \/home$/m);
  expect(body).not.toContain('<html');
});
