import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { DEMO, openSignedIn, signIn, TINY_PNG } from './support/app.ts';
import { ANSWER_TIMEOUT, ask, composerBox, ELECTRICAL, storedAnswers, waitForAnswer } from './support/chat.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * The chat thread at /chat and /chat/{id}, against the built-in engine over the seed library:
 * ask, stream, cite, open a citation in the wiki, stop, regenerate, edit, feedback, copy,
 * draft mode, attachments and the phone layout.
 */

const SHOTS_DIR = process.env.CHAT_SHOTS_DIR ?? '/tmp/shots-chat-thread/';
mkdirSync(SHOTS_DIR, { recursive: true });

const LEGIONELLA = 'What temperatures control Legionella in hot and cold water systems?';
const DRAFT = 'Draft the responsibilities section of a water safety policy for a community hospital';
const SESSION_URL = /\/chat\/[0-9A-HJKMNP-TV-Z]{26}$/;

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS_DIR}${name}.png`, animations: 'disabled' });
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

interface LibraryPassage {
  documentId: string;
  code: string;
  title: string;
  edition: string;
  elementId: string;
  text: string;
}

/** Passages of two library documents (their real ids and elements), for an answer fed to the page. */
async function libraryPassages(page: Page): Promise<{ first: LibraryPassage[]; second: LibraryPassage }> {
  const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  const headers = { 'auth-token': token ?? '' };
  const filterData = (await (await page.request.get('/api/chat/filter_data', { headers })).json()) as {
    references: { short_id: string; code: string; status: string }[];
  };
  const current = filterData.references.filter((reference) => reference.status === 'current');
  const pick = (code: string) => current.find((reference) => reference.code === code) ?? current[0];
  const passagesOf = async (id: string): Promise<LibraryPassage[]> => {
    const document = (await (await page.request.get(`/api/docs/document/${id}`, { headers })).json()) as {
      id: string;
      code: string;
      title: string;
      edition: string;
      elements: { id: string; type: string; text: string }[];
    };
    return document.elements
      .filter((element) => element.type === 'paragraph' && element.text.length > 40 && element.text.length < 300)
      .map((element) => ({
        documentId: document.id,
        code: document.code,
        title: document.title,
        edition: document.edition,
        elementId: element.id,
        text: element.text,
      }));
  };
  const first = await passagesOf(pick('HTM 06-02')?.short_id ?? '');
  const second = (await passagesOf(pick('EAWR 1989')?.short_id ?? ''))[0];
  expect(first.length).toBeGreaterThanOrEqual(3);
  if (!second) throw new Error('no passage in the second document');
  return { first: first.slice(0, 3), second };
}

function citationOf(n: number, passage: LibraryPassage) {
  return {
    n,
    source: 'library',
    document_id: passage.documentId,
    code: passage.code,
    title: passage.title,
    edition: passage.edition,
    status: 'current',
    element_ids: [passage.elementId],
    quote: passage.text,
    superseded_by: null,
  };
}

/**
 * Answers the next question with `content` and `citations` as the server would stream them
 * (tokens, citations, done), and serves the conversation with that answer stored, so the page
 * shows an answer of a known shape (a table, one document cited several times) whatever the
 * engine writes today.
 */
async function feedAnswer(page: Page, content: string, citations: unknown[], mode: 'answer' | 'draft' = 'answer'): Promise<void> {
  const stored = new Map<string, unknown[]>();
  const now = new Date().toISOString();
  const message = (id: string, position: number, role: 'user' | 'assistant', text: string) => ({
    id,
    position,
    role,
    content: text,
    mode,
    status: 'complete',
    engine: role === 'assistant' ? 'builtin' : null,
    citations: role === 'assistant' ? citations : [],
    filters: role === 'user' ? { category: [], domain: [], subDomain: [] } : null,
    include_internal: true,
    attachments: [],
    feedback: null,
    feedback_comment: null,
    created_at: now,
  });
  await page.route(/\/api\/chat\/sessions\/[0-9A-Z]{26}$/, async (route) => {
    const response = await route.fetch();
    const detail = (await response.json()) as { id: string; messages: unknown[] };
    const messages = stored.get(detail.id);
    await route.fulfill({ response, json: messages ? { ...detail, messages } : detail });
  });
  await page.route('**/api/chat/sessions/*/messages', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const sessionId = new URL(route.request().url()).pathname.split('/')[4] ?? '';
    const question = (route.request().postDataJSON() as { content: string }).content;
    const pair = [
      message('01JQUESTION0000000000000001', 0, 'user', question),
      message('01JANSWER00000000000000001', 1, 'assistant', content),
    ];
    stored.set(sessionId, pair);
    const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
    const summary = (await (
      await page.request.get(`/api/chat/sessions/${sessionId}`, { headers: { 'auth-token': token ?? '' } })
    ).json()) as {
      messages?: unknown;
    };
    delete summary.messages;
    const events = [
      ...(content.match(/[\s\S]{1,80}/g) ?? []).map((text) => ({ event: 'token', data: { text } })),
      { event: 'citations', data: { citations } },
      { event: 'done', data: { question: pair[0], answer: pair[1], session: summary } },
    ];
    await route.fulfill({
      status: 200,
      contentType: 'text/event-stream',
      body: events.map(({ event, data }) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join(''),
    });
  });
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

  test('a follow-up turns the answer into a checklist that keeps its citations', async ({ page }) => {
    // Two answers in one conversation.
    test.setTimeout(90_000);
    await page.goto('/chat');
    await ask(page, LEGIONELLA);
    const first = await waitForAnswer(page);
    const firstSources = await citationButtons(first).evaluateAll((buttons) =>
      buttons.map((button) => (button.getAttribute('aria-label') ?? '').replace(/^Source \d+: /, '')),
    );
    expect(firstSources.length).toBeGreaterThan(0);

    await ask(page, 'turn that into a checklist');
    const checklist = await waitForAnswer(page, 2);
    await expect(checklist).toHaveAttribute('data-status', 'complete');
    await expect(checklist).toContainText('Checklist');
    const items = checklist.getByRole('listitem').filter({ hasText: '☐' });
    expect(await items.count()).toBeGreaterThan(1);
    // Its citations are passages the first answer cited, and each marker opens its source.
    const sources = await citationButtons(checklist).evaluateAll((buttons) =>
      buttons.map((button) => (button.getAttribute('aria-label') ?? '').replace(/^Source \d+: /, '')),
    );
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(firstSources).toContain(source);
    await checklist.scrollIntoViewIfNeeded();
    await shoot(page, 'desktop-follow-up-checklist');
    await citationButtons(checklist).first().click();
    await expect(page.getByRole('complementary', { name: /^Sources/ }).locator('li[aria-current="true"] blockquote')).not.toBeEmpty();
    await shoot(page, 'desktop-follow-up-checklist-source');
  });

  test('a question the library does not cover is declined, saying what was searched with the default scope', async ({ page }) => {
    await page.goto('/chat');
    await expect(page.getByRole('heading', { name: 'Ask the regulatory library' })).toBeVisible();
    await ask(page, 'Who won the 2022 football World Cup?');
    const answer = await waitForAnswer(page);
    await expect(answer).toContainText('I could not find anything in the library that answers this question');
    // Every category is selected by default: that narrows nothing, and the reader is not asked to widen it.
    await expect(answer).toContainText("I searched the regulatory library and your organisation's internal documents, with no filters.");
    await expect(answer).not.toContainText('Clear or widen');
    await expect(answer.getByRole('button', { name: /^Source \d+: / })).toHaveCount(0);
    await shoot(page, 'desktop-declined');
  });

  test('an answer with a table: a real table with citations in its rows, sources grouped per document, the hover quoting each claim', async ({
    page,
  }) => {
    await page.goto('/chat');
    await expect(page.getByRole('heading', { name: 'Ask the regulatory library' })).toBeVisible();
    const { first, second } = await libraryPassages(page);
    const [a, b, c] = first as [LibraryPassage, LibraryPassage, LibraryPassage];
    const content = [
      'The duty holder appoints the people who keep low voltage systems safe [1].',
      '',
      '| Role | What they do |',
      '| --- | --- |',
      '| Designated Person | Appoints the Authorised Persons in writing [2] |',
      '| **AP(LV)** | Runs the safety rules day to day [3] |',
      '| CP(LV) | Works under a permit to work [4] |',
      '',
      '- Records of appointments are kept [1]',
    ].join('\n');
    await feedAnswer(page, content, [citationOf(1, a), citationOf(2, second), citationOf(3, b), citationOf(4, c)]);
    await ask(page, 'Who is responsible for the electrical safety of our fixed wiring?');
    const answer = await waitForAnswer(page);

    // The table is a table: a named region that scrolls sideways, column headers, one row per role.
    const region = answer.getByRole('region', { name: 'Table: Role, What they do' });
    await expect(region).toBeVisible();
    const table = region.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['Role', 'What they do']);
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table.getByRole('row').nth(2).getByRole('cell').first()).toHaveText('AP(LV)');
    await expect(answer.getByRole('list').getByRole('listitem')).toHaveText(['Records of appointments are kept 1']);

    // The marker in a row previews the passage that supports that row, not the document's first passage.
    const rowMarker = table
      .getByRole('row')
      .nth(2)
      .getByRole('button', { name: /^Source 3: / });
    await rowMarker.hover();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toContainText('Source 3');
    await expect(tooltip).toContainText(b.text.slice(0, 60));
    await expect(tooltip).not.toContainText(a.text.slice(0, 60));
    await shoot(page, 'desktop-table-answer');
    await page.mouse.move(0, 0);
    await expect(tooltip).toHaveCount(0);
    // Keyboard: focus shows it, Escape hides it.
    await rowMarker.focus();
    await expect(page.getByRole('tooltip')).toContainText(b.text.slice(0, 60));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tooltip')).toHaveCount(0);

    // Sources: one card per document in citation order, its quoted passages under it.
    await rowMarker.click();
    const panel = page.getByRole('complementary', { name: /^Sources/ });
    await expect(panel).toContainText('4 passages from 2 documents');
    const cards = panel.locator('[data-source-document]');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toHaveAttribute('data-source-document', a.documentId);
    await expect(cards.nth(1)).toHaveAttribute('data-source-document', second.documentId);
    const passages = cards.nth(0).locator('[data-citation-card]');
    await expect(passages).toHaveCount(3);
    await expect(passages.locator('blockquote')).toHaveText([a.text, b.text, c.text].map((text) => text.replace(/\s+/g, ' ').trim()));
    await expect(panel.locator('[aria-current="true"]')).toHaveAttribute('data-citation-card', '3');
    await shoot(page, 'desktop-table-sources');
    // Beside the conversation while its row has room for both (more below).
    const thread = page.getByRole('region', { name: 'Conversation thread' });
    const besideThread = async () => {
      const [threadBox, panelBox] = [await thread.boundingBox(), await panel.boundingBox()];
      return threadBox !== null && panelBox !== null && panelBox.x >= threadBox.x + threadBox.width - 1;
    };
    expect(await besideThread()).toBe(true);
    const conversation = new URL(page.url()).pathname;

    // Each passage opens the reader at that passage, highlighted.
    const link = passages.nth(1).getByRole('link', { name: /^Open in the wiki/ });
    await expect(link).toHaveAttribute('href', `/wiki/${a.documentId}?element_ids=${b.elementId}`);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/wiki/${a.documentId}\\?element_ids=${b.elementId}$`));
    const highlighted = page.locator('[data-highlighted="true"]');
    await expect(highlighted).toHaveCount(1);
    await expect(highlighted).toContainText(b.text.slice(0, 40));

    // With the onboarding guide open on the same wide screen, the row has no room for the panel and a
    // readable conversation: the sources open as a sheet over it, and the conversation keeps its width.
    await page.goto(`${conversation}?onboarding=true`);
    await expect(page.getByRole('complementary', { name: 'Onboarding' })).toBeVisible();
    await rowMarker.click();
    await expect(panel).toContainText('4 passages from 2 documents');
    await expect.poll(besideThread).toBe(false);
    expect((await thread.boundingBox())?.width).toBeGreaterThan(600);
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
    // The mode control says what the answer was produced as, not the default it started with.
    const modes = page.getByRole('group', { name: 'Kind of answer' });
    await expect(modes.getByRole('button', { name: 'Draft' })).toHaveAttribute('aria-pressed', 'true');
    await expect(modes.getByRole('button', { name: 'Answer' })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('textbox', { name: 'What should be drafted?' })).toBeVisible();
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
    const panel = page.getByRole('complementary', { name: /^Sources/ });
    const card = panel.locator('[data-source-document]').filter({ has: page.locator('li[aria-current="true"]') });
    await expect(card).toContainText('Your attached file');
    await expect(card.locator('li[aria-current="true"]')).toContainText('twice weekly');
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
    await openSignedIn(page, '/chat', DEMO.standard);
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
