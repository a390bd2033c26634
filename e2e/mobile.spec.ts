import type { Page } from '@playwright/test';
import { accountMenuButton, DEMO, openSignedIn, sessionOf, signIn } from './support/app.ts';
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
  await drawer.getByRole('link', { name: 'Regulatory Wiki', exact: true }).click();
  await expect(page).toHaveURL(/\/wiki$/);
  await expect(drawer).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Regulatory Wiki' })).toBeVisible();
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

test('the bottom bar holds what fits and puts the rest under More', async ({ page }) => {
  // A champion also has Reports, Tutorials and the Champion Dashboard: one too many for five slots.
  await signIn(page, DEMO.champion);
  const bar = bottomBar(page);
  await expect(bar.getByRole('link', { name: 'Chat', exact: true })).toBeVisible();
  await expect(bar.getByRole('link')).toHaveCount(4);
  await bar.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Champion Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Champion Dashboard' })).toBeVisible();
  await expect(page).toHaveTitle('Champion Dashboard — Verity');
});

test.describe('cookie banner on a 390 × 844 phone', () => {
  test.use({ consentAnswered: false, viewport: { width: 390, height: 844 } });

  test('covers no more than a strip, and asks nothing about session recordings when none is configured', async ({ page, context }) => {
    await page.goto('/auth/login');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    const box = await banner.boundingBox();
    expect(box).not.toBeNull();
    // A strip along the bottom edge: at most an eighth of the screen.
    expect(box?.height ?? 999).toBeLessThanOrEqual(844 / 8);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(844 - 2);
    await expect(banner).not.toContainText(/recording/i);
    await expect(banner.getByRole('button', { name: 'Accept analytics cookies' })).toHaveCount(0);
    // The sign-in button is still reachable above it.
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeInViewport();
    await banner.getByRole('button', { name: 'OK' }).click();
    await expect(banner).toBeHidden();
    expect((await context.cookies()).find((c) => c.name === 'verity_consent')?.value).toBe('dismissed');
  });
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

test('on a touch screen the file drop zone is one row that opens the chooser, without offering to drop', async ({ page }) => {
  await openSignedIn(page, '/write', DEMO.standard);
  const choose = page.getByText('Choose a transcript', { exact: true });
  await expect(choose).toBeVisible();
  await expect(page.getByText('Drop a transcript here or choose a file')).toBeHidden();
  const row = await page
    .locator('label')
    .filter({ has: page.getByLabel('Transcript file') })
    .boundingBox();
  expect(row?.height).toBeLessThan(100);

  const chooser = page.waitForEvent('filechooser');
  await choose.tap();
  await (await chooser).setFiles({ name: 'meeting.txt', mimeType: 'text/plain', buffer: Buffer.from('Chair: Welcome, everyone.\n') });
  await expect(page.getByText('meeting.txt')).toBeVisible();
});

/**
 * The focused element's text when the top bar or the tab bar is drawn over part of it, else null
 * (focus inside a bar, or drawn above it as the skip link is, is clear of it).
 */
function focusUnderBars(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    const bars = [document.querySelector('header'), document.querySelector('nav[aria-label="Quick navigation"]')];
    if (!(focused instanceof HTMLElement) || focused === document.body || bars.some((bar) => bar?.contains(focused))) return null;
    const box = focused.getBoundingClientRect();
    const covered = bars.some((bar) => {
      const edge = bar?.getBoundingClientRect();
      if (!bar || !edge || box.bottom <= edge.top || box.top >= edge.bottom) return false;
      // The middle of the overlap: the bar is drawn there unless the element is drawn over it.
      const x = (Math.max(box.left, edge.left) + Math.min(box.right, edge.right)) / 2;
      const y = (Math.max(box.top, edge.top) + Math.min(box.bottom, edge.bottom)) / 2;
      return bar.contains(document.elementFromPoint(x, y));
    });
    return covered ? (focused.getAttribute('aria-label') ?? focused.textContent ?? focused.tagName).trim().slice(0, 60) : null;
  });
}

test('keyboard focus stops clear of the top bar and the tab bar, going down the page and back up', async ({ page }) => {
  await openSignedIn(page, '/dashboard', DEMO.champion);
  await expect(page.getByRole('heading', { level: 1, name: 'Champion Dashboard' })).toBeVisible();
  await expect(bottomBar(page)).toBeVisible();
  const hidden: string[] = [];
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let stop = 0; stop < 30; stop++) {
      await page.keyboard.press(key);
      const under = await focusUnderBars(page);
      if (under !== null) hidden.push(`${key}: ${under}`);
    }
    // Going down, focus took the page past the fold, so the tab bar was in play; going back up, the top bar.
    if (key === 'Tab') expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
  }
  expect(hidden).toEqual([]);
});

