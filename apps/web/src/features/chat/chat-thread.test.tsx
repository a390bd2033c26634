import type { ChatConfigResponse, ChatMessage, ChatSessionDetail, ChatSessionSummary, FilterDataResponse } from '@verity/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pendingAnalyticsEvents } from '../../lib/analytics';
import { buildFlags, buildTestUser } from '../../test/fixtures';
import { type RecordedCall, mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { resetStores } from '../../test/reset-stores';
import { useChatStore } from './chat-store';
import { buildChatMessage, buildCitation, TEST_NOW as NOW } from './test-messages';

const SESSION_ID = '01JCHATSESSION000000000001';
const QUESTION = 'How often must fixed electrical installations in a hospital be inspected?';

const summary: ChatSessionSummary = {
  id: SESSION_ID,
  title: 'New conversation',
  created_at: NOW,
  updated_at: NOW,
  last_message_at: NOW,
  shared_at: null,
};

const config: ChatConfigResponse = {
  engine: { id: 'builtin', kind: 'builtin', label: 'Built-in engine (offline)' },
  attachment_max_bytes: 10 * 1024 * 1024,
  attachments_max: 5,
  message_max_length: 120,
};

const filterData: FilterDataResponse = {
  references: [
    {
      short_id: '01JDOC0000000000000000001',
      code: 'HTM 06-01',
      title: 'Electrical services supply and distribution',
      tags: { category: 'Guidance', domain: 'HTM', subdomain: 'Electrical' },
      status: 'current',
      edition: '2017',
    },
  ],
  default_categories: ['Guidance', 'Legislation'],
};

const citation = buildCitation({ element_ids: ['01JELEM000000000000000001', '01JELEM000000000000000002'] });

function message(role: ChatMessage['role'], content: string, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return buildChatMessage(role, { content, citations: role === 'assistant' ? [citation] : [], ...overrides });
}

const ANSWER_TEXT = 'Fixed installations are inspected at least every five years [1].';

function sse(events: { event: string; data: unknown }[]): Response {
  const text = events.map(({ event, data }) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');
  return new Response(text, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

/** The app's usual calls, the chat's, and the streaming messages endpoint answered as Server-Sent Events. */
function setup(answerOverrides: Partial<ChatMessage> = {}): RecordedCall[] {
  const question = message('user', QUESTION);
  const answer = message('assistant', ANSWER_TEXT, answerOverrides);
  const titled = { ...summary, title: 'Inspection of fixed electrical installations' };
  const calls = mockApi({
    'GET /api/flags': { flags: buildFlags() },
    'GET /api/notifications/user': { notifications: [] },
    'GET /api/chat/sessions': { sessions: [], page: 1, page_size: 20, total: 0 },
    'GET /api/chat/config': config,
    'GET /api/chat/filter_data': filterData,
    'POST /api/chat/sessions': { status: 201, body: summary },
    [`GET /api/chat/sessions/${SESSION_ID}`]: { ...titled, messages: [question, answer] } satisfies ChatSessionDetail,
  });
  const api = vi.mocked(fetch).getMockImplementation();
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'POST' && url.pathname === `/api/chat/sessions/${SESSION_ID}/messages`) {
      calls.push({
        method: 'POST',
        path: url.pathname,
        headers: new Headers(init.headers),
        body: JSON.parse(String(init.body)),
        query: url.searchParams,
      });
      return sse([
        { event: 'token', data: { text: 'Fixed installations are inspected ' } },
        { event: 'token', data: { text: 'at least every five years [1].' } },
        { event: 'citations', data: { citations: [citation] } },
        { event: 'done', data: { question, answer, session: titled } },
      ]);
    }
    if (!api) throw new Error('fetch is not mocked');
    return api(input, init);
  });
  return calls;
}

const user = buildTestUser();

beforeEach(() => {
  resetStores();
  useChatStore.setState({ streams: {}, drafts: {}, announcement: '' });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the chat thread', () => {
  it('asks the first question: creates the conversation, moves to it, streams a cited answer and records the question', async () => {
    const calls = setup();
    const { router } = renderApp('/chat', { user });
    await screen.findByRole('heading', { name: 'Ask the regulatory library' });
    // The library's default categories are known before the question is sent.
    await waitFor(() => expect(calls.some((call) => call.path === '/api/chat/filter_data')).toBe(true));

    const box = screen.getByRole('textbox', { name: 'Your question' });
    await userEvent.type(box, QUESTION);
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${SESSION_ID}`));
    const answer = await screen.findByRole('article', { name: 'Answer' });
    await waitFor(() => expect(answer.getAttribute('data-status')).toBe('complete'));
    expect(answer.textContent).toContain('at least every five years');
    expect(within(answer).getByRole('button', { name: /^Source 1: HTM 06-01/ })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Inspection of fixed electrical installations');
    expect((screen.getByRole('textbox', { name: 'Your question' }) as HTMLTextAreaElement).value).toBe('');

    const post = calls.find((call) => call.method === 'POST' && call.path.endsWith('/messages'));
    expect(post?.headers.get('auth-token')).toBe('token-test');
    expect(post?.body).toEqual({
      content: QUESTION,
      mode: 'answer',
      filters: { category: ['Guidance', 'Legislation'], domain: [], subDomain: [] },
      include_internal: true,
      attachment_ids: [],
    });
    expect(pendingAnalyticsEvents().filter((event) => event.event === 'chat_question_asked')).toEqual([
      expect.objectContaining({ properties: { mode: 'answer', has_attachments: false } }),
    ]);
  });

  it('opens a citation in the sources panel with a link to the wiki passages', async () => {
    setup();
    renderApp(`/chat/${SESSION_ID}`, { user });
    const answer = await screen.findByRole('article', { name: 'Answer' });
    await userEvent.click(within(answer).getByRole('button', { name: /^Source 1:/ }));
    const panel = screen.getByRole('complementary', { name: /^Sources/ });
    expect(panel.textContent).toContain('Fixed installations should be inspected at least every five years.');
    const link = within(panel).getByRole('link', { name: /^Open in the wiki/ });
    expect(link.getAttribute('href')).toBe(
      '/wiki/01JDOC0000000000000000001?element_ids=01JELEM000000000000000001&element_ids=01JELEM000000000000000002',
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Close sources' }));
    expect(screen.queryByRole('complementary', { name: /^Sources/ })).toBeNull();
  });

  it('scopes the next question with a picker: Escape closes the picker first, then the scope', async () => {
    setup();
    renderApp('/chat', { user });
    const scopeButton = await screen.findByRole('button', { name: /^Scope/ });
    await userEvent.click(scopeButton);
    const scope = await screen.findByRole('region', { name: 'Scope of the next question' });
    const domain = within(scope).getByRole('button', { name: 'Domain' });
    await userEvent.click(domain);
    await userEvent.click(within(scope).getByRole('checkbox', { name: 'HTM (1 document)' }));

    await userEvent.keyboard('{Escape}');
    expect(within(scope).queryByRole('checkbox')).toBeNull();
    expect(document.activeElement).toBe(domain);
    expect(screen.getByRole('region', { name: 'Scope of the next question' })).toBe(scope);
    expect(scopeButton.textContent).toContain('Filtered');

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Scope of the next question' })).toBeNull();
    expect(document.activeElement).toBe(scopeButton);
  });

  it('the mode control follows the mode the server produced the latest answer in, and the person can change it after', async () => {
    setup({ mode: 'draft' });
    renderApp('/chat', { user });
    const draftMode = await screen.findByRole('button', { name: 'Draft' });
    expect(draftMode.getAttribute('aria-pressed')).toBe('false');
    await userEvent.type(screen.getByRole('textbox', { name: 'Your question' }), QUESTION);
    await userEvent.keyboard('{Enter}');
    const answer = await screen.findByRole('article', { name: 'Answer' });
    await waitFor(() => expect(answer.getAttribute('data-status')).toBe('complete'));
    // Asked as an answer, stored as a draft: the control says Draft, not the stale default.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Draft' }).getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByRole('button', { name: 'Answer' }).getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(screen.getByRole('button', { name: 'Answer' }));
    expect(screen.getByRole('button', { name: 'Answer' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('opens a conversation with the mode of its latest answer', async () => {
    setup({ mode: 'draft' });
    renderApp(`/chat/${SESSION_ID}`, { user });
    await screen.findByRole('article', { name: 'Answer' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Draft' }).getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByRole('textbox', { name: 'What should be drafted?' })).toBeTruthy();
  });

  it('refuses a question over the configured length: Send is disabled, Enter sends nothing', async () => {
    const calls = setup();
    renderApp('/chat', { user });
    const box = await screen.findByRole('textbox', { name: 'Your question' });
    await userEvent.click(box);
    await userEvent.paste('x'.repeat(config.message_max_length + 5));
    expect(screen.getByText(/A message is at most 120 characters: shorten it by 5\./)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.keyboard('{Enter}');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('says so when the conversation is not found (someone else’s or deleted)', async () => {
    mockApi({
      'GET /api/flags': { flags: buildFlags() },
      'GET /api/notifications/user': { notifications: [] },
      'GET /api/chat/sessions': { sessions: [], page: 1, page_size: 20, total: 0 },
      'GET /api/chat/config': config,
      'GET /api/chat/filter_data': filterData,
      [`GET /api/chat/sessions/${SESSION_ID}`]: { status: 404, body: { message: 'The requested conversation could not be found.' } },
    });
    renderApp(`/chat/${SESSION_ID}`, { user });
    expect(await screen.findByRole('heading', { name: 'This conversation could not be found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start a new conversation' }).getAttribute('href')).toBe('/chat');
  });
});
