import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import type { DocumentElement, DocumentResponse, FilterDataResponse, LoginResponse } from '@verity/shared';
import { DEMO, DEMO_PASSWORD, openSignedIn, signIn } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * The document reader at /wiki/{idorfilename}. Ids come from the API at run time (filter_data,
 * then the document itself), never from the corpus files, so a re-seed cannot break the tests.
 */

const SHOTS_DIR = fileURLToPath(new URL('./.artifacts/screenshots/', import.meta.url));
const UNKNOWN_ID = 'ZZZZZZZZZZZZZZZZZZZZZZZZZZ';

async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/auth/login', { multipart: { email, password: DEMO_PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as LoginResponse;
  if (!body.auth_token) throw new Error(`no token for ${email}: ${body.message}`);
  return body.auth_token;
}

async function getJson<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { 'auth-token': token } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

interface Library {
  /** A current document with headings, paragraphs and list items (HTM 06-01 when present). */
  current: DocumentResponse;
  /** A superseded edition whose replacement is visible. */
  superseded: DocumentResponse;
}

async function findLibrary(request: APIRequestContext): Promise<Library> {
  const token = await apiToken(request, DEMO.standard);
  const { references } = await getJson<FilterDataResponse>(request, token, '/api/chat/filter_data');
  const currentRefs = references.filter((r) => r.status === 'current');
  const preferred = currentRefs.find((r) => r.title.includes('HTM 06-01') || r.code === 'HTM 06-01') ?? currentRefs[0];
  if (!preferred) throw new Error('the seeded library has no current document');
  const current = await getJson<DocumentResponse>(request, token, `/api/docs/document/${preferred.short_id}`);

  let superseded: DocumentResponse | undefined;
  for (const reference of references.filter((r) => r.status === 'superseded')) {
    const candidate = await getJson<DocumentResponse>(request, token, `/api/docs/document/${reference.short_id}`);
    if (candidate.superseded_by) {
      superseded = candidate;
      break;
    }
  }
  if (!superseded) throw new Error('the seeded library has no superseded edition with a visible replacement');
  return { current, superseded };
}

/** Two passages far apart in reading order, so the second is off screen when the first is shown. */
function twoPassages(document: DocumentResponse): [DocumentElement, DocumentElement] {
  const passages = document.elements.filter((e) => e.type === 'paragraph' || e.type === 'list_item');
  const first = passages[Math.floor(passages.length / 3)];
  const second = passages.at(-1);
  if (!first || !second || first === second) throw new Error(`${document.code} has too few passages`);
  return [first, second];
}

function titleHeading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

