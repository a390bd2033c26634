import type { ChatMessage, ChatSessionDetail, ChatStreamEvent } from '@verity/shared';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useErrorDialogStore } from '../../lib/error-dialog-store';
import { chatKeys } from './api';
import { startChatStream, stopChatStream, useChatStore } from './chat-store';
import { buildChatMessage, TEST_NOW as NOW } from './test-messages';

const SESSION = '01JCHATSESS0000000000000001';

function message(id: string, role: ChatMessage['role'], position: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return buildChatMessage(role, { id, position, content: role === 'user' ? `Question ${id}` : `Answer ${id} [1]`, ...overrides });
}

function detail(messages: ChatMessage[], title = 'Electrical inspection'): ChatSessionDetail {
  return { id: SESSION, title, created_at: NOW, updated_at: NOW, last_message_at: NOW, shared_at: null, messages };
}

function frame(event: ChatStreamEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** An SSE response whose body is written by `write`; it stays open until `close` is called or the request aborts. */
function sseResponse(signal: AbortSignal | undefined, frames: string[], keepOpen = false): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const text of frames) controller.enqueue(encoder.encode(text));
      if (!keepOpen) controller.close();
      signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let queryClient: QueryClient;

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  useChatStore.setState({ streams: {}, drafts: {}, announcement: '' });
  useErrorDialogStore.setState({ payload: null });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('streaming an answer', () => {
  it('shows the text as it arrives and puts the stored question and answer into the conversation on done', async () => {
    const q1 = message('Q1', 'user', 0);
    const a1 = message('A1', 'assistant', 1);
    queryClient.setQueryData(chatKeys.session(SESSION), detail([q1, a1], 'New conversation'));
    const q2 = message('Q2', 'user', 2);
    const a2 = message('A2', 'assistant', 3);
    const seen: string[] = [];
    const unsubscribe = useChatStore.subscribe((state) => {
      const text = state.streams[SESSION]?.text;
      if (text && seen.at(-1) !== text) seen.push(text);
    });
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) =>
      sseResponse(init.signal ?? undefined, [
        frame({ event: 'token', data: { text: 'Answer ' } }),
        frame({ event: 'token', data: { text: 'A2 [1]' } }),
        frame({ event: 'citations', data: { citations: [] } }),
        frame({
          event: 'done',
          data: {
            question: q2,
            answer: a2,
            session: {
              id: SESSION,
              title: 'Electrical inspection',
              created_at: NOW,
              updated_at: NOW,
              last_message_at: NOW,
              shared_at: null,
            },
          },
        }),
      ]),
    );
    vi.stubGlobal('fetch', fetchMock);

    const outcome = await startChatStream({
      queryClient,
      request: { kind: 'ask', input: { params: { id: SESSION }, body: { content: 'Question Q2' } } },
      keep: 2,
      question: { content: 'Question Q2', mode: 'answer', attachments: [] },
      mode: 'answer',
    });
    unsubscribe();

    expect(outcome).toBe('done');
    expect(seen).toEqual(['Answer ', 'Answer A2 [1]']);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`/api/chat/sessions/${SESSION}/messages`);
    expect(init?.method).toBe('POST');
    const cached = queryClient.getQueryData<ChatSessionDetail>(chatKeys.session(SESSION));
    expect(cached?.messages.map((m) => m.id)).toEqual(['Q1', 'A1', 'Q2', 'A2']);
    expect(cached?.title).toBe('Electrical inspection');
    expect(useChatStore.getState().streams[SESSION]).toBeUndefined();
  });

  it('a regenerated answer replaces the old one and keeps its question', async () => {
    const q1 = message('Q1', 'user', 0);
    const a1 = message('A1', 'assistant', 1);
    queryClient.setQueryData(chatKeys.session(SESSION), detail([q1, a1]));
    const replacement = message('A1b', 'assistant', 1);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) =>
        sseResponse(init.signal ?? undefined, [
          frame({
            event: 'done',
            data: {
              question: q1,
              answer: replacement,
              session: { id: SESSION, title: 'T', created_at: NOW, updated_at: NOW, last_message_at: NOW, shared_at: null },
            },
          }),
        ]),
      ),
    );
    await startChatStream({
      queryClient,
      request: { kind: 'regenerate', input: { params: { id: SESSION, messageId: 'A1' } } },
      keep: 1,
      question: null,
      mode: 'answer',
    });
    expect(queryClient.getQueryData<ChatSessionDetail>(chatKeys.session(SESSION))?.messages.map((m) => m.id)).toEqual(['Q1', 'A1b']);
  });

  it('a refusal before the stream (429) raises the error dialog, changes nothing and reports "refused"', async () => {
    const q1 = message('Q1', 'user', 0);
    const a1 = message('A1', 'assistant', 1);
    queryClient.setQueryData(chatKeys.session(SESSION), detail([q1, a1]));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(429, { message: 'Too many requests', request_id: 'req-1' })),
    );
    const outcome = await startChatStream({
      queryClient,
      request: { kind: 'ask', input: { params: { id: SESSION }, body: { content: 'Again?' } } },
      keep: 2,
      question: { content: 'Again?', mode: 'answer', attachments: [] },
      mode: 'answer',
    });
    expect(outcome).toBe('refused');
    expect(useErrorDialogStore.getState().payload).toMatchObject({ code: 429, title: 'Too Many Requests', requestId: 'req-1' });
    expect(queryClient.getQueryData<ChatSessionDetail>(chatKeys.session(SESSION))?.messages).toEqual([q1, a1]);
    expect(useChatStore.getState().streams[SESSION]).toBeUndefined();
  });

  it('Stop aborts the request, then the conversation is fetched again so the stopped answer shows as stored', async () => {
    const q1 = message('Q1', 'user', 0);
    queryClient.setQueryData(chatKeys.session(SESSION), detail([]));
    const stopped = message('A1', 'assistant', 1, { content: 'Partial', status: 'stopped' });
    let postSignal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          postSignal = init.signal ?? undefined;
          return sseResponse(postSignal, [frame({ event: 'token', data: { text: 'Partial' } })], true);
        }
        return jsonResponse(200, detail([q1, stopped]));
      }),
    );
    const running = startChatStream({
      queryClient,
      request: { kind: 'ask', input: { params: { id: SESSION }, body: { content: 'Question Q1' } } },
      keep: 0,
      question: { content: 'Question Q1', mode: 'answer', attachments: [] },
      mode: 'answer',
    });
    await vi.waitFor(() => expect(useChatStore.getState().streams[SESSION]?.text).toBe('Partial'));
    stopChatStream(SESSION);
    expect(postSignal?.aborted).toBe(true);
    expect(useChatStore.getState().streams[SESSION]?.stopping).toBe(true);

    expect(await running).toBe('stopped');
    expect(queryClient.getQueryData<ChatSessionDetail>(chatKeys.session(SESSION))?.messages.at(-1)?.status).toBe('stopped');
    expect(useChatStore.getState().streams[SESSION]).toBeUndefined();
  });

  it('an error event shows the message on the answer being streamed', async () => {
    queryClient.setQueryData(chatKeys.session(SESSION), detail([]));
    const errors: (string | null)[] = [];
    const unsubscribe = useChatStore.subscribe((state) => {
      const error = state.streams[SESSION]?.error;
      if (error) errors.push(error);
    });
    const q1 = message('Q1', 'user', 0);
    const failed = message('A1', 'assistant', 1, { content: '', status: 'error' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'POST'
          ? sseResponse(init.signal ?? undefined, [
              frame({ event: 'error', data: { message: 'The answer could not be completed. Please try again.', request_id: 'r' } }),
            ])
          : jsonResponse(200, detail([q1, failed])),
      ),
    );
    const outcome = await startChatStream({
      queryClient,
      request: { kind: 'ask', input: { params: { id: SESSION }, body: { content: 'Question Q1' } } },
      keep: 0,
      question: { content: 'Question Q1', mode: 'answer', attachments: [] },
      mode: 'answer',
    });
    unsubscribe();
    expect(outcome).toBe('error');
    expect(errors).toContain('The answer could not be completed. Please try again.');
    expect(queryClient.getQueryData<ChatSessionDetail>(chatKeys.session(SESSION))?.messages.at(-1)?.status).toBe('error');
  });
});
