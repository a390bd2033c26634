import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { DEMO, mainNav, signIn } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

/** Review screenshots of the wiki (not compared automatically); git ignores the folder. */
const SHOTS_DIR = fileURLToPath(new URL('./.artifacts/screenshots/', import.meta.url));

/** Phone shots are one screen high: a full page of 95 narrow cards is too tall to review. */
async function shoot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${SHOTS_DIR}${name}.png`, fullPage, animations: 'disabled' });
}

function card(scope: Page | Locator, code: string): Locator {
  // A filter's inner locator is matched inside each article, so it must start from the page.
  const page = 'goto' in scope ? scope : scope.page();
  return scope.getByRole('article').filter({ has: page.getByText(code, { exact: true }) });
}

async function chooseFilter(page: Page, filter: 'Category' | 'Domain' | 'Subdomain', value: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^${filter}`) }).click();
  await page.getByRole('checkbox', { name: new RegExp(`^${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(\\d+ documents?\\)$`) }).check();
  await page.keyboard.press('Escape');
}

async function openWiki(page: Page): Promise<void> {
  await page.goto('/wiki');
  await expect(page.getByRole('heading', { level: 1, name: 'Regulatory Wiki' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Documents' })).toBeVisible();
}

test('filter, search, favourite, compare two editions and find the filters reset after leaving the wiki', async ({ page }) => {
  await signIn(page, DEMO.standard);
  await openWiki(page);
  const total = await page.getByText(/^\d+ documents$/).textContent();
  await shoot(page, 'wiki-browse');

  // Filter by the HTM domain: only HTM documents are listed and the filter shows as a chip.
  await chooseFilter(page, 'Domain', 'HTM');
  await expect(page.getByRole('button', { name: 'Remove filter Domain: HTM' })).toBeVisible();
  await expect(page.getByText(/^\d+ of \d+ documents$/)).toBeVisible();
  const documents = page.getByRole('list', { name: 'Documents' });
  await expect(documents.getByText('HTM 06-01', { exact: true })).toBeVisible();
  for (const tags of await documents.getByRole('list', { name: 'Tags' }).all()) await expect(tags).toContainText('HTM');
  // Current editions come before superseded ones.
  const statuses = await documents.getByRole('article').evaluateAll((cards) => cards.map((c) => c.textContent?.includes('Superseded')));
  const firstSuperseded = statuses.indexOf(true);
  expect(firstSuperseded === -1 ? [] : statuses.slice(firstSuperseded)).not.toContain(false);

  // Search: HTM 06-01 comes first, with the matched words highlighted in its snippets.
  await page.getByRole('searchbox', { name: 'Search the library' }).fill('HTM 06-01');
  await expect(page).toHaveURL(/[?&]q=HTM\+06-01/);
  const results = page.getByRole('list', { name: 'Search results' });
  const first = results.locator('> li').first();
  await expect(first.getByText('HTM 06-01', { exact: true })).toBeVisible();
  await expect(first.getByRole('heading', { name: 'Electrical services supply and distribution' })).toBeVisible();
  await expect(first.locator('mark').first()).toBeVisible();
  await shoot(page, 'wiki-search');

  // A snippet opens the document at that element.
  const snippetHref = await first.getByRole('list', { name: 'Matches in HTM 06-01' }).getByRole('link').first().getAttribute('href');
  expect(snippetHref).toMatch(/^\/wiki\/[0-9A-Z]{26}\?element_ids=.+/);

  // Favourite it and find it under Favourites.
  const star = first.getByRole('button', { name: /favourites$/ });
  if ((await star.getAttribute('aria-pressed')) === 'true') await star.click();
  await expect(first.getByRole('button', { name: 'Add to favourites' })).toBeVisible();
  await first.getByRole('button', { name: 'Add to favourites' }).click();
  await expect(first.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: /^Favourites/ }).click();
  const favourites = page.getByRole('list', { name: 'Favourites' });
  await expect(card(favourites, 'HTM 06-01')).toBeVisible();
  await shoot(page, 'wiki-favourites');
  // Favourites are kept on the server: still there after a reload.
  await page.reload();
  await expect(card(page.getByRole('list', { name: 'Favourites' }), 'HTM 06-01')).toBeVisible();

  // Compare the two editions of ACoP L8.
  // Opening Favourites put the search away.
  await page.getByRole('button', { name: 'All documents' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search the library' })).toHaveValue('');
  await chooseFilter(page, 'Subdomain', 'Legionella and water safety');
  await card(page, 'ACoP L8').getByRole('button', { name: 'Add ACoP L8 to compare' }).click();
  const tray = page.getByRole('region', { name: 'Compare list' });
  await expect(tray.getByText('Choose one more document to compare.')).toBeVisible();
  await expect(tray.getByRole('button', { name: 'Compare', exact: true })).toBeDisabled();
  await card(page, 'ACoP L8 (2000)').getByRole('button', { name: 'Add ACoP L8 (2000) to compare' }).click();
  await expect(card(page, 'ACoP L8 (2000)').getByRole('button', { name: 'In compare: remove ACoP L8 (2000)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await tray.getByRole('button', { name: 'Compare', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Compare documents' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'What changed' });
  await expect(summary).toContainText(/\d+ added, \d+ removed, \d+ changed/);
  // The superseded edition sits on the left.
  await expect(page.getByText('Left', { exact: true }).locator('..')).toContainText('ACoP L8 (2000)');
  const rows = page.getByRole('list', { name: 'Differences' });
  await expect(rows.locator('> li[data-change="changed"]').first()).toBeVisible();
  // "Show only differences" is offered only when some rows are unchanged, and then folds them away.
  const toggle = page.getByRole('switch', { name: 'Show only differences' });
  if ((await rows.locator('> li[data-change="equal"]').count()) === 0) {
    await expect(toggle).toHaveCount(0);
  } else {
    await toggle.check();
    await expect(rows.locator('> li[data-change="equal"]')).toHaveCount(0);
  }
  await shoot(page, 'wiki-compare', { fullPage: false });
  await page.getByRole('button', { name: 'Back to documents' }).click();
  await expect(page.getByRole('region', { name: 'Compare list' })).toBeVisible();

  // Leave the wiki and come back: the filters are gone.
  await mainNav(page).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await mainNav(page).getByRole('link', { name: 'Regulatory Wiki' }).click();
  await expect(page).toHaveURL(/\/wiki$/);
  await expect(page.getByRole('list', { name: 'Documents' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Remove filter/ })).toHaveCount(0);
  await expect(page.getByText(/^\d+ documents$/)).toHaveText(total ?? '');
  await expect(page.getByRole('button', { name: /^Domain$/ })).toBeVisible();
});

test('the wiki reads well on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.standard);
  await openWiki(page);
  const noHorizontalScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await noHorizontalScroll()).toBe(true);
  await shoot(page, 'wiki-browse-mobile', { fullPage: false });
  await page.getByRole('button', { name: /^Subdomain/ }).click();
  await expect(page.getByRole('checkbox', { name: /^HTM 04 Water/ })).toBeVisible();
  expect(await noHorizontalScroll()).toBe(true);
  await shoot(page, 'wiki-filter-mobile', { fullPage: false });
  await page.keyboard.press('Escape');

  await page.getByRole('searchbox', { name: 'Search the library' }).fill('legionella');
  await expect(page.getByRole('list', { name: 'Search results' }).locator('mark').first()).toBeVisible();
  expect(await noHorizontalScroll()).toBe(true);
  await shoot(page, 'wiki-search-mobile', { fullPage: false });

  await page.getByRole('button', { name: /^Favourites/ }).click();
  await expect(page.getByRole('list', { name: 'Favourites' }).or(page.getByText('No favourites yet'))).toBeVisible();
  await shoot(page, 'wiki-favourites-mobile', { fullPage: false });

  // Opening Favourites put the search away.
  await page.getByRole('button', { name: 'All documents' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search the library' })).toHaveValue('');
  await chooseFilter(page, 'Subdomain', 'Legionella and water safety');
  for (const code of ['ACoP L8', 'ACoP L8 (2000)']) {
    const toggle = card(page, code).getByRole('button', { name: /compare$/ });
    if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  }
  const compare = page.getByRole('region', { name: 'Compare list' }).getByRole('button', { name: 'Compare', exact: true });
  await expect(compare).toBeInViewport();
  await shoot(page, 'wiki-tray-mobile', { fullPage: false });
  await compare.click();
  await expect(page.getByRole('region', { name: 'What changed' })).toContainText(/\d+ added/);
  expect(await noHorizontalScroll()).toBe(true);
  await shoot(page, 'wiki-compare-mobile', { fullPage: false });
});
