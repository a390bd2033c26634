import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { DEMO, signIn, TINY_PNG } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * The chat thread at /chat and /chat/{id}, against the built-in engine over the seed library:
 * ask, stream, cite, open a citation in the wiki, stop, regenerate, edit, feedback, copy,
 * draft mode, attachments and the phone layout.
 */

const SHOTS_DIR = process.env.CHAT_SHOTS_DIR ?? '/tmp/shots-chat-thread/';
mkdirSync(SHOTS_DIR, { recursive: true });

const ELECTRICAL = 'How often must fixed electrical installations in a hospital be inspected and who signs off the work?';
const LEGIONELLA = 'What temperatures control Legionella in hot and cold water systems?';
const DRAFT = 'Draft the responsibilities section of a water safety policy for a community hospital';
const SESSION_URL = /\/chat\/[0-9A-HJKMNP-TV-Z]{26}$/;
/** The built-in engine answers in well under a second; the first answer of a run also warms the database. */
const ANSWER_TIMEOUT = 30_000;

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS_DIR}${name}.png`, animations: 'disabled' });
}

function composerBox(page: Page): Locator {
  return page.getByRole('textbox', { name: /^(Your question|What should be drafted\?)$/ });
}

/** Type a question into the composer and send it with Enter. */
async function ask(page: Page, question: string): Promise<void> {
  await composerBox(page).fill(question);
  await composerBox(page).press('Enter');
}

/** The stored (finished) answers of the conversation. */
function storedAnswers(page: Page): Locator {
  return page.locator('article[aria-label="Answer"][data-status]');
}

async function waitForAnswer(page: Page, count = 1): Promise<Locator> {
  await expect(storedAnswers(page)).toHaveCount(count, { timeout: ANSWER_TIMEOUT });
  await expect(page.locator('[data-streaming="true"]')).toHaveCount(0);
  return storedAnswers(page).nth(count - 1);
}

/**
 * The built-in engine streams a whole answer in milliseconds, too fast to press Stop by hand or to
 * see the streaming state. This hands the page the first `pacedEvents` Server-Sent Events of each
 * answer 150 ms apart (all of them by default; the rest at once) and lets an abort through at once,
 * so the answer is visibly mid-stream.
 */
async function slowDownAnswerStreams(page: Page, pacedEvents = Number.MAX_SAFE_INTEGER): Promise<void> {
  await page.addInitScript((paced: number) => {
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const response = await original(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (init?.method !== 'POST' || !/\/messages(\/[^/]+\/(regenerate|edit))?$/.test(url) || !response.body) return response;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      const encoder = new TextEncoder();
      let buffer = '';
      let sent = 0;
      const slowed = new ReadableStream<Uint8Array>({
        start(controller) {
          init.signal?.addEventListener('abort', () => {
            controller.error(new DOMException('The user aborted a request.', 'AbortError'));
            void reader.cancel();
          });
        },
        async pull(controller) {
          for (;;) {
            const end = buffer.indexOf('\n\n');
            if (end >= 0) {
              const event = buffer.slice(0, end + 2);
              buffer = buffer.slice(end + 2);
              if (sent++ < paced) await new Promise((resolve) => setTimeout(resolve, 150));
              if (init.signal?.aborted) return;
              controller.enqueue(encoder.encode(event));
              return;
            }
            const { value, done } = await reader.read();
            if (done) {
              controller.close();
              return;
            }
            buffer += value;
          }
        },
      });
      return new Response(slowed, { status: response.status, headers: response.headers });
    };
  }, pacedEvents);
}

interface StoredConversation {
  messages: { role: string; status: string }[];
}

/** The conversation as the server holds it, read with the page's own session token. */
async function storedConversation(page: Page, sessionId: string): Promise<StoredConversation> {
  const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  const response = await page.request.get(`/api/chat/sessions/${sessionId}`, { headers: { 'auth-token': token ?? '' } });
  expect(response.status()).toBe(200);
  return (await response.json()) as StoredConversation;
}

function citationButtons(scope: Locator): Locator {
  return scope.getByRole('button', { name: /^Source \d+: / });
}

test.describe('chat thread (desktop)', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO.standard);
  });

  test('asks the electrical question: the answer streams with citations that open the wiki highlighted', async ({ page }) => {
    // The opening events paced, so the streaming state is observable however fast the built-in engine answers.
    await slowDownAnswerStreams(page, 8);
    await page.goto('/chat');
    await expect(page.getByRole('heading', { name: 'Ask the regulatory library' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Example questions' }).getByRole('button')).toHaveCount(4);
    await shoot(page, 'desktop-empty');

    // The answer arrives as a stream: the thinking or streaming state shows before the stored answer.
    const firstToken = page.waitForResponse((response) => response.url().endsWith('/messages') && response.status() === 200);
    await ask(page, ELECTRICAL);
    await expect(page.locator('[data-streaming="true"]')).toBeVisible();
    await firstToken;
    await expect(page).toHaveURL(SESSION_URL);
    // The question is shown at once and stays after the move to the conversation's own address.
    await expect(page.getByRole('article', { name: 'Question' })).toContainText(ELECTRICAL);

    const answer = await waitForAnswer(page);
    await expect(answer).toHaveAttribute('data-status', 'complete');
    await expect(page.getByRole('status').filter({ hasText: 'The answer is complete.' })).toHaveCount(1);
    // The first question names the conversation.
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('New conversation');
    const markers = citationButtons(answer);
    expect(await markers.count()).toBeGreaterThan(0);
    await expect(answer).toContainText('HTM 06-01');
    await expect(answer.getByText('Built-in engine')).toBeVisible();

    // The conversation downloads as a Word evidence record.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export (.docx)' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.docx$/);

    // Hover shows the source and its passage.
    await markers.first().hover();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toContainText('Source 1');
    await shoot(page, 'desktop-answer-tooltip');
    await page.mouse.move(0, 0);

    // Click opens the sources beside the conversation, which stays in view.
    await markers.first().click();
    const panel = page.getByRole('complementary', { name: /^Sources/ });
    await expect(panel).toBeVisible();
    await expect(markers.first()).toBeInViewport();
    const activeCard = panel.locator('li[aria-current="true"]');
    await expect(activeCard).toContainText('Open in the wiki');
    await expect(activeCard.locator('blockquote')).not.toBeEmpty();
    await shoot(page, 'desktop-answer-sources');

    const wikiLink = activeCard.getByRole('link', { name: /^Open in the wiki/ });
    const href = await wikiLink.getAttribute('href');
    expect(href).toMatch(/^\/wiki\/[0-9A-Z]{26}\?element_ids=/);
    await wikiLink.click();
    await expect(page).toHaveURL(/\/wiki\/[0-9A-Z]{26}\?element_ids=/);
    const highlighted = page.locator('[data-highlighted="true"]');
    await expect(highlighted.first()).toBeVisible();
    const ids = new URL(page.url()).searchParams.getAll('element_ids');
    await expect(highlighted).toHaveCount(ids.length);
  });

  test('copies an answer with its sources, regenerates it and takes feedback', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // The opening events paced, so the regenerated answer's streaming state is observable.
    await slowDownAnswerStreams(page, 8);
    await page.goto('/chat');
    await ask(page, LEGIONELLA);
    const answer = await waitForAnswer(page);
    const firstId = await answer.getAttribute('data-message-id');

    await answer.getByRole('button', { name: 'Copy' }).click();
    await expect(answer.getByRole('button', { name: 'Copied' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('\n\nSources\n[1] ');
    expect(copied).not.toContain('**');

    // Feedback: a rating saves at once and offers a comment; pressing it again withdraws it.
    await answer.getByRole('button', { name: 'Helpful', exact: true }).click();
    await page.getByLabel(/What was helpful\?/).fill('Clear temperatures with the ACoP cited.');
    await page.getByRole('button', { name: 'Send comment' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thank you for your feedback' })).toBeVisible();
    await page.reload();
    const reloaded = await waitForAnswer(page);
    const helpful = reloaded.getByRole('button', { name: /^Helpful/ });
    await expect(helpful).toHaveAttribute('aria-pressed', 'true');
    await helpful.click();
    await expect(reloaded.getByRole('button', { name: 'Helpful', exact: true })).toHaveAttribute('aria-pressed', 'false');
    await page.reload();
    await expect((await waitForAnswer(page)).getByRole('button', { name: 'Helpful', exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    // Regenerate replaces the answer: still one answer, a new id, streamed again.
    await storedAnswers(page).getByRole('button', { name: 'Regenerate' }).click();
    await expect(page.locator('[data-streaming="true"]')).toBeVisible();
    const regenerated = await waitForAnswer(page);
    await expect(regenerated).not.toHaveAttribute('data-message-id', firstId ?? '');
    await expect(page.getByRole('article', { name: 'Question' })).toHaveCount(1);
    expect(await citationButtons(regenerated).count()).toBeGreaterThan(0);
  });

  test('edits a question: the conversation reruns from it and later messages are replaced', async ({ page }) => {
    await page.goto('/chat');
    await ask(page, ELECTRICAL);
    await waitForAnswer(page);
    await ask(page, 'and for medical locations?');
    await waitForAnswer(page, 2);
    await expect(page.getByRole('article', { name: 'Question' })).toHaveCount(2);

    const first = page.getByRole('article', { name: 'Question' }).first();
    await first.hover();
    await first.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('form', { name: 'Edit question' });
    await editor.getByRole('textbox').fill(LEGIONELLA);
    await editor.getByRole('button', { name: 'Save and rerun' }).click();

    // The second question and both answers are gone at once; one new answer streams.
    await expect(page.getByRole('article', { name: 'Question' })).toHaveCount(1);
    await expect(page.getByRole('article', { name: 'Question' })).toContainText(LEGIONELLA);
    const answer = await waitForAnswer(page, 1);
    await expect(answer).toContainText(/legionella/i);
    await page.reload();
    await waitForAnswer(page, 1);
    await expect(page.getByRole('article', { name: 'Question' })).toHaveCount(1);
    await expect(page.getByRole('article', { name: 'Question' })).toContainText(LEGIONELLA);
  });

  test('stops an answer mid-stream: Send becomes Stop, the fetch is aborted and the page shows what the server kept', async ({ page }) => {
    await slowDownAnswerStreams(page);
    await page.goto('/chat');
    await page.getByRole('button', { name: 'Draft', exact: true }).click();
    await ask(page, DRAFT);
    await expect(page).toHaveURL(SESSION_URL);
    const streaming = page.locator('[data-streaming="true"]');
    // The first words have arrived: the answer is mid-stream and the send button is now Stop.
    await expect(streaming).toContainText('Draft', { timeout: ANSWER_TIMEOUT });
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0);
    await shoot(page, 'desktop-streaming');
    await page.getByRole('button', { name: 'Stop generating' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The answer was stopped.' })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible({ timeout: ANSWER_TIMEOUT });

    // The page now shows the conversation exactly as the server stored it: the answer's status
    // ('stopped' when the stop reached the server before the engine finished) and its text.
    const answer = await waitForAnswer(page);
    const sessionId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    const stored = await storedConversation(page, sessionId);
    const last = stored.messages.at(-1);
    expect(last?.role).toBe('assistant');
    await expect(answer).toHaveAttribute('data-status', last?.status ?? '');
    await expect(answer.getByText('Stopped', { exact: true })).toHaveCount(last?.status === 'stopped' ? 1 : 0);
    await page.reload();
    const reloaded = await waitForAnswer(page);
    await expect(reloaded).toHaveAttribute('data-status', last?.status ?? '');
    await expect(reloaded.getByRole('button', { name: 'Regenerate' })).toBeVisible();
  });

  test('draft mode produces a structured draft with headings and numbered duties', async ({ page }) => {
    await page.goto('/chat');
    await page
      .getByRole('list', { name: 'Example questions' })
      .getByRole('button', { name: /Draft the responsibilities section/ })
      .click();
    await expect(page).toHaveURL(SESSION_URL);
    const answer = await waitForAnswer(page);
    await expect(page.getByRole('article', { name: 'Question' })).toContainText('Draft request');
    await expect(answer.getByRole('heading', { name: /^Draft: / })).toBeVisible();
    expect(await answer.getByRole('heading').count()).toBeGreaterThan(1);
    expect(await answer.locator('ol > li').count()).toBeGreaterThan(0);
    expect(await citationButtons(answer).count()).toBeGreaterThan(0);
    await shoot(page, 'desktop-draft');
  });

  test('attaches a text file, asks about it and the answer cites the attached file', async ({ page }) => {
    await page.goto('/chat');
    const picker = page.getByLabel('Attach files');
    // A file that is not what it claims is refused by the server, with its message beside the file.
    await picker.setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: TINY_PNG });
    await expect(page).toHaveURL(SESSION_URL);
    const files = page.getByRole('list', { name: 'Files for the next question' });
    const refused = files.getByRole('listitem').filter({ hasText: 'scan.pdf' });
    await expect(refused).not.toContainText('Uploading', { timeout: ANSWER_TIMEOUT });
    await expect(refused.locator('.text-red-800')).not.toBeEmpty();
    await expect(page.getByText('Remove the files that could not be attached to send the question.')).toBeVisible();
    await refused.getByRole('button', { name: 'Remove scan.pdf' }).click();

    await picker.setInputFiles({
      name: 'water-policy.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(
        "Water safety policy\n\nOur trust's water policy says flushing of little-used outlets happens twice weekly, and each flush is recorded in the outlet log by the ward housekeeper.\n",
      ),
    });
    const chip = files.getByRole('listitem').filter({ hasText: 'water-policy.txt' });
    await expect(chip).toContainText(/\d+ B/, { timeout: ANSWER_TIMEOUT });
    await shoot(page, 'desktop-attachment');
    await ask(page, 'According to our water policy, how often are little-used outlets flushed?');
    const question = page.getByRole('article', { name: 'Question' });
    await expect(question.getByRole('list', { name: 'Attached files' })).toContainText('water-policy.txt');
    const answer = await waitForAnswer(page);
    const attached = answer.getByRole('button', { name: /^Source \d+: Your attached file: / });
    expect(await attached.count()).toBeGreaterThan(0);
    await attached.first().click();
    const card = page.getByRole('complementary', { name: /^Sources/ }).locator('li[aria-current="true"]');
    await expect(card).toContainText('Your attached file');
    await expect(card).toContainText('twice weekly');
    await expect(card.getByRole('link', { name: /Open in the wiki/ })).toHaveCount(0);
  });

  test('a refused question (rate limit) opens the error dialog and goes back into the composer', async ({ page }) => {
    await page.goto('/chat');
    await ask(page, ELECTRICAL);
    await waitForAnswer(page);
    // The server's own 429 shape, as the rate limiter sends it before any stream starts.
    await page.route('**/api/chat/sessions/*/messages', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        headers: { 'retry-after': '30' },
        body: JSON.stringify({ message: 'Too many requests. Please wait a moment and try again.', request_id: 'req-chat-429' }),
      }),
    );
    await ask(page, 'and for medical locations?');
    const dialog = page.getByRole('alertdialog', { name: 'Too Many Requests' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Request ID: req-chat-429');
    await dialog.getByRole('button', { name: 'OK' }).click();
    // Nothing was asked: the conversation is unchanged and the question is ready to send again.
    await expect(composerBox(page)).toHaveValue('and for medical locations?');
    await expect(page.getByRole('article', { name: 'Question' })).toHaveCount(1);
    await expect(storedAnswers(page)).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeEnabled();
  });

  test('scopes a question with the wiki filters and the internal documents switch', async ({ page }) => {
    await page.goto('/chat');
    await page.getByRole('button', { name: /^Scope/ }).click();
    const scope = page.getByRole('region', { name: 'Scope of the next question' });
    await expect(scope).toBeVisible();
    const internal = scope.getByRole('switch', { name: 'Include our internal documents' });
    await expect(internal).toHaveAttribute('aria-checked', 'true');
    await internal.click();
    await expect(internal).toHaveAttribute('aria-checked', 'false');
    await scope.getByRole('button', { name: /^Domain/ }).click();
    const domains = scope.getByRole('checkbox');
    expect(await domains.count()).toBeGreaterThan(0);
    await shoot(page, 'desktop-scope');

    const request = page.waitForRequest((r) => r.url().endsWith('/messages') && r.method() === 'POST');
    await ask(page, ELECTRICAL);
    const body = (await request).postDataJSON() as { include_internal: boolean; filters: { category: string[] } };
    expect(body.include_internal).toBe(false);
    expect(body.filters.category.length).toBeGreaterThan(0);
    await waitForAnswer(page);
  });
});

test.describe('chat thread (phone)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('fits the phone: composer above the tab bar, sources in a bottom sheet, nothing overflows', async ({ page }) => {
    await signIn(page, DEMO.standard);
    await page.goto('/chat');
    await expect(page.getByRole('heading', { name: 'Ask the regulatory library' })).toBeVisible();
    await shoot(page, 'phone-empty');
    await ask(page, ELECTRICAL);
    const answer = await waitForAnswer(page);
    await shoot(page, 'phone-answer');

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const composer = await page.getByRole('form', { name: 'Ask a question' }).boundingBox();
    const tabBar = await page.getByRole('navigation', { name: 'Quick navigation' }).boundingBox();
    expect(composer && tabBar && composer.y + composer.height <= tabBar.y + 1).toBe(true);

    await citationButtons(answer).first().tap();
    const sheet = page.getByRole('complementary', { name: /^Sources/ });
    await expect(sheet).toBeVisible();
    const box = await sheet.boundingBox();
    expect(box && box.width >= 389 && box.y > 100).toBe(true);
    await shoot(page, 'phone-sources');
    await sheet.getByRole('button', { name: 'Close sources' }).click();
    await expect(sheet).toBeHidden();
  });
});
