import type { ChatSessionListResponse, ChatSessionSummary } from '@verity/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../components/ui/toast';
import { buildFlags, buildTestUser } from '../../test/fixtures';
import { type MockHandler, mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { resetStores } from '../../test/reset-stores';

// The thread is another component's business; here it only shows which conversation it was given.
vi.mock('./chat-thread', () => ({
  // The thread's header holds the phone's Conversations button and New conversation link.
  ChatThread: ({ sessionId, phoneNav }: { sessionId: string | null; phoneNav?: { start: ReactNode; end: ReactNode } }) => (
    <div>
      {phoneNav?.start}
      {phoneNav?.end}
      <p data-testid="thread">{sessionId ?? 'new conversation'}</p>
    </div>
  ),
}));

const MINUTE = 60_000;

function buildSession(index: number, overrides: Partial<ChatSessionSummary> = {}): ChatSessionSummary {
  const at = new Date(Date.now() - index * 5 * MINUTE).toISOString();
  return {
    id: `01JCHATSESSION${String(index).padStart(12, '0')}`,
    title: `Conversation ${index}`,
    created_at: at,
    updated_at: at,
    last_message_at: at,
    shared_at: null,
    ...overrides,
  };
}

const electrical = buildSession(1, { title: 'Inspection of fixed electrical installations in a hospital' });
const legionella = buildSession(2, { title: 'Legionella risk assessment frequency' });
const fire = buildSession(3, { title: 'Fire door inspection records' });

function listResponse(sessions: ChatSessionSummary[], page = 1, total = sessions.length): ChatSessionListResponse {
  return { sessions, page, page_size: 20, total };
}

interface SessionsRequest {
  q: string | null;
  page: number;
}

/**
 * The app's usual calls plus GET /api/chat/sessions answered by `sessions(request)` (mockApi
 * ignores query strings, so the list endpoint is answered here from the real URL).
 */
function setup(
  sessions: (request: SessionsRequest) => ChatSessionListResponse | { status: number; body: unknown },
  handlers: Record<string, MockHandler | unknown> = {},
) {
  const calls = mockApi({
    'GET /api/flags': { flags: buildFlags() },
    'GET /api/notifications/user': { notifications: [] },
    ...handlers,
  });
  const api = vi.mocked(fetch).getMockImplementation();
  const requests: SessionsRequest[] = [];
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if ((init?.method ?? 'GET') === 'GET' && url.pathname === '/api/chat/sessions') {
      const request = { q: url.searchParams.get('q'), page: Number(url.searchParams.get('page') ?? '1') };
      requests.push(request);
      const result = sessions(request);
      const status = 'status' in result ? result.status : 200;
      const body = 'status' in result ? result.body : result;
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }
    if (!api) throw new Error('fetch is not mocked');
    return api(input, init);
  });
  return { calls, requests };
}

function conversationsList(): HTMLElement {
  return screen.getByRole('list', { name: 'Conversations' });
}

function titles(): string[] {
  return within(conversationsList())
    .getAllByRole('link')
    .map((link) => link.querySelector('span')?.textContent ?? '');
}

const user = buildTestUser();

