import {
  type ApiErrorBody,
  CHAT_MESSAGE_MAX_LENGTH,
  type ChatSessionDetail,
  type ChatSessionSummary,
  type ChatStreamEvent,
  type ChatStreamEvents,
  type DocumentResponse,
} from '@verity/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { chatMessages } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildLibraryTestApp, buildUser, type TestUser } from '../../test/factories.ts';

/**
 * The built-in engine answers in milliseconds, faster than a client can react; a provider streams
 * over seconds. `engineControl` paces it (to stop an answer mid-stream) or makes it fail mid-stream,
 * keeping the real engine's retrieval, text and AbortSignal handling.
 */
const engineControl = vi.hoisted(() => ({ delayMs: 0, failAfterTokens: -1 }));

vi.mock('../../ai/builtin-engine.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../ai/builtin-engine.ts')>();
  return {
    ...real,
    answerWithBuiltinEngine: async function* (options: Parameters<typeof real.answerWithBuiltinEngine>[0]) {
      let tokens = 0;
      for await (const event of real.answerWithBuiltinEngine(options)) {
        if (engineControl.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, engineControl.delayMs));
        if (event.type === 'token' && tokens++ === engineControl.failAfterTokens) throw new Error('engine failure for the test');
        yield event;
      }
    },
  };
});

const ELECTRICAL = 'How often must fixed electrical installations in a hospital be inspected and who signs off the work?';
const OUT_OF_SCOPE = 'What is the recommended paediatric dose of amoxicillin?';

let t: TestApp;
let standard: TestUser;
let guest: TestUser;

beforeAll(async () => {
  ({ t, standard, guest } = await buildLibraryTestApp());
});

afterAll(async () => {
  await t.close();
});

