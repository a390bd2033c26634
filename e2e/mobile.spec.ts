import type { Page } from '@playwright/test';
import { accountMenuButton, DEMO, signIn } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

// Runs in the 'mobile' project (Pixel 7 viewport, touch); see playwright.config.ts.

const STANDARD_MENU = ['Home', 'Chat', 'Write', 'Review Assistant', 'Regulatory Wiki', 'Reports', 'Tutorials & Documentation'];

function bottomBar(page: Page) {
  return page.getByRole('navigation', { name: 'Quick navigation' });
}

test('the top bar menu button opens the slide-in menu with every item, and it closes again', async ({ page }) => {
  await signIn(page, DEMO.standard);
  await expect(page).toHaveURL(/\/home$/);
  // Mobile layout: the desktop sidebar is not shown; the top bar carries the menu button and the avatar.
  await expect(page.getByRole('link', { name: 'Verity home' })).toBeHidden();
  await expect(accountMenuButton(page)).toBeVisible();

  // Hidden from assistive technology (not from view) while the menu, a modal, is open.
  const openMenu = page.getByRole('button', { name: 'Open menu', includeHidden: true });
  await expect(openMenu).toHaveAttribute('aria-expanded', 'false');
  await openMenu.click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await expect(openMenu).toHaveAttribute('aria-expanded', 'true');
  const menuNav = drawer.getByRole('navigation', { name: 'Main' });
  for (const name of STANDARD_MENU) await expect(menuNav.getByRole('link', { name, exact: true })).toBeInViewport();
  await expect(menuNav.getByRole('link')).toHaveCount(STANDARD_MENU.length);
  await expect(menuNav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');

  await drawer.getByRole('button', { name: 'Close menu' }).click();
  await expect(drawer).toHaveCount(0);
  await expect(openMenu).toHaveAttribute('aria-expanded', 'false');

  // Escape closes it too, and choosing an item navigates and closes it.
  await openMenu.click();
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);

  await openMenu.click();
  await drawer.getByRole('link', { name: 'Write', exact: true }).click();
  await expect(page).toHaveURL(/\/write$/);
  await expect(drawer).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Write' })).toBeVisible();
});

test('the bottom bar leaves out Write and Review', async ({ page }) => {
  await signIn(page, DEMO.standard);
  const bar = bottomBar(page);
  await expect(bar).toBeInViewport();
  for (const name of ['Home', 'Chat', 'Regulatory Wiki']) await expect(bar.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Write', exact: true })).toHaveCount(0);
  await expect(bar.getByRole('link', { name: 'Review Assistant', exact: true })).toHaveCount(0);
  await expect(bar.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');

  await bar.getByRole('link', { name: 'Chat', exact: true }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(bar.getByRole('link', { name: 'Chat', exact: true })).toHaveAttribute('aria-current', 'page');
});

test('items that do not fit go under More, and the active item always stays in the bar', async ({ page }) => {
  // A champion has six bar items (Home, Chat, Wiki, Reports, Tutorials, Champion Dashboard): one too many for 412px.
  await signIn(page, DEMO.champion);
  const bar = bottomBar(page);
  const more = bar.getByRole('button', { name: 'More' });
  await expect(more).toBeVisible();

  const tutorials = bar.getByRole('link', { name: 'Tutorials & Documentation', exact: true });
  await expect(tutorials).toHaveCount(0);
  await more.click();
  const moreMenu = page.getByRole('menu', { name: 'More' });
  await expect(moreMenu).toBeVisible();
  await expect(moreMenu.getByRole('menuitem', { name: 'Tutorials & Documentation' })).toBeVisible();
  await expect(moreMenu.getByRole('menuitem', { name: 'Champion Dashboard' })).toBeVisible();
  await expect(moreMenu.getByRole('menuitem', { name: 'Home' })).toHaveCount(0);

  await moreMenu.getByRole('menuitem', { name: 'Tutorials & Documentation' }).click();
  await expect(page).toHaveURL(/\/tutorials$/);
  await expect(moreMenu).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Tutorials & Documentation' })).toBeVisible();

  // Now the active item has a place in the bar, marked as the current page.
  await expect(tutorials).toBeInViewport();
  await expect(tutorials).toHaveAttribute('aria-current', 'page');
  await more.click();
  await expect(moreMenu.getByRole('menuitem', { name: 'Tutorials & Documentation' })).toHaveCount(0);
  await expect(moreMenu.getByRole('menuitem', { name: 'Champion Dashboard' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(moreMenu).toHaveCount(0);

  // Opening a page directly works the same way.
  await page.goto('/dashboard');
  const dashboard = bar.getByRole('link', { name: 'Champion Dashboard', exact: true });
  await expect(dashboard).toBeInViewport();
  await expect(dashboard).toHaveAttribute('aria-current', 'page');
  await expect(tutorials).toHaveCount(0);
});

/** Put far more content in the page than the screen holds, then ask whether the document scrolls. */
async function documentScrollsWithTallContent(page: Page): Promise<{ scrollHeight: number; innerHeight: number }> {
  return page.evaluate(() => {
    const filler = document.createElement('div');
    filler.style.height = '3000px';
    document.getElementById('main-content')?.append(filler);
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollHeight: root.scrollHeight, innerHeight: window.innerHeight };
  });
}

test('chat uses the fixed-height layout; other pages scroll', async ({ page }) => {
  await signIn(page, DEMO.standard);

  await page.goto('/chat');
  await expect(page.getByRole('button', { name: 'Conversations' })).toBeVisible();
  const fixed = await documentScrollsWithTallContent(page);
  expect(fixed.scrollHeight).toBeLessThanOrEqual(fixed.innerHeight);
  // The bottom bar stays on screen instead of being pushed down by the content.
  await expect(bottomBar(page)).toBeInViewport();

  await page.goto('/home');
  await expect(page.getByRole('heading', { name: /Priya$/ })).toBeVisible();
  const scrolling = await documentScrollsWithTallContent(page);
  expect(scrolling.scrollHeight).toBeGreaterThan(scrolling.innerHeight + 2000);
});