test.describe('chat on a 390 × 844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the conversation gets at least 65% of the height; Scope says All documents and closes on Escape; the copied toast leaves Export clear', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openSignedIn(page, '/chat', DEMO.standard);
    const box = page.getByRole('textbox', { name: 'Your question' });
    await box.fill('What temperatures control Legionella in hot and cold water systems?');
    await box.press('Enter');
    const answer = page.locator('article[aria-label="Answer"][data-status]');
    await expect(answer).toHaveCount(1, { timeout: 30_000 });
    await expect(page).toHaveURL(/\/chat\/[0-9A-Z]{26}$/);

    // One compact bar above the conversation: the conversations drawer, New conversation and Export share the header row.
    const header = page.getByRole('region', { name: 'Conversation thread' }).locator('header');
    await expect(header.getByRole('button', { name: 'Conversations' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'New conversation' })).toBeVisible();
    const conversation = await page.locator('[data-conversation-scroll]').boundingBox();
    expect(conversation).not.toBeNull();
    expect((conversation?.height ?? 0) / 844).toBeGreaterThanOrEqual(0.65);
    await page.screenshot({ path: '/tmp/shots-chat-thread/phone-conversation.png' });

    // The Scope control names what the next question searches, and Escape closes it.
    const scopeButton = page.getByRole('button', { name: 'Scope: All documents' });
    await expect(scopeButton).toBeVisible();
    await expect(scopeButton.getByText('All documents', { exact: true })).toBeVisible();
    await scopeButton.click();
    const scope = page.getByRole('region', { name: 'Scope of the next question' });
    await expect(scope).toBeVisible();
    await expect(scopeButton).toHaveAttribute('aria-expanded', 'true');
    await scope.getByRole('switch', { name: 'Include our internal documents' }).focus();
    await page.keyboard.press('Escape');
    await expect(scope).toHaveCount(0);
    await expect(scopeButton).toBeFocused();
    await expect(scopeButton).toHaveAttribute('aria-expanded', 'false');

    // The copied toast stays clear of the Export button.
    await answer.getByRole('button', { name: 'Copy' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Answer copied with its sources' });
    await expect(toast).toBeVisible();
    const toastBox = await toast.boundingBox();
    const exportBox = await page.getByRole('button', { name: 'Export (.docx)' }).boundingBox();
    expect(toastBox && exportBox).toBeTruthy();
    if (toastBox && exportBox) {
      const overlaps =
        toastBox.x < exportBox.x + exportBox.width &&
        exportBox.x < toastBox.x + toastBox.width &&
        toastBox.y < exportBox.y + exportBox.height &&
        exportBox.y < toastBox.y + toastBox.height;
      expect(overlaps, `toast ${JSON.stringify(toastBox)} and Export ${JSON.stringify(exportBox)}`).toBe(false);
    }
    await page.screenshot({ path: '/tmp/shots-chat-thread/phone-toast.png' });
  });
});

test('a review on a phone: a highlight leads to its finding’s card, and the card back to the text', async ({ page }) => {
  await openSignedIn(page, '/review', DEMO.standard);
  const headers = await sessionOf(page.request, DEMO.standard);
  const sample = await page.request.get('/api/review/sample-policy');
  const created = await page.request.post('/api/review/reviews', {
    headers,
    multipart: { file: { name: 'sample-policy.pdf', mimeType: 'application/pdf', buffer: await sample.body() } },
  });
  expect(created.status()).toBe(202);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/review/${id}`);
  const card = page.getByRole('article', { name: /Undefined acronym/ });
  await expect(card).toBeAttached({ timeout: 20_000 });
  await expect(card).not.toBeInViewport();

  // The findings come after the whole policy; the highlight brings its card into view.
  const findingId = await card.locator('[data-finding-button]').getAttribute('data-finding-button');
  const highlight = page.locator(`mark[data-findings~="${findingId}"]`).first();
  await highlight.scrollIntoViewIfNeeded();
  await highlight.tap();
  const button = card.locator('[data-finding-button]');
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(button).toBeInViewport();
  await expect(button).toBeFocused();

  // And the card's button goes back to the highlight.
  await button.tap();
  await expect(highlight).toBeInViewport();
  await expect(highlight).toHaveAttribute('data-active', 'true');
});
