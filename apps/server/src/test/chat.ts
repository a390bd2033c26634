/**
 * Helpers for tests of the chat through the HTTP API: calls as a user, conversations, questions
 * and their Server-Sent Events, and a pacing wrapper for the built-in engine.
 *
 * Every helper takes the test app first, so a suite can also ask on an app of its own (a small
 * attachment limit, a provider engine).
 */
import type { ChatSessionDetail, ChatSessionSummary, ChatStreamEvent, ChatStreamEvents, Citation } from '@verity/shared';
import { expect, vi } from 'vitest';
import { builtinEngine, type ChatEngine } from '../ai/engine.ts';
import { newId } from '../lib/ids.ts';
import { baseUrlOf, type TestApp } from './app.ts';
import type { TestUser } from './factories.ts';

/** POST `/api{url}` as the user (no token for null), with a JSON body when one is given. */
export function post(app: TestApp, user: TestUser | null, url: string, payload?: unknown) {
  return app.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: user?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

type Reply = Awaited<ReturnType<typeof post>>;

/** A new conversation of the user's (untitled unless a title is given). */
export async function newSession(app: TestApp, user: TestUser, title?: string): Promise<ChatSessionSummary> {
  const response = await post(app, user, '/chat/sessions', title === undefined ? {} : { title });
  expect(response.statusCode).toBe(201);
  return response.json<ChatSessionSummary>();
}

/** GET /api/chat/sessions/{id} as the user, which must succeed. */
export async function sessionDetail(app: TestApp, user: TestUser, sessionId: string): Promise<ChatSessionDetail> {
  const response = await app.app.inject({ method: 'GET', url: `/api/chat/sessions/${sessionId}`, headers: user.headers });
  expect(response.statusCode).toBe(200);
  return response.json<ChatSessionDetail>();
}

/** The Server-Sent Events of a body, in order, with their JSON data parsed (several data lines joined). */
export function parseEvents(body: string): ChatStreamEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim().length > 0)
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice('event: '.length);
      const data = lines
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice('data: '.length))
        .join('\n');
      return { event, data: JSON.parse(data) } as ChatStreamEvent;
    });
}

/** The data of every event of one name, in order. */
export function only<K extends keyof ChatStreamEvents>(events: ChatStreamEvent[], name: K): ChatStreamEvents[K][] {
  return events.filter((event) => event.event === name).map((event) => event.data as ChatStreamEvents[K]);
}

/** A stream as it came, whatever its end: the text of its tokens and its first citations, done and error events. */
export interface ChatStream {
  events: ChatStreamEvent[];
  text: string;
  citations: Citation[] | undefined;
  done: ChatStreamEvents['done'] | undefined;
  error: ChatStreamEvents['error'] | undefined;
}

export function readStream(body: string): ChatStream {
  const events = parseEvents(body);
  return {
    events,
    text: only(events, 'token')
      .map((token) => token.text)
      .join(''),
    citations: only(events, 'citations')[0]?.citations,
    done: only(events, 'done')[0],
    error: only(events, 'error')[0],
  };
}

/** A completed answer: its events, text, citations and the done event. */
export interface Streamed {
  events: ChatStreamEvent[];
  text: string;
  citations: Citation[];
  done: ChatStreamEvents['done'];
}

/**
 * The answer a reply streamed, which must be complete: a 200 event stream, not cached, of tokens
 * then the citations then done, and nothing else.
 */
export function streamed(response: Reply): Streamed {
  expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
  expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
  expect(response.headers['cache-control']).toContain('no-cache');
  const { events, text, citations, done } = readStream(response.body);
  const names = events.map((event) => event.event);
  expect(names.at(-1)).toBe('done');
  expect(names.at(-2)).toBe('citations');
  expect(names.slice(0, -2).every((name) => name === 'token')).toBe(true);
  if (!done || !citations) throw new Error(`stream without done or citations: ${response.body.slice(-400)}`);
  return { events, text, citations, done };
}

/** Ask a question (`{ content, … }`) in the user's conversation and wait for the complete answer. */
export async function ask(app: TestApp, user: TestUser, sessionId: string, payload: object): Promise<Streamed> {
  return streamed(await post(app, user, `/chat/sessions/${sessionId}/messages`, payload));
}

/** A question asked over a real connection, which the client can drop mid-answer. */
export interface OpenAnswer {
  response: Response;
  /** Reads on until what has arrived passes `enough`, and returns it all. */
  readUntil(enough: (received: string) => boolean): Promise<string>;
  /** The client goes away: the connection is dropped. */
  hangUp(): void;
}

/**
 * Ask a question over a real HTTP connection (`app.inject` cannot hang up mid-stream): the app
 * listens on a free local port, once per suite.
 */
export async function askOverConnection(app: TestApp, user: TestUser, sessionId: string, payload: object): Promise<OpenAnswer> {
  const aborter = new AbortController();
  const response = await fetch(`${await baseUrlOf(app)}/api/chat/sessions/${sessionId}/messages`, {
    method: 'POST',
    headers: { ...user.headers, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
    signal: aborter.signal,
  });
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  let received = '';
  return {
    response,
    async readUntil(enough) {
      while (!enough(received)) {
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended early');
        received += decoder.decode(value, { stream: true });
      }
      return received;
    },
    hangUp: () => aborter.abort(),
  };
}

/** The conversation's messages once `count` are stored (an answer is stored after the stream ends). */
export async function storedMessages(
  app: TestApp,
  user: TestUser,
  sessionId: string,
  count: number,
): Promise<ChatSessionDetail['messages']> {
  let messages: ChatSessionDetail['messages'] = [];
  await vi.waitFor(
    async () => {
      messages = (await sessionDetail(app, user, sessionId)).messages;
      expect(messages).toHaveLength(count);
    },
    { timeout: 5_000, interval: 50 },
  );
  return messages;
}

/** A library citation of HTM 06-01 quoting `quote`, for answers stored without the engine. */
export function buildCitation(quote: string): Citation {
  return {
    n: 1,
    source: 'library',
    document_id: newId(),
    code: 'HTM 06-01',
    title: 'Electrical services supply and distribution',
    edition: '2017',
    status: 'current',
    element_ids: [newId()],
    quote,
    superseded_by: null,
  };
}

/**
 * The built-in engine answers in milliseconds, faster than a client can react; a provider streams
 * over seconds. Set `delayMs` to pace it (to stop an answer mid-stream) or `failAfterTokens` to make
 * it fail after that many tokens; put both back when done (0 and -1).
 */
export const engineControl = { delayMs: 0, failAfterTokens: -1 };

/**
 * The built-in engine with its answers under `engineControl`, keeping the real engine's retrieval,
 * text and AbortSignal handling. For a suite's app: `buildTestApp(env, { chatEngine: controlledEngine() })`.
 */
export function controlledEngine(engine: ChatEngine = builtinEngine): ChatEngine {
  return {
    ...engine,
    answer: async function* (options) {
      let tokens = 0;
      for await (const event of engine.answer(options)) {
        if (engineControl.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, engineControl.delayMs));
        if (event.type === 'token' && tokens++ === engineControl.failAfterTokens) throw new Error('engine failure for the test');
        yield event;
      }
    },
  };
}
