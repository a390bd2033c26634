import { type ApiErrorBody, CHAT_MESSAGE_MAX_LENGTH, type ChatSessionDetail, type DocumentResponse } from '@verity/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { chatMessages } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import {
  ask,
  askOverConnection,
  controlledEngine,
  engineControl,
  newSession,
  only,
  parseEvents,
  post,
  type Streamed,
  sessionDetail,
  storedMessages,
  streamed,
} from '../../test/chat.ts';
import { buildLibraryTestApp, buildUser, type TestUser } from '../../test/factories.ts';

const ELECTRICAL = 'How often must fixed electrical installations in a hospital be inspected and who signs off the work?';
const OUT_OF_SCOPE = 'What is the recommended paediatric dose of amoxicillin?';

let t: TestApp;
let standard: TestUser;
let guest: TestUser;

beforeAll(async () => {
  ({ t, standard, guest } = await buildLibraryTestApp({ chatEngine: controlledEngine() }));
});

afterAll(async () => {
  await t.close();
});

const codesOf = (answer: Streamed) => answer.citations.map((citation) => citation.code);

describe('POST /api/chat/sessions/:id/messages', () => {
  test('streams a cited answer over the library, stores both messages and names the conversation', async () => {
    const session = await newSession(t, standard);
    const answer = await ask(t, standard, session.id, { content: ELECTRICAL });

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

    const conversation = await sessionDetail(t, standard, session.id);
    expect(conversation.title).toBe(summary.title);
    expect(conversation.messages).toEqual([question, stored]);

    // The retrieval sources are kept with the answer for audit, and not sent to the browser.
    const [row] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, stored.id));
    expect(row?.sources.length).toBeGreaterThan(0);
    expect(row?.sources.map((source) => source.document_id)).toEqual(expect.arrayContaining(answer.citations.map((c) => c.document_id)));
    expect(JSON.stringify(conversation)).not.toContain('"sources"');
  });

  test('reads a follow-up in the light of the earlier question', async () => {
    const session = await newSession(t, standard);
    await ask(t, standard, session.id, { content: ELECTRICAL });
    const followUp = await ask(t, standard, session.id, { content: 'and for medical locations?' });
    // Medical locations are Section 710 of the wiring standard, and HTM 06-01's healthcare regime.
    expect(codesOf(followUp).filter((code) => code === 'HTM 06-01' || code === 'BS 7671')).not.toEqual([]);
    expect(followUp.text.toLowerCase()).toContain('medical location');
    expect(followUp.done.answer.position).toBe(3);

    // The same words opening a conversation have no earlier question to lean on ("and for medical
    // locations?" alone is answered from the electrical documents too, so a question that names no subject shows it).
    const inContext = await ask(t, standard, session.id, { content: 'and who signs it off?' });
    const fresh = await ask(t, standard, (await newSession(t, standard)).id, { content: 'and who signs it off?' });
    expect(codesOf(fresh)).not.toEqual(codesOf(inContext));
  });

  test('declines an out-of-scope question plainly, with no citations', async () => {
    const session = await newSession(t, standard);
    const answer = await ask(t, standard, session.id, { content: OUT_OF_SCOPE });
    expect(answer.citations).toEqual([]);
    expect(answer.text).toContain('I could not find anything in the library that answers this question');
    expect(answer.text).not.toMatch(/\[\d+\]/);
    expect(answer.done.answer).toMatchObject({ status: 'complete', citations: [], engine: 'builtin' });
  });

  test('keeps the mode, filters and include_internal of the question', async () => {
    const session = await newSession(t, standard);
    const filters = { category: [], domain: ['HTM'], subDomain: [] };
    const answer = await ask(t, standard, session.id, { content: ELECTRICAL, mode: 'draft', filters, include_internal: false });
    expect(answer.done.question).toMatchObject({ mode: 'draft', filters, include_internal: false });
    expect(answer.done.answer.mode).toBe('draft');
  });

  test('answers a request for a draft as a draft even when sent in answer mode', async () => {
    const session = await newSession(t, standard);
    const answer = await ask(t, standard, session.id, {
      content: 'Draft the responsibilities section of a water safety policy for a community hospital',
      mode: 'answer',
    });
    expect(answer.done.question.mode).toBe('draft');
    expect(answer.done.answer.mode).toBe('draft');
    expect(answer.text).not.toContain('I could not find anything in the library');
    expect(answer.text).toMatch(/^#+ /m);
    expect(codesOf(answer)).toContain('HTM 04-01 Part B');
    // A question stays a question.
    const question = await ask(t, standard, session.id, { content: 'Who should be on the Water Safety Group?', mode: 'answer' });
    expect(question.done.question.mode).toBe('answer');
  });

  test('refuses without a token, for a guest, and for anyone else’s conversation, changing nothing', async () => {
    const session = await newSession(t, standard);
    const colleague = await buildUser(t, { organisationId: standard.user.organisationId });
    const outsider = await buildUser(t);
    const url = `/chat/sessions/${session.id}/messages`;

    expect((await post(t, null, url, { content: ELECTRICAL })).statusCode).toBe(401);
    expect((await post(t, guest, url, { content: ELECTRICAL })).statusCode).toBe(403);
    for (const user of [colleague, outsider]) {
      const response = await post(t, user, url, { content: ELECTRICAL });
      expect(response.statusCode).toBe(404);
      expect(response.json<ApiErrorBody>().message).toBe('The requested conversation could not be found.');
    }
    const missing = await post(t, standard, `/chat/sessions/${newId()}/messages`, { content: ELECTRICAL });
    expect(missing.statusCode).toBe(404);
    expect((await sessionDetail(t, standard, session.id)).messages).toEqual([]);
  });

  test('refuses malformed ids and bodies with 422 naming the field, changing nothing', async () => {
    const session = await newSession(t, standard);
    const url = `/chat/sessions/${session.id}/messages`;

    const malformed = await post(t, standard, '/chat/sessions/not-an-id/messages', { content: ELECTRICAL });
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
        'An attachment could not be found in this conversation',
      ],
      [{ content: ELECTRICAL, engine: 'other' }, ['body'], 'Unknown field: engine'],
    ];
    for (const [payload, loc, msg] of cases) {
      const response = await post(t, standard, url, payload);
      expect(response.statusCode).toBe(422);
      const body = response.json<ApiErrorBody>();
      expect(body.detail).toEqual([{ loc, msg }]);
      expect(body.message).toBe(msg);
      expect(body.request_id).toBeTruthy();
    }
    expect((await sessionDetail(t, standard, session.id)).messages).toEqual([]);
  });

  test('an engine failure mid-stream ends with an error event and an answer marked error', async () => {
    const session = await newSession(t, standard);
    engineControl.failAfterTokens = 2;
    let response: Awaited<ReturnType<typeof post>>;
    try {
      response = await post(t, standard, `/chat/sessions/${session.id}/messages`, { content: ELECTRICAL });
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

    const messages = (await sessionDetail(t, standard, session.id)).messages;
    expect(messages.map((message) => [message.role, message.status, message.content, message.citations])).toEqual([
      ['user', 'complete', ELECTRICAL, []],
      ['assistant', 'error', '', []],
    ]);
  });
});

