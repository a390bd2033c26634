import type { ChatConfigResponse, ChatSessionDetail, ChatSessionSummary, ChatSharedSession } from '@verity/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildFlags, buildTestUser } from '../../test/fixtures';
import { type MockHandler, mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { resetStores } from '../../test/reset-stores';
import { useChatStore } from './chat-store';
import { buildChatMessage, buildCitation, TEST_NOW as NOW } from './test-messages';

const SESSION_ID = '01JCHATSESSION000000000007';
const SHARED_AT = '2026-11-22T05:00:00.000Z';

const summary: ChatSessionSummary = {
  id: SESSION_ID,
  title: 'Sentinel outlet checks',
  created_at: NOW,
  updated_at: NOW,
  last_message_at: NOW,
  shared_at: null,
};

const messages = [
  buildChatMessage('user', { content: 'How often are sentinel outlets checked?' }),
  buildChatMessage('assistant', { content: 'Monthly [1].', citations: [buildCitation()], feedback: null }),
];

const shared: ChatSharedSession = { ...summary, shared_at: SHARED_AT, shared_by: { name: 'Priya Morgan' }, messages };

const config: ChatConfigResponse = {
  engine: { id: 'builtin', kind: 'builtin', label: 'Built-in engine (offline)' },
  attachment_max_bytes: 10 * 1024 * 1024,
  attachments_max: 5,
  message_max_length: 4000,
};

function setup(handlers: Record<string, MockHandler | unknown>) {
  return mockApi({
    'GET /api/flags': { flags: buildFlags() },
    'GET /api/notifications/user': { notifications: [] },
    'GET /api/chat/config': config,
    'GET /api/chat/filter_data': { references: [], default_categories: [] },
    ...handlers,
  });
}

beforeEach(() => {
  resetStores();
  useChatStore.setState({ streams: {}, drafts: {}, announcement: '' });
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => undefined) }, configurable: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sharing a conversation', () => {
  it('the owner shares it from the header, sees the link with a copy button, and can stop sharing', async () => {
    let current: ChatSessionSummary = summary;
    const calls = setup({
      'GET /api/chat/sessions': () => ({ sessions: [current], page: 1, page_size: 20, total: 1 }),
      [`GET /api/chat/sessions/${SESSION_ID}`]: () => ({ ...current, messages }) satisfies ChatSessionDetail,
      [`POST /api/chat/sessions/${SESSION_ID}/share`]: () => {
        current = { ...summary, shared_at: SHARED_AT };
        return current;
      },
      [`DELETE /api/chat/sessions/${SESSION_ID}/share`]: () => {
        current = summary;
        return current;
      },
    });
    renderApp(`/chat/${SESSION_ID}`, { user: buildTestUser() });

    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share conversation' });
    expect(within(dialog).getByText(/is private: only you can see it/)).toBeTruthy();
    expect(within(dialog).queryByRole('textbox')).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Share with my organisation' }));
    const link = (await within(dialog).findByRole('textbox', { name: 'Link for your colleagues' })) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/chat/${SESSION_ID}`);
    expect(within(dialog).getByText(/is shared read-only with your organisation/)).toBeTruthy();
    expect(calls.filter((call) => call.path.endsWith('/share')).map((call) => call.method)).toEqual(['POST']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith(`${window.location.origin}/chat/${SESSION_ID}`);
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeTruthy();

    // The header and the list say it is shared.
    expect(screen.getByRole('button', { name: /^Shared/, hidden: true })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Conversations', hidden: true });
    await waitFor(() => expect(within(list).getByText('Shared')).toBeTruthy());

    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop sharing' }));
    await waitFor(() => expect(within(dialog).queryByRole('textbox')).toBeNull());
    expect(within(dialog).getByText(/is private: only you can see it/)).toBeTruthy();
    expect(calls.filter((call) => call.path.endsWith('/share')).map((call) => call.method)).toEqual(['POST', 'DELETE']);
  });
});

describe('reading a shared conversation', () => {
  it('a guest of the organisation reads it without a composer, editing, regenerating or rating, and sees who shared it', async () => {
    setup({ [`GET /api/chat/shared/${SESSION_ID}`]: shared });
    renderApp(`/chat/${SESSION_ID}`, { user: buildTestUser({ account_roles: ['guest'] }) });
    expect(await screen.findByRole('heading', { name: 'Sentinel outlet checks' })).toBeTruthy();
    expect(screen.getByText('Shared by Priya Morgan — read only')).toBeTruthy();
    expect(screen.getByText('Monthly')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Your question' })).toBeNull();
    for (const name of ['Edit', 'Regenerate', 'Share', /helpful/i]) expect(screen.queryByRole('button', { name })).toBeNull();
    // The sources still open.
    await userEvent.click(screen.getByRole('button', { name: 'Sources (1)' }));
    expect(await screen.findByText('Fixed installations should be inspected at least every five years.')).toBeTruthy();
  });

  it('a colleague whose own conversations do not hold it reads the shared copy', async () => {
    setup({
      'GET /api/chat/sessions': { sessions: [], page: 1, page_size: 20, total: 0 },
      [`GET /api/chat/shared/${SESSION_ID}`]: shared,
    });
    renderApp(`/chat/${SESSION_ID}`, { user: buildTestUser() });
    expect(await screen.findByText('Shared by Priya Morgan — read only')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Your question' })).toBeNull();
  });

  it('a guest opening a conversation that is not (or no longer) shared is told it is private', async () => {
    setup({
      [`GET /api/chat/shared/${SESSION_ID}`]: { status: 404, body: { message: 'The requested conversation could not be found.' } },
    });
    renderApp(`/chat/${SESSION_ID}`, { user: buildTestUser({ account_roles: ['guest'] }) });
    expect(await screen.findByRole('heading', { name: 'This conversation is private' })).toBeTruthy();
    expect(screen.queryByText(/read only/)).toBeNull();
  });
});