beforeEach(() => {
  resetStores();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('conversations list', () => {
  it('lists conversations as the server orders them, each opening its page, the open one marked current', async () => {
    setup(() => listResponse([electrical, legionella, fire]));
    const { router } = renderApp(`/chat/${legionella.id}`, { user });

    await screen.findByRole('list', { name: 'Conversations' });
    expect(titles()).toEqual([electrical.title, legionella.title, fire.title]);
    expect(screen.getByTestId('thread').textContent).toBe(legionella.id);

    const open = within(conversationsList()).getByRole('link', { current: 'page' });
    expect(open.getAttribute('href')).toBe(`/chat/${legionella.id}`);
    expect(within(conversationsList()).getAllByRole('link', { current: 'page' })).toHaveLength(1);
    expect(within(open).getByText('10 min ago').getAttribute('datetime')).toBe(legionella.last_message_at);

    await userEvent.click(within(conversationsList()).getByRole('link', { name: /Fire door inspection records/ }));
    expect(router.state.location.pathname).toBe(`/chat/${fire.id}`);
    expect(screen.getByTestId('thread').textContent).toBe(fire.id);
    expect(within(conversationsList()).getByRole('link', { current: 'page' }).getAttribute('href')).toBe(`/chat/${fire.id}`);
  });

  it('starts a new conversation from the list by going to /chat', async () => {
    setup(() => listResponse([electrical]));
    const { router } = renderApp(`/chat/${electrical.id}`, { user });
    await screen.findByRole('list', { name: 'Conversations' });
    const [newConversation] = screen.getAllByRole('link', { name: 'New conversation' });
    if (!newConversation) throw new Error('no New conversation link');
    await userEvent.click(newConversation);
    expect(router.state.location.pathname).toBe('/chat');
    expect(screen.getByTestId('thread').textContent).toBe('new conversation');
    expect(within(conversationsList()).queryByRole('link', { current: 'page' })).toBeNull();
  });

  it('keeps the search while a found conversation is opened', async () => {
    setup(({ q }) => (q === 'fire' ? listResponse([fire]) : listResponse([electrical, legionella, fire])));
    const { router } = renderApp('/chat', { user });
    await screen.findByRole('list', { name: 'Conversations' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'fire');
    await waitFor(() => expect(titles()).toEqual([fire.title]));
    await userEvent.click(within(conversationsList()).getByRole('link', { name: /Fire door/ }));
    expect(router.state.location.pathname).toBe(`/chat/${fire.id}`);
    expect((screen.getByRole('searchbox', { name: 'Search conversations' }) as HTMLInputElement).value).toBe('fire');
    expect(titles()).toEqual([fire.title]);
  });

  it('opens the list in a drawer on small screens, which closes once a conversation is chosen', async () => {
    setup(() => listResponse([electrical, legionella]));
    const { router } = renderApp('/chat', { user });
    await screen.findByRole('list', { name: 'Conversations' });
    const toggle = screen.getByRole('button', { name: 'Conversations' });
    await userEvent.click(toggle);
    const drawer = screen.getByRole('dialog', { name: 'Conversations' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    // Escape in a search box with text clears it and leaves the drawer open.
    const search = within(drawer).getByRole('searchbox', { name: 'Search conversations' });
    await userEvent.type(search, 'x{Escape}');
    expect((search as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('dialog', { name: 'Conversations' })).toBeTruthy();

    await userEvent.click(within(drawer).getByRole('link', { name: /Legionella risk/ }));
    expect(router.state.location.pathname).toBe(`/chat/${legionella.id}`);
    expect(screen.queryByRole('dialog', { name: 'Conversations' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Conversations' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Conversations' })).getByRole('button', { name: 'Close conversations' }),
    );
    expect(screen.queryByRole('dialog', { name: 'Conversations' })).toBeNull();
  });

  it('says so when there are no conversations yet', async () => {
    setup(() => listResponse([]));
    renderApp('/chat', { user });
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Conversations' })).toBeNull();
  });

  it('searches titles and content with ?q= after typing pauses, says when nothing matches, and clears', async () => {
    const { requests } = setup(({ q }) => {
      if (q === null) return listResponse([electrical, legionella, fire]);
      if (q === 'legionella') return listResponse([legionella]);
      return listResponse([]);
    });
    renderApp('/chat', { user });
    await screen.findByRole('list', { name: 'Conversations' });

    const search = screen.getByRole('searchbox', { name: 'Search conversations' });
    await userEvent.type(search, 'legionella');
    await waitFor(() => expect(titles()).toEqual([legionella.title]));
    // One request for the whole word, not one per keystroke.
    expect(requests.map((r) => r.q)).toEqual([null, 'legionella']);

    await userEvent.clear(search);
    await userEvent.type(search, 'asbestos');
    expect(await screen.findByText('No conversations match “asbestos”')).toBeTruthy();

    // The empty state's own button, and the × in the search box, both clear the search.
    const clearButtons = screen.getAllByRole('button', { name: 'Clear search' });
    expect(clearButtons).toHaveLength(2);
    await userEvent.click(clearButtons[1] as HTMLElement);
    expect((search as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(titles()).toEqual([electrical.title, legionella.title, fire.title]));
  });

  it('loads the next page on "Load more" until every conversation is shown', async () => {
    const all = Array.from({ length: 23 }, (_, i) => buildSession(i + 1));
    const { requests } = setup(({ page }) => listResponse(all.slice((page - 1) * 20, page * 20), page, all.length));
    renderApp('/chat', { user });
    await screen.findByRole('list', { name: 'Conversations' });
    expect(titles()).toHaveLength(20);
    expect(screen.getByText('Showing 20 of 23')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(titles()).toHaveLength(23));
    expect(requests.map((r) => r.page)).toEqual([1, 2]);
    expect(titles().at(-1)).toBe('Conversation 23');
    await waitFor(() => expect(document.activeElement?.getAttribute('href')).toBe(`/chat/${all[20]?.id}`));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("shows 'Failed to load conversations' and loads again on 'Try Again'", async () => {
    let calls = 0;
    setup(() => {
      calls += 1;
      return calls === 1 ? { status: 500, body: { message: 'boom', request_id: 'req_1' } } : listResponse([fire]);
    });
    renderApp('/chat', { user });
    // The list is not a background call: a server error also raises the error dialog, with its request id.
    const errorDialog = await screen.findByRole('alertdialog', { name: 'Server Error' });
    expect(errorDialog.textContent).toContain('Request ID: req_1');
    await userEvent.click(within(errorDialog).getByRole('button', { name: 'Close' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load conversations');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(titles()).toEqual([fire.title]));
  });
});

describe('renaming a conversation', () => {
  async function startRename(title: string) {
    await screen.findByRole('list', { name: 'Conversations' });
    await userEvent.click(screen.getByRole('button', { name: `More actions for “${title}”` }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Rename' }));
    return (await screen.findByRole('textbox', { name: 'Conversation title' })) as HTMLInputElement;
  }

  it('saves the new title on Enter and shows it in the list', async () => {
    let current = [electrical, legionella];
    const { calls } = setup(() => listResponse(current), {
      'PATCH /api/chat/sessions/01JCHATSESSION000000000002': ({ body }: { body: unknown }) => {
        const renamed = { ...legionella, title: (body as { title: string }).title };
        current = [electrical, renamed];
        return renamed;
      },
    });
    renderApp('/chat', { user });
    const input = await startRename(legionella.title);
    expect(input.value).toBe(legionella.title);
    expect(document.activeElement).toBe(input);

    await userEvent.clear(input);
    await userEvent.type(input, 'L8 water safety{Enter}');
    await waitFor(() => expect(titles()).toEqual([electrical.title, 'L8 water safety']));
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.path).toBe(`/api/chat/sessions/${legionella.id}`);
    expect(patch?.body).toEqual({ title: 'L8 water safety' });
    expect(screen.queryByRole('textbox', { name: 'Conversation title' })).toBeNull();
    // Focus goes back to where the person started.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('More actions for “L8 water safety”');
  });

  it("shows the server's validation message and keeps the title unchanged", async () => {
    setup(() => listResponse([electrical]), {
      'PATCH /api/chat/sessions/01JCHATSESSION000000000001': {
        status: 422,
        body: { message: 'Validation failed', detail: [{ loc: ['body', 'title'], msg: 'Enter a title' }], request_id: 'req_2' },
      },
    });
    renderApp('/chat', { user });
    const input = await startRename(electrical.title);
    await userEvent.clear(input);
    await userEvent.type(input, '   {Enter}');
    const message = await screen.findByText('Enter a title');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(message.id);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Conversation title' })).toBeNull();
    expect(titles()).toEqual([electrical.title]);
  });

  it('cancels on Escape without asking the server', async () => {
    const { calls } = setup(() => listResponse([electrical]));
    renderApp('/chat', { user });
    const input = await startRename(electrical.title);
    await userEvent.type(input, ' changed{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Conversation title' })).toBeNull();
    expect(titles()).toEqual([electrical.title]);
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });
});

describe('deleting a conversation', () => {
  async function askToDelete(title: string) {
    await screen.findByRole('list', { name: 'Conversations' });
    await userEvent.click(screen.getByRole('button', { name: `More actions for “${title}”` }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    return await screen.findByRole('dialog', { name: 'Delete conversation?' });
  }

  it('asks first, naming the conversation, and does nothing on Cancel', async () => {
    const { calls } = setup(() => listResponse([electrical, legionella]));
    renderApp('/chat', { user });
    const dialog = await askToDelete(legionella.title);
    expect(dialog.textContent).toContain(`“${legionella.title}”`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(titles()).toEqual([electrical.title, legionella.title]);
  });

  it('deletes the open conversation on confirm and returns to /chat', async () => {
    let current = [electrical, legionella];
    const { calls } = setup(() => listResponse(current), {
      'DELETE /api/chat/sessions/01JCHATSESSION000000000002': () => {
        current = [electrical];
        return { status: 204 };
      },
    });
    const { router } = renderApp(`/chat/${legionella.id}`, { user });
    const dialog = await askToDelete(legionella.title);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(titles()).toEqual([electrical.title]);
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([`/api/chat/sessions/${legionella.id}`]);
    expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('Conversation deleted');
  });

  it('stays on the open conversation when another one is deleted', async () => {
    let current = [electrical, legionella];
    setup(() => listResponse(current), {
      'DELETE /api/chat/sessions/01JCHATSESSION000000000001': () => {
        current = [legionella];
        return { status: 204 };
      },
    });
    const { router } = renderApp(`/chat/${legionella.id}`, { user });
    const dialog = await askToDelete(electrical.title);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(titles()).toEqual([legionella.title]));
    expect(router.state.location.pathname).toBe(`/chat/${legionella.id}`);
  });

  it('keeps the dialog open with the reason when the server refuses', async () => {
    setup(() => listResponse([electrical]), {
      'DELETE /api/chat/sessions/01JCHATSESSION000000000001': { status: 500, body: { message: 'boom', request_id: 'req_3' } },
    });
    renderApp('/chat', { user });
    const dialog = await askToDelete(electrical.title);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    // A server error raises the error dialog over the confirmation; closing it leaves the confirmation with the reason.
    const errorDialog = await screen.findByRole('alertdialog', { name: 'Server Error' });
    await userEvent.click(within(errorDialog).getByRole('button', { name: 'Close' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('The conversation could not be deleted. Please try again.');
    // The list behind the modal is hidden from assistive technology while it is open, but unchanged.
    const list = screen.getByRole('list', { name: 'Conversations', hidden: true });
    expect(
      within(list)
        .getAllByRole('link', { hidden: true })
        .map((link) => link.querySelector('span')?.textContent),
    ).toEqual([electrical.title]);
  });
});

describe('a guest following a conversation link', () => {
  it('is told conversations are private, and neither the list nor the thread asks the server', async () => {
    const { requests } = setup(() => listResponse([electrical]));
    renderApp(`/chat/${electrical.id}`, { user: buildTestUser({ account_roles: ['guest'] }) });
    expect(await screen.findByRole('heading', { name: 'This conversation is private' })).toBeTruthy();
    expect(screen.queryByTestId('thread')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Conversations' })).toBeNull();
    expect(requests).toEqual([]);
  });
});