/** The Server-Sent Events of a body, in order, with their JSON data parsed. */
function parseEvents(body: string): ChatStreamEvent[] {
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

function only<K extends keyof ChatStreamEvents>(events: ChatStreamEvent[], name: K): ChatStreamEvents[K][] {
  return events.filter((event) => event.event === name).map((event) => event.data as ChatStreamEvents[K]);
}

interface Streamed {
  events: ChatStreamEvent[];
  text: string;
  done: ChatStreamEvents['done'];
  citations: ChatStreamEvents['citations']['citations'];
}

function post(user: TestUser | null, url: string, payload?: unknown, app: TestApp = t) {
  return app.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: user?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function streamed(response: Awaited<ReturnType<typeof post>>): Promise<Streamed> {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
  expect(response.headers['cache-control']).toContain('no-cache');
  const events = parseEvents(response.body);
  const names = events.map((event) => event.event);
  // Tokens first, then the citations, then done, and nothing else.
  expect(names.at(-1)).toBe('done');
  expect(names.at(-2)).toBe('citations');
  expect(names.slice(0, -2).every((name) => name === 'token')).toBe(true);
  const [done] = only(events, 'done');
  const [citations] = only(events, 'citations');
  if (!done || !citations) throw new Error('stream without done or citations');
  return {
    events,
    text: only(events, 'token')
      .map((token) => token.text)
      .join(''),
    done,
    citations: citations.citations,
  };
}

async function newSession(user: TestUser, app: TestApp = t): Promise<ChatSessionSummary> {
  const response = await post(user, '/chat/sessions', {}, app);
  expect(response.statusCode).toBe(201);
  return response.json<ChatSessionSummary>();
}

async function ask(user: TestUser, sessionId: string, payload: object, app: TestApp = t): Promise<Streamed> {
  return streamed(await post(user, `/chat/sessions/${sessionId}/messages`, payload, app));
}

async function detail(user: TestUser, sessionId: string): Promise<ChatSessionDetail> {
  const response = await t.app.inject({ method: 'GET', url: `/api/chat/sessions/${sessionId}`, headers: user.headers });
  expect(response.statusCode).toBe(200);
  return response.json<ChatSessionDetail>();
}

const codesOf = (answer: Streamed) => answer.citations.map((citation) => citation.code);

describe('POST /api/chat/sessions/:id/messages', () => {
  test('streams a cited answer over the library, stores both messages and names the conversation', async () => {
    const session = await newSession(standard);
    const answer = await ask(standard, session.id, { content: ELECTRICAL });

    expect(only(answer.events, 'token').length).toBeGreaterThan(1);
    expect(codesOf(answer)).toContain('HTM 06-01');
    for (const citation of answer.citations) expect(answer.text).toContain(`[${citation.n}]`);

    // Every cited element exists in the document the citation names, and opens highlighted there.
    for (const citation of answer.citations) {
      const query = citation.element_ids.map((id) => `element_ids=${id}`).join('&');
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/docs/document/${citation.document_id}?${query}`,
        headers: standard.headers,
      });
      expect(response.statusCode).toBe(200);
      const document = response.json<DocumentResponse>();
      const highlighted = document.elements.filter((element) => element.highlighted).map((element) => element.id);
      expect(highlighted.sort()).toEqual([...citation.element_ids].sort());
    }

    const { question, answer: stored, session: summary } = answer.done;
    expect(question).toMatchObject({ role: 'user', content: ELECTRICAL, position: 0, mode: 'answer', include_internal: true });
    expect(stored).toMatchObject({ role: 'assistant', content: answer.text, position: 1, status: 'complete', engine: 'builtin' });
    expect(stored.citations).toEqual(answer.citations);
    expect(summary.title).toBe('How often must fixed electrical installations in a hospital be inspected and…');
    expect(Date.parse(summary.last_message_at)).toBeGreaterThanOrEqual(Date.parse(session.last_message_at));

    const conversation = await detail(standard, session.id);
    expect(conversation.title).toBe(summary.title);
    expect(conversation.messages).toEqual([question, stored]);

    // The retrieval sources are kept with the answer for audit, and not sent to the browser.
    const [row] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, stored.id));
    expect(row?.sources.length).toBeGreaterThan(0);
    expect(row?.sources.map((source) => source.document_id)).toEqual(expect.arrayContaining(answer.citations.map((c) => c.document_id)));
    expect(JSON.stringify(conversation)).not.toContain('"sources"');
  });

  test('reads a follow-up in the light of the earlier question', async () => {
    const session = await newSession(standard);
    await ask(standard, session.id, { content: ELECTRICAL });
    const followUp = await ask(standard, session.id, { content: 'and for medical locations?' });
    expect(codesOf(followUp)).toContain('HTM 06-01');
    expect(followUp.text.toLowerCase()).toContain('medical location');
    expect(followUp.done.answer.position).toBe(3);

    // The same words opening a conversation have no earlier question to lean on.
    const fresh = await ask(standard, (await newSession(standard)).id, { content: 'and for medical locations?' });
    expect(fresh.text).not.toBe(followUp.text);
  });

  test('declines an out-of-scope question plainly, with no citations', async () => {
    const session = await newSession(standard);
    const answer = await ask(standard, session.id, { content: OUT_OF_SCOPE });
    expect(answer.citations).toEqual([]);
    expect(answer.text).toContain('I could not find anything in the library that answers this question');
    expect(answer.text).not.toMatch(/\[\d+\]/);
    expect(answer.done.answer).toMatchObject({ status: 'complete', citations: [], engine: 'builtin' });
  });

  test('keeps the mode, filters and include_internal of the question', async () => {
    const session = await newSession(standard);
    const filters = { category: [], domain: ['HTM'], subDomain: [] };
    const answer = await ask(standard, session.id, { content: ELECTRICAL, mode: 'draft', filters, include_internal: false });
    expect(answer.done.question).toMatchObject({ mode: 'draft', filters, include_internal: false });
    expect(answer.done.answer.mode).toBe('draft');
  });

  test('refuses without a token, for a guest, and for anyone else’s conversation, changing nothing', async () => {
    const session = await newSession(standard);
    const colleague = await buildUser(t, { organisationId: standard.user.organisationId });
    const outsider = await buildUser(t);
    const url = `/chat/sessions/${session.id}/messages`;

    expect((await post(null, url, { content: ELECTRICAL })).statusCode).toBe(401);
    expect((await post(guest, url, { content: ELECTRICAL })).statusCode).toBe(403);
    for (const user of [colleague, outsider]) {
      const response = await post(user, url, { content: ELECTRICAL });
      expect(response.statusCode).toBe(404);
      expect(response.json<ApiErrorBody>().message).toBe('The requested conversation could not be found.');
    }
    const missing = await post(standard, `/chat/sessions/${newId()}/messages`, { content: ELECTRICAL });
    expect(missing.statusCode).toBe(404);
    expect((await detail(standard, session.id)).messages).toEqual([]);
  });

  test('refuses malformed ids and bodies with 422 naming the field, changing nothing', async () => {
    const session = await newSession(standard);
    const url = `/chat/sessions/${session.id}/messages`;

    const malformed = await post(standard, '/chat/sessions/not-an-id/messages', { content: ELECTRICAL });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json<ApiErrorBody>().detail).toEqual([{ loc: ['params', 'id'], msg: 'A conversation id is 26 letters or digits' }]);

    const cases: [object, (string | number)[], string][] = [
      [
        { content: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) },
        ['body', 'content'],
        `A message is at most ${CHAT_MESSAGE_MAX_LENGTH} characters`,
      ],
      [{ content: '   ' }, ['body', 'content'], 'Enter a question'],
      [{}, ['body', 'content'], 'Enter a question'],
      [{ content: ELECTRICAL, mode: 'essay' }, ['body', 'mode'], "The mode is 'answer' or 'draft'"],
      [
        { content: ELECTRICAL, attachment_ids: [newId()] },
        ['body', 'attachment_ids'],
        'Attachments are not available yet: ask your question without a file',
      ],
      [{ content: ELECTRICAL, engine: 'other' }, ['body'], 'Unknown field: engine'],
    ];
    for (const [payload, loc, msg] of cases) {
      const response = await post(standard, url, payload);
      expect(response.statusCode).toBe(422);
      const body = response.json<ApiErrorBody>();
      expect(body.detail).toEqual([{ loc, msg }]);
      expect(body.message).toBe(msg);
      expect(body.request_id).toBeTruthy();
    }
    expect((await detail(standard, session.id)).messages).toEqual([]);
  });

  test('an engine failure mid-stream ends with an error event and an answer marked error', async () => {
    const session = await newSession(standard);
    engineControl.failAfterTokens = 2;
    let response: Awaited<ReturnType<typeof post>>;
    try {
      response = await post(standard, `/chat/sessions/${session.id}/messages`, { content: ELECTRICAL });
    } finally {
      engineControl.failAfterTokens = -1;
    }
    expect(response.statusCode).toBe(200);
    const events = parseEvents(response.body);
    expect(events.map((event) => event.event)).toEqual(['token', 'token', 'error']);
    const [error] = only(events, 'error');
    expect(error).toMatchObject({
      error_code: 5001,
      error_title: 'Service unavailable',
      message: 'The answer could not be completed. Please try again.',
    });
    expect(error?.request_id).toBeTruthy();

    const messages = (await detail(standard, session.id)).messages;
    expect(messages.map((message) => [message.role, message.status, message.content, message.citations])).toEqual([
      ['user', 'complete', ELECTRICAL, []],
      ['assistant', 'error', '', []],
    ]);
  });
});

describe('a conversation deleted while it is being answered', () => {
  test('ends the stream with an error event and stores nothing', async () => {
    const session = await newSession(standard);
    engineControl.delayMs = 10;
    try {
      const answering = post(standard, `/chat/sessions/${session.id}/messages`, { content: ELECTRICAL });
      await vi.waitFor(async () => expect((await detail(standard, session.id)).messages).toHaveLength(1), { timeout: 5_000, interval: 10 });
      const deleted = await t.app.inject({ method: 'DELETE', url: `/api/chat/sessions/${session.id}`, headers: standard.headers });
      expect(deleted.statusCode).toBe(204);
      const events = parseEvents((await answering).body);
      expect(events.at(-1)).toMatchObject({ event: 'error', data: { message: 'The requested conversation could not be found.' } });
      expect(only(events, 'done')).toEqual([]);
      expect(await t.db.select().from(chatMessages).where(eq(chatMessages.sessionId, session.id))).toEqual([]);
    } finally {
      engineControl.delayMs = 0;
    }
  });
});

describe('stopping an answer', () => {
  test('a client that goes away mid-stream stops the engine; the partial answer is kept, marked stopped', async () => {
    const session = await newSession(standard);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    engineControl.delayMs = 20;
    try {
      const aborter = new AbortController();
      const response = await fetch(`${address}/api/chat/sessions/${session.id}/messages`, {
        method: 'POST',
        headers: { ...standard.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ content: ELECTRICAL }),
        signal: aborter.signal,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      const reader = response.body?.getReader();
      if (!reader) throw new Error('no body');
      let received = '';
      while (!received.includes('\n\n')) {
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended before the first event');
        received += new TextDecoder().decode(value);
      }
      expect(received.startsWith('event: token\n')).toBe(true);
      aborter.abort();

      // The server notices the closed connection, stops and stores what it had sent.
      let messages: ChatSessionDetail['messages'] = [];
      await vi.waitFor(
        async () => {
          messages = (await detail(standard, session.id)).messages;
          expect(messages).toHaveLength(2);
        },
        { timeout: 5_000, interval: 50 },
      );
      const [, answer] = messages;
      expect(answer).toMatchObject({ role: 'assistant', status: 'stopped', engine: 'builtin', citations: [] });
      expect(answer?.content.length).toBeGreaterThan(0);

      // Shorter than the full answer, which the same question gets when it is not stopped.
      engineControl.delayMs = 0;
      const full = await ask(standard, (await newSession(standard)).id, { content: ELECTRICAL });
      expect(answer?.content.length).toBeLessThan(full.text.length);
      expect(full.text.startsWith(answer?.content.slice(0, 20) ?? '?')).toBe(true);
    } finally {
      engineControl.delayMs = 0;
    }
  });
});

describe('regenerate and edit', () => {
  test('regenerate replaces the last answer with a new one to the same question', async () => {
    const session = await newSession(standard);
    const first = await ask(standard, session.id, { content: ELECTRICAL });
    const url = `/chat/sessions/${session.id}/messages/${first.done.answer.id}/regenerate`;
    const again = await streamed(await post(standard, url));
    expect(again.done.question).toEqual(first.done.question);
    expect(again.done.answer.id).not.toBe(first.done.answer.id);
    expect(again.done.answer).toMatchObject({ position: 1, status: 'complete', content: first.text });
    expect(again.citations).toEqual(first.citations);

    const messages = (await detail(standard, session.id)).messages;
    expect(messages.map((message) => message.id)).toEqual([first.done.question.id, again.done.answer.id]);
  });

  test('regenerating an earlier answer drops what followed and keeps the history before it', async () => {
    const session = await newSession(standard);
    await ask(standard, session.id, { content: ELECTRICAL });
    const followUp = await ask(standard, session.id, { content: 'and for medical locations?' });
    await ask(standard, session.id, { content: OUT_OF_SCOPE });
    const again = await streamed(await post(standard, `/chat/sessions/${session.id}/messages/${followUp.done.answer.id}/regenerate`));
    // Still read as a follow-up of the first question.
    expect(again.text).toBe(followUp.text);
    expect((await detail(standard, session.id)).messages.map((message) => message.position)).toEqual([0, 1, 2, 3]);
  });

  test('edit replaces a question, drops what followed and answers the new text', async () => {
    const session = await newSession(standard);
    const first = await ask(standard, session.id, { content: OUT_OF_SCOPE, filters: { category: [], domain: ['HTM'], subDomain: [] } });
    await ask(standard, session.id, { content: 'and for medical locations?' });
    const url = `/chat/sessions/${session.id}/messages/${first.done.question.id}/edit`;
    const edited = await streamed(await post(standard, url, { content: `  ${ELECTRICAL} ` }));
    expect(edited.done.question).toMatchObject({ id: first.done.question.id, content: ELECTRICAL, position: 0 });
    expect(edited.done.question.filters).toEqual({ category: [], domain: ['HTM'], subDomain: [] });
    expect(codesOf(edited)).toContain('HTM 06-01');

    const messages = (await detail(standard, session.id)).messages;
    expect(messages.map((message) => [message.position, message.role, message.content])).toEqual([
      [0, 'user', ELECTRICAL],
      [1, 'assistant', edited.text],
    ]);
  });

  test('refuses the wrong kind of message, other people’s and malformed ids, and bad bodies', async () => {
    const session = await newSession(standard);
    const { done } = await ask(standard, session.id, { content: ELECTRICAL });
    const base = `/chat/sessions/${session.id}/messages`;
    const outsider = await buildUser(t);

    const wrongKind = [
      await post(standard, `${base}/${done.question.id}/regenerate`),
      await post(standard, `${base}/${done.answer.id}/edit`, { content: 'Something else?' }),
    ];
    expect(wrongKind.map((response) => response.json<ApiErrorBody>().detail?.[0]?.msg)).toEqual([
      'Only an answer can be regenerated',
      'Only a question can be edited',
    ]);
    expect(wrongKind.map((response) => response.statusCode)).toEqual([422, 422]);

    expect((await post(null, `${base}/${done.answer.id}/regenerate`)).statusCode).toBe(401);
    expect((await post(guest, `${base}/${done.answer.id}/regenerate`)).statusCode).toBe(403);
    expect((await post(outsider, `${base}/${done.answer.id}/regenerate`)).statusCode).toBe(404);
    expect((await post(outsider, `${base}/${done.question.id}/edit`, { content: 'Mine now?' })).statusCode).toBe(404);
    expect((await post(standard, `${base}/${newId()}/regenerate`)).statusCode).toBe(404);
    expect((await post(standard, `${base}/not-an-id/regenerate`)).statusCode).toBe(422);
    const long = await post(standard, `${base}/${done.question.id}/edit`, { content: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) });
    expect(long.statusCode).toBe(422);
    expect(long.json<ApiErrorBody>().detail).toEqual([
      { loc: ['body', 'content'], msg: `A message is at most ${CHAT_MESSAGE_MAX_LENGTH} characters` },
    ]);
    const extra = await post(standard, `${base}/${done.question.id}/edit`, { content: 'ok?', mode: 'draft' });
    expect(extra.statusCode).toBe(422);

    const messages = (await detail(standard, session.id)).messages;
    expect(messages).toEqual([done.question, done.answer]);
  });
});

describe('rate limit', () => {
  test('each user may ask a set number of questions a minute; then 429 with Retry-After', async () => {
    const limited = await buildTestApp({ CHAT_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const user = await buildUser(limited);
      const other = await buildUser(limited);
      const session = await newSession(user, limited);
      await ask(user, session.id, { content: OUT_OF_SCOPE }, limited);
      await ask(user, session.id, { content: OUT_OF_SCOPE }, limited);
      const refused = await post(user, `/chat/sessions/${session.id}/messages`, { content: OUT_OF_SCOPE }, limited);
      expect(refused.statusCode).toBe(429);
      expect(refused.json<ApiErrorBody>().message).toBe("You've made too many requests. Please wait a moment before trying again.");
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);

      // The refused question was not stored; another user is not affected.
      const stored = await limited.app.inject({ method: 'GET', url: `/api/chat/sessions/${session.id}`, headers: user.headers });
      expect(stored.json<ChatSessionDetail>().messages).toHaveLength(4);
      await ask(other, (await newSession(other, limited)).id, { content: OUT_OF_SCOPE }, limited);
    } finally {
      await limited.close();
    }
  });
});

describe('SSE response headers', () => {
  test('carry the request id and the security headers although the reply is hijacked', async () => {
    const session = await newSession(standard);
    const response = await post(standard, `/chat/sessions/${session.id}/messages`, { content: OUT_OF_SCOPE });
    expect(response.headers['x-request-id']).toBeTruthy();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