describe('a conversation deleted while it is being answered', () => {
  test('ends the stream with an error event and stores nothing', async () => {
    const session = await newSession(t, standard);
    engineControl.delayMs = 10;
    try {
      const answering = post(t, standard, `/chat/sessions/${session.id}/messages`, { content: ELECTRICAL });
      await vi.waitFor(async () => expect((await sessionDetail(t, standard, session.id)).messages).toHaveLength(1), {
        timeout: 5_000,
        interval: 10,
      });
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
    const session = await newSession(t, standard);
    engineControl.delayMs = 20;
    try {
      const answering = await askOverConnection(t, standard, session.id, { content: ELECTRICAL });
      expect(answering.response.status).toBe(200);
      expect(answering.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      const received = await answering.readUntil((text) => text.includes('\n\n'));
      expect(received.startsWith('event: token\n')).toBe(true);
      answering.hangUp();

      // The server notices the closed connection, stops and stores what it had sent.
      const [, answer] = await storedMessages(t, standard, session.id, 2);
      expect(answer).toMatchObject({ role: 'assistant', status: 'stopped', engine: 'builtin', citations: [] });
      expect(answer?.content.length).toBeGreaterThan(0);

      // Shorter than the full answer, which the same question gets when it is not stopped.
      engineControl.delayMs = 0;
      const full = await ask(t, standard, (await newSession(t, standard)).id, { content: ELECTRICAL });
      expect(answer?.content.length).toBeLessThan(full.text.length);
      expect(full.text.startsWith(answer?.content.slice(0, 20) ?? '?')).toBe(true);
    } finally {
      engineControl.delayMs = 0;
    }
  });
});

describe('regenerate and edit', () => {
  test('regenerate replaces the last answer with a new one to the same question', async () => {
    const session = await newSession(t, standard);
    const first = await ask(t, standard, session.id, { content: ELECTRICAL });
    const url = `/chat/sessions/${session.id}/messages/${first.done.answer.id}/regenerate`;
    const again = streamed(await post(t, standard, url));
    expect(again.done.question).toEqual(first.done.question);
    expect(again.done.answer.id).not.toBe(first.done.answer.id);
    expect(again.done.answer).toMatchObject({ position: 1, status: 'complete', content: first.text });
    expect(again.citations).toEqual(first.citations);

    const messages = (await sessionDetail(t, standard, session.id)).messages;
    expect(messages.map((message) => message.id)).toEqual([first.done.question.id, again.done.answer.id]);
  });

  test('regenerating an earlier answer drops what followed and keeps the history before it', async () => {
    const session = await newSession(t, standard);
    await ask(t, standard, session.id, { content: ELECTRICAL });
    const followUp = await ask(t, standard, session.id, { content: 'and for medical locations?' });
    await ask(t, standard, session.id, { content: OUT_OF_SCOPE });
    const again = streamed(await post(t, standard, `/chat/sessions/${session.id}/messages/${followUp.done.answer.id}/regenerate`));
    // Still read as a follow-up of the first question.
    expect(again.text).toBe(followUp.text);
    expect((await sessionDetail(t, standard, session.id)).messages.map((message) => message.position)).toEqual([0, 1, 2, 3]);
  });

  test('edit replaces a question, drops what followed and answers the new text', async () => {
    const session = await newSession(t, standard);
    const first = await ask(t, standard, session.id, { content: OUT_OF_SCOPE, filters: { category: [], domain: ['HTM'], subDomain: [] } });
    await ask(t, standard, session.id, { content: 'and for medical locations?' });
    const url = `/chat/sessions/${session.id}/messages/${first.done.question.id}/edit`;
    const edited = streamed(await post(t, standard, url, { content: `  ${ELECTRICAL} ` }));
    expect(edited.done.question).toMatchObject({ id: first.done.question.id, content: ELECTRICAL, position: 0 });
    expect(edited.done.question.filters).toEqual({ category: [], domain: ['HTM'], subDomain: [] });
    expect(codesOf(edited)).toContain('HTM 06-01');

    const messages = (await sessionDetail(t, standard, session.id)).messages;
    expect(messages.map((message) => [message.position, message.role, message.content])).toEqual([
      [0, 'user', ELECTRICAL],
      [1, 'assistant', edited.text],
    ]);
  });

  test('refuses the wrong kind of message, other people’s and malformed ids, and bad bodies', async () => {
    const session = await newSession(t, standard);
    const { done } = await ask(t, standard, session.id, { content: ELECTRICAL });
    const base = `/chat/sessions/${session.id}/messages`;
    const outsider = await buildUser(t);

    const wrongKind = [
      await post(t, standard, `${base}/${done.question.id}/regenerate`),
      await post(t, standard, `${base}/${done.answer.id}/edit`, { content: 'Something else?' }),
    ];
    expect(wrongKind.map((response) => response.json<ApiErrorBody>().detail?.[0]?.msg)).toEqual([
      'Only an answer can be regenerated',
      'Only a question can be edited',
    ]);
    expect(wrongKind.map((response) => response.statusCode)).toEqual([422, 422]);

    expect((await post(t, null, `${base}/${done.answer.id}/regenerate`)).statusCode).toBe(401);
    expect((await post(t, guest, `${base}/${done.answer.id}/regenerate`)).statusCode).toBe(403);
    expect((await post(t, outsider, `${base}/${done.answer.id}/regenerate`)).statusCode).toBe(404);
    expect((await post(t, outsider, `${base}/${done.question.id}/edit`, { content: 'Mine now?' })).statusCode).toBe(404);
    expect((await post(t, standard, `${base}/${newId()}/regenerate`)).statusCode).toBe(404);
    expect((await post(t, standard, `${base}/not-an-id/regenerate`)).statusCode).toBe(422);
    const long = await post(t, standard, `${base}/${done.question.id}/edit`, { content: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) });
    expect(long.statusCode).toBe(422);
    expect(long.json<ApiErrorBody>().detail).toEqual([
      { loc: ['body', 'content'], msg: `A message is at most ${CHAT_MESSAGE_MAX_LENGTH} characters` },
    ]);
    const extra = await post(t, standard, `${base}/${done.question.id}/edit`, { content: 'ok?', mode: 'draft' });
    expect(extra.statusCode).toBe(422);

    const messages = (await sessionDetail(t, standard, session.id)).messages;
    expect(messages).toEqual([done.question, done.answer]);
  });
});

describe('rate limit', () => {
  test('each user may ask a set number of questions a minute; then 429 with Retry-After', async () => {
    const limited = await buildTestApp({ CHAT_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const user = await buildUser(limited);
      const other = await buildUser(limited);
      const session = await newSession(limited, user);
      await ask(limited, user, session.id, { content: OUT_OF_SCOPE });
      await ask(limited, user, session.id, { content: OUT_OF_SCOPE });
      const refused = await post(limited, user, `/chat/sessions/${session.id}/messages`, { content: OUT_OF_SCOPE });
      expect(refused.statusCode).toBe(429);
      expect(refused.json<ApiErrorBody>().message).toBe("You've made too many requests. Please wait a moment before trying again.");
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);

      // The refused question was not stored; another user is not affected.
      const stored = await limited.app.inject({ method: 'GET', url: `/api/chat/sessions/${session.id}`, headers: user.headers });
      expect(stored.json<ChatSessionDetail>().messages).toHaveLength(4);
      await ask(limited, other, (await newSession(limited, other)).id, { content: OUT_OF_SCOPE });
    } finally {
      await limited.close();
    }
  });
});

describe('SSE response headers', () => {
  test('carry the request id and the security headers although the reply is hijacked', async () => {
    const session = await newSession(t, standard);
    const response = await post(t, standard, `/chat/sessions/${session.id}/messages`, { content: OUT_OF_SCOPE });
    expect(response.headers['x-request-id']).toBeTruthy();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