/** One screen as the reader sees it (sticky bars make full-page captures misleading). */
async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${SHOTS_DIR}${name}.png`, animations: 'disabled' });
}

let library: Library;

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  library = await findLibrary(request);
  await request.dispose();
});

test.describe('standard user', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO.standard);
  });

  test('opens a citation with two element ids: both highlighted, the first scrolled into view', async ({ page }) => {
    const { current } = library;
    const [first, second] = twoPassages(current);
    await page.goto(`/wiki/${current.id}?element_ids=${first.id}&element_ids=${second.id}`);

    await expect(titleHeading(page)).toContainText(current.title);
    await expect(page.getByText('2 highlighted passages')).toBeVisible();
    const highlighted = page.locator('[data-highlighted="true"]');
    await expect(highlighted).toHaveCount(2);
    await expect(highlighted.nth(0)).toHaveAttribute('data-element-id', first.id);
    await expect(highlighted.nth(1)).toHaveAttribute('data-element-id', second.id);
    for (const index of [0, 1]) await expect(highlighted.nth(index)).toContainText('Cited passage:');

    const firstPassage = page.locator(`[data-element-id="${first.id}"]`);
    const secondPassage = page.locator(`[data-element-id="${second.id}"]`);
    await expect(firstPassage).toBeInViewport();
    await expect(secondPassage).not.toBeInViewport();

    await page.getByRole('button', { name: 'Next highlighted passage' }).click();
    await expect(secondPassage).toBeInViewport();
    await expect(secondPassage).toBeFocused();

    await shoot(page, 'wiki-reader-desktop-highlight');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'wiki-reader-desktop');

    // Print shows the document alone: no shell, actions or contents.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Contents' })).toBeHidden();
    await expect(titleHeading(page)).toBeVisible();
    await expect(firstPassage).toBeVisible();
    await shoot(page, 'wiki-reader-print');
  });

  test('the contents move to a heading and put it in the address', async ({ page }) => {
    const { current } = library;
    const heading = current.elements.filter((e) => e.type === 'heading').at(-1);
    if (!heading) throw new Error(`${current.code} has no headings`);
    await page.goto(`/wiki/${current.id}`);
    const contents = page.getByRole('navigation', { name: 'Contents' });
    await contents.getByRole('link', { name: heading.text, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#${heading.id}$`));
    const target = page.locator(`[data-element-id="${heading.id}"]`);
    await expect(target).toBeFocused();
    await expect(target).toBeInViewport();
    await expect(contents.getByRole('link', { name: heading.text, exact: true })).toHaveAttribute('aria-current', 'location');
  });

  test('an old edition says it is superseded and its banner leads to the current one', async ({ page }) => {
    const { superseded } = library;
    const replacement = superseded.superseded_by;
    if (!replacement) throw new Error('no replacement');
    await page.goto(`/wiki/${superseded.id}`);

    const banner = page.getByRole('status').filter({ hasText: 'This edition is superseded.' });
    await expect(banner).toBeVisible();
    await shoot(page, 'wiki-reader-superseded');
    await banner.getByRole('link', { name: `${replacement.code}: ${replacement.title}` }).click();

    await expect(page).toHaveURL(new RegExp(`/wiki/${replacement.id}$`));
    await expect(titleHeading(page)).toBeVisible();
    await expect(page.getByText('Current', { exact: true })).toBeVisible();
    await expect(page.getByText('This edition is superseded.')).toBeHidden();
  });

  test('a file name opens the newest edition without a line naming the file or the edition id', async ({ page, request }) => {
    const { current } = library;
    const token = await apiToken(request, DEMO.standard);
    const newest = await getJson<DocumentResponse>(request, token, `/api/docs/newest-document-by-filename/${current.filename}`);
    await page.goto(`/wiki/${current.filename}`);

    await expect(titleHeading(page)).toContainText(newest.title);
    await expect(page.getByText(/You opened the newest edition/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: `/wiki/${newest.id}` })).toHaveCount(0);
  });

  test('every document says it is a Verity summary, names its issuer and edition, and links to the official source', async ({ page }) => {
    for (const document of [library.current, library.superseded]) {
      await page.goto(`/wiki/${document.id}`);
      await expect(titleHeading(page)).toBeVisible();
      const notice = page.getByRole('complementary', { name: 'About this text' });
      await expect(notice).toContainText('Verity summary in our own words — not the official text');
      await expect(page.locator('dt', { hasText: 'Issued by' }).locator('+ dd')).toHaveText(document.issuer);
      await expect(page.locator('dt', { hasText: 'Edition' }).locator('+ dd')).toHaveText(document.edition);
      const linked = document.sources.find((source) => source.url);
      if (!linked?.url) throw new Error(`${document.code} has no linked official source`);
      const link = notice.locator(`a[href="${linked.url}"]`).first();
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('target', '_blank');
      expect(linked.url).toMatch(/^https:\/\//);
      await expect(page.getByText(/You opened the newest edition/)).toHaveCount(0);
    }
    await page.goto(`/wiki/${library.current.id}`);
    await expect(page.getByRole('complementary', { name: 'About this text' })).toBeVisible();
    await shoot(page, 'wiki-reader-notice');
  });

  test('compare two editions: What changed first, badges level with their rows', async ({ page }) => {
    const { superseded } = library;
    const replacement = superseded.superseded_by;
    if (!replacement) throw new Error('no replacement');
    await page.goto(`/wiki?compare=${superseded.id},${replacement.id}`);
    const summary = page.getByRole('region', { name: 'What changed' });
    await expect(summary).toBeVisible();
    await expect(summary).toContainText(/\d+ added, \d+ removed, \d+ changed/);
    // The current edition's own account of its history, quoted.
    await expect(summary.locator('blockquote').first()).not.toBeEmpty();
    await expect(summary.getByRole('list', { name: 'Sections that differ' })).toBeVisible();
    const rows = page.getByRole('list', { name: 'Differences' });
    const summaryBox = await summary.boundingBox();
    const rowsBox = await rows.boundingBox();
    expect((summaryBox?.y ?? 0) < (rowsBox?.y ?? 0)).toBe(true);

    // Each badge starts level with its row's text, not on a line of its own above it.
    const changedRow = rows.locator('li[data-change="changed"], li[data-change="added"], li[data-change="removed"]').first();
    await changedRow.scrollIntoViewIfNeeded();
    const badge = changedRow.locator('span.rounded-full').first();
    const cell = changedRow.locator('p').first();
    const [badgeBox, cellBox] = [await badge.boundingBox(), await cell.boundingBox()];
    expect(Math.abs((badgeBox?.y ?? 0) - (cellBox?.y ?? 100))).toBeLessThanOrEqual(8);
    expect((badgeBox?.x ?? 0) + (badgeBox?.width ?? 0)).toBeLessThanOrEqual(cellBox?.x ?? 0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'wiki-compare');
  });

  test('a document opened from a chat citation offers Back to conversation', async ({ page }) => {
    await page.goto('/chat');
    const box = page.getByRole('textbox', { name: /^(Your question|What should be drafted\?)$/ });
    await box.fill('Who is responsible for electrical safety of fixed wiring in a hospital?');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/chat\/[0-9A-HJKMNP-TV-Z]{26}$/, { timeout: 30_000 });
    const conversation = new URL(page.url()).pathname;
    const answer = page.locator('article[aria-label="Answer"][data-status]');
    await expect(answer).toHaveCount(1, { timeout: 30_000 });
    await answer
      .getByRole('button', { name: /^Source \d+: / })
      .first()
      .click();
    const panel = page.getByRole('complementary', { name: /^Sources/ });
    await panel
      .getByRole('link', { name: /^Open in the wiki/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/wiki\/[0-9A-Z]{26}\?element_ids=/);
    const back = page.getByRole('link', { name: 'Back to conversation' });
    await expect(back).toBeVisible();
    await back.click();
    await expect(page).toHaveURL(new RegExp(`${conversation}$`));
    await expect(answer).toHaveCount(1);

    // Opened directly, the reader has no conversation to go back to.
    await page.goto(`/wiki/${library.current.id}`);
    await expect(titleHeading(page)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to conversation' })).toHaveCount(0);
  });

  test('Back to Regulatory Wiki returns to the search the document was opened from', async ({ page }) => {
    await page.goto('/wiki');
    await page.getByRole('searchbox', { name: 'Search the library' }).fill('legionella');
    await expect(page).toHaveURL(/[?&]q=legionella/);
    const results = page.getByRole('list', { name: 'Search results' });
    await results.locator('> li').first().getByRole('heading').getByRole('link').click();
    await expect(titleHeading(page)).toBeVisible();
    await page.getByRole('link', { name: 'Back to Regulatory Wiki' }).click();
    await expect(page).toHaveURL(/\/wiki\?(.*&)?q=legionella/);
    await expect(page.getByRole('searchbox', { name: 'Search the library' })).toHaveValue('legionella');
    await expect(results).toBeVisible();
  });

  test('an unknown id shows Document not found with a way back to the wiki', async ({ page }) => {
    await page.goto(`/wiki/${UNKNOWN_ID}`);
    await expect(page.getByRole('heading', { name: 'Document not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Regulatory Wiki' }).click();
    await expect(page).toHaveURL(/\/wiki$/);
  });
});

test.describe('guest', () => {
  test('reads a shared document link but cannot open the wiki list', async ({ page }) => {
    const { current } = library;
    await openSignedIn(page, `/wiki/${current.id}`, DEMO.guest);

    await expect(titleHeading(page)).toContainText(current.title);
    const paragraph = current.elements.find((e) => e.type === 'paragraph');
    if (paragraph) await expect(page.locator(`[data-element-id="${paragraph.id}"]`)).toHaveText(paragraph.text);
    await expect(page.getByRole('link', { name: 'Back to Regulatory Wiki' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /favourites/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();

    await page.goto('/wiki');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  });

  test('an unknown id sends a guest home, not to the wiki', async ({ page }) => {
    await openSignedIn(page, `/wiki/${UNKNOWN_ID}`, DEMO.guest);
    await expect(page.getByRole('heading', { name: 'Document not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/home');
  });
});

test.describe('phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the document fits the screen, tables scroll on their own and the contents fold away', async ({ page }) => {
    const { current } = library;
    const [first] = twoPassages(current);
    await openSignedIn(page, `/wiki/${current.id}?element_ids=${first.id}`, DEMO.standard);
    await expect(titleHeading(page)).toContainText(current.title);
    await expect(page.locator(`[data-element-id="${first.id}"]`)).toBeInViewport();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The side column is hidden; the Contents disclosure is closed until asked for.
    const disclosure = page.locator('details').filter({ has: page.getByText('Contents', { exact: true }) });
    await expect(disclosure).toBeVisible();
    const heading = current.elements.find((e) => e.type === 'heading');
    if (heading) {
      const link = disclosure.getByRole('link', { name: heading.text, exact: true });
      await expect(link).toBeHidden();
      await disclosure.getByText('Contents', { exact: true }).click();
      await link.click();
      await expect(page.locator(`[data-element-id="${heading.id}"]`)).toBeInViewport();
      await expect(link).toBeHidden();
    }

    if (current.elements.some((e) => e.type === 'table')) {
      const table = page.getByRole('region', { name: /^Table/ }).first();
      await table.scrollIntoViewIfNeeded();
      const box = await table.boundingBox();
      expect(box?.width ?? 0).toBeLessThanOrEqual(390);
      // Wider than the screen, so the table scrolls sideways inside its own box.
      expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await shoot(page, 'wiki-reader-phone-table');
    }
    await shoot(page, 'wiki-reader-phone-section');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'wiki-reader-phone');
  });
});
