import {
  type ApiErrorBody,
  CHAT_DEFAULT_TITLE,
  CHAT_FEEDBACK_COMMENT_MAX_LENGTH,
  CHAT_SESSIONS_PAGE_SIZE,
  CHAT_TITLE_MAX_LENGTH,
  type ChatMessage,
  type ChatSessionDetail,
  type ChatSessionListResponse,
  type ChatSessionSummary,
} from '@verity/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chatMessages, chatSessions } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildCitation, newSession } from '../../test/chat.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';
import type { ConversationOwner } from '../../core/policies/conversations.ts';
import { appendMessage, createSession } from './conversations.ts';

let t: TestApp;
let guest: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  guest = await buildUser(t, { roles: ['guest'] });
});

afterAll(async () => {
  await t.close();
});

const ownerOf = (user: TestUser): ConversationOwner => ({ organisationId: user.user.organisationId, userId: user.user.id });

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

function call(user: TestUser | null, method: Method, url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: user?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function list(user: TestUser, query = ''): Promise<ChatSessionListResponse> {
  const response = await call(user, 'GET', `/chat/sessions${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<ChatSessionListResponse>();
}

const citation = buildCitation('Fixed installations should be inspected and tested at intervals.');

/** A question and its answer stored through the service, as the streaming endpoint will. */
async function exchange(user: TestUser, sessionId: string, question: string, answer: string) {
  const owner = ownerOf(user);
  const asked = await appendMessage({
    db: t.db,
    owner,
    sessionId,
    message: { role: 'user', content: question, filters: { category: [], domain: ['HTM'], subDomain: [] }, includeInternal: false },
  });
  const answered = await appendMessage({
    db: t.db,
    owner,
    sessionId,
    message: {
      role: 'assistant',
      content: answer,
      engine: 'builtin',
      citations: [citation],
      sources: [
        {
          n: 1,
          source: 'library',
          document_id: citation.document_id,
          code: citation.code,
          edition: '2017',
          element_ids: citation.element_ids,
          score: 0.9,
        },
      ],
    },
  });
  if (!asked || !answered) throw new Error('the conversation should exist');
  return { question: asked.message, answer: answered.message };
}

async function messageCount(sessionId: string): Promise<number> {
  return (await t.db.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.sessionId, sessionId))).length;
}

describe('access', () => {
  test('without a token every route is a 401', async () => {
    const id = newId();
    const responses = await Promise.all([
      call(null, 'POST', '/chat/sessions', {}),
      call(null, 'GET', '/chat/sessions'),
      call(null, 'GET', `/chat/sessions/${id}`),
      call(null, 'PATCH', `/chat/sessions/${id}`, { title: 'x' }),
      call(null, 'DELETE', `/chat/sessions/${id}`),
      call(null, 'POST', `/chat/sessions/${id}/messages/${newId()}/feedback`, { rating: 'up' }),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([401, 401, 401, 401, 401, 401]);
  });

  test('a guest is refused every route with a 403 and nothing is stored', async () => {
    const id = newId();
    const responses = await Promise.all([
      call(guest, 'POST', '/chat/sessions', {}),
      call(guest, 'GET', '/chat/sessions'),
      call(guest, 'GET', `/chat/sessions/${id}`),
      call(guest, 'PATCH', `/chat/sessions/${id}`, { title: 'x' }),
      call(guest, 'DELETE', `/chat/sessions/${id}`),
      call(guest, 'POST', `/chat/sessions/${id}/messages/${newId()}/feedback`, { rating: 'up' }),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(responses[0]?.json<ApiErrorBody>().message).toBe("You don't have permission to perform this action.");
    expect(await t.db.select().from(chatSessions).where(eq(chatSessions.userId, guest.user.id))).toEqual([]);
  });
});

describe('POST /api/chat/sessions', () => {
  test('creates a conversation with the default title until the first question names it', async () => {
    const user = await buildUser(t);
    const response = await call(user, 'POST', '/chat/sessions');
    expect(response.statusCode).toBe(201);
    const session = response.json<ChatSessionSummary>();
    expect(session).toEqual({
      id: expect.stringMatching(/^[0-9A-Z]{26}$/),
      title: CHAT_DEFAULT_TITLE,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      last_message_at: session.created_at,
      shared_at: null,
    });
    expect(response.headers.location).toBe(`/api/chat/sessions/${session.id}`);

    await exchange(user, session.id, '  How often must fixed electrical installations\nin a hospital be inspected?  ', 'Answer [1].');
    const detail = (await call(user, 'GET', `/chat/sessions/${session.id}`)).json<ChatSessionDetail>();
    expect(detail.title).toBe('How often must fixed electrical installations in a hospital be inspected?');
  });

  test('a given title is trimmed and kept when the first question is asked', async () => {
    const user = await buildUser(t);
    const session = await newSession(t, user, '   Electrical   safety  ');
    expect(session.title).toBe('Electrical safety');
    await exchange(user, session.id, 'Who signs off the work?', 'The authorised person [1].');
    expect((await call(user, 'GET', `/chat/sessions/${session.id}`)).json<ChatSessionDetail>().title).toBe('Electrical safety');
  });

  test('a blank, over-long or non-text title, or an unknown field, is a 422 and nothing is stored', async () => {
    const user = await buildUser(t);
    const cases: [unknown, string][] = [
      [{ title: '   ' }, 'Enter a title'],
      [{ title: 'x'.repeat(CHAT_TITLE_MAX_LENGTH + 1) }, `A title is at most ${CHAT_TITLE_MAX_LENGTH} characters`],
      [{ title: 42 }, 'Enter a title'],
      [{ title: 'Fine', owner: 'someone-else' }, 'Unknown field: owner'],
    ];
    for (const [payload, message] of cases) {
      const response = await call(user, 'POST', '/chat/sessions', payload);
      expect(response.statusCode).toBe(422);
      const body = response.json<ApiErrorBody>();
      expect(body.message).toBe(message);
      expect(body.detail?.[0]?.loc[0]).toBe('body');
    }
    expect(await t.db.select().from(chatSessions).where(eq(chatSessions.userId, user.user.id))).toEqual([]);
  });

  test('a title of exactly the limit is accepted', async () => {
    const user = await buildUser(t);
    expect((await newSession(t, user, 'y'.repeat(CHAT_TITLE_MAX_LENGTH))).title).toHaveLength(CHAT_TITLE_MAX_LENGTH);
  });
});

describe('GET /api/chat/sessions', () => {
  test('lists only the caller’s own conversations, latest activity first', async () => {
    const user = await buildUser(t);
    const colleague = await buildUser(t, { organisationId: user.user.organisationId });
    const first = await newSession(t, user, 'First');
    const second = await newSession(t, user, 'Second');
    const third = await newSession(t, user, 'Third');
    await newSession(t, colleague, 'Colleague’s');
    expect((await list(user)).sessions.map((session) => session.title)).toEqual(['Third', 'Second', 'First']);

    // A new message makes the oldest conversation the most recent.
    await exchange(user, first.id, 'Legionella risk assessment review interval?', 'Answer [1].');
    const listed = await list(user);
    expect(listed.sessions.map((session) => session.id)).toEqual([first.id, third.id, second.id]);
    expect(listed).toMatchObject({ page: 1, page_size: CHAT_SESSIONS_PAGE_SIZE, total: 3 });
    const [latest] = listed.sessions;
    expect(latest && latest.last_message_at > latest.created_at).toBe(true);
  });

  test('pages through conversations', async () => {
    const user = await buildUser(t);
    const count = CHAT_SESSIONS_PAGE_SIZE + 2;
    for (let i = 0; i < count; i++) await createSession({ db: t.db, owner: ownerOf(user), title: `Conversation ${i}` });
    const first = await list(user, '?page=1');
    const second = await list(user, '?page=2');
    expect(first.sessions).toHaveLength(CHAT_SESSIONS_PAGE_SIZE);
    expect(second.sessions.map((session) => session.title)).toEqual(['Conversation 1', 'Conversation 0']);
    expect(second).toMatchObject({ page: 2, total: count });
    expect((await list(user, '?page=3')).sessions).toEqual([]);
  });

  test('searches titles (case-insensitive substring) and message text (stemmed word prefixes)', async () => {
    const user = await buildUser(t);
    const outsider = await buildUser(t);
    const electrical = await newSession(t, user, 'Electrical inspections');
    const water = await newSession(t, user);
    await exchange(
      user,
      water.id,
      'How often should little-used outlets be flushed?',
      'Little-used outlets should be flushed at least weekly under the written scheme [1].',
    );
    const fire = await newSession(t, user, 'Fire doors');
    await exchange(user, fire.id, 'Who inspects fire doors?', 'A competent person inspects them every six months [1].');
    const theirs = await newSession(t, outsider, 'Electrical flushing outlets');
    await exchange(outsider, theirs.id, 'Flushing outlets weekly', 'Flushing outlets weekly [1].');

    const titles = async (q: string) => (await list(user, `?q=${encodeURIComponent(q)}`)).sessions.map((session) => session.id);
    expect(await titles('ELECTRICAL insp')).toEqual([electrical.id]);
    expect(await titles('trical')).toEqual([electrical.id]);
    expect(await titles('flushing')).toEqual([water.id]);
    expect(await titles('outlet week')).toEqual([water.id]);
    expect(await titles('written scheme')).toEqual([water.id]);
    expect(await titles('inspect')).toEqual([fire.id, electrical.id]);
    expect(await titles('six months competent')).toEqual([fire.id]);
    expect(await titles('weekly fire')).toEqual([]);
    // LIKE wildcards in a search are literal characters, not match-anything.
    expect(await titles('%')).toEqual([]);
    expect(await titles('_')).toEqual([]);
    expect(await titles("'); drop table chat_sessions; --")).toEqual([]);
    expect((await list(user, '?q=flushing')).total).toBe(1);
    // A blank search lists everything.
    expect((await list(user, '?q=%20%20')).total).toBe(3);
  });

  test('a malformed page or an over-long search is a 422', async () => {
    const user = await buildUser(t);
    for (const query of ['?page=0', '?page=two', '?page=-1', `?q=${'a'.repeat(201)}`]) {
      const response = await call(user, 'GET', `/chat/sessions${query}`);
      expect(response.statusCode).toBe(422);
      expect(response.json<ApiErrorBody>().detail?.[0]?.loc[0]).toBe('query');
    }
  });
});

describe('GET /api/chat/sessions/:id', () => {
  test('returns the conversation with its messages in order', async () => {
    const user = await buildUser(t);
    const session = await newSession(t, user);
    const { question, answer } = await exchange(user, session.id, 'Who is the authorised person?', 'The AP(E) appointed in writing [1].');
    const response = await call(user, 'GET', `/chat/sessions/${session.id}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json<ChatSessionDetail>();
    expect(detail.id).toBe(session.id);
    expect(detail.messages).toEqual([
      {
        id: question.id,
        position: 0,
        role: 'user',
        content: 'Who is the authorised person?',
        mode: 'answer',
        status: 'complete',
        engine: null,
        citations: [],
        filters: { category: [], domain: ['HTM'], subDomain: [] },
        include_internal: false,
        attachments: [],
        feedback: null,
        feedback_comment: null,
        created_at: expect.any(String),
      },
      {
        id: answer.id,
        position: 1,
        role: 'assistant',
        content: 'The AP(E) appointed in writing [1].',
        mode: 'answer',
        status: 'complete',
        engine: 'builtin',
        citations: [citation],
        filters: null,
        include_internal: true,
        attachments: [],
        feedback: null,
        feedback_comment: null,
        created_at: expect.any(String),
      },
    ]);
    // The retrieval sources are kept for audit but never sent to the browser.
    expect(response.body).not.toContain('"sources"');
    expect(response.body).not.toContain('"score"');
  });

  test('another user’s, another organisation’s and a missing conversation are the same 404', async () => {
    const owner = await buildUser(t);
    const colleague = await buildUser(t, { organisationId: owner.user.organisationId });
    const outsider = await buildUser(t);
    const session = await newSession(t, owner, 'Private');
    const bodies = [];
    for (const [user, id] of [
      [colleague, session.id],
      [outsider, session.id],
      [owner, newId()],
    ] as const) {
      const response = await call(user, 'GET', `/chat/sessions/${id}`);
      expect(response.statusCode).toBe(404);
      const { request_id: _, ...body } = response.json<ApiErrorBody>();
      bodies.push(body);
    }
    expect(bodies[0]).toEqual({ message: 'The requested conversation could not be found.' });
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
  });

  test('a malformed id is a 422', async () => {
    const user = await buildUser(t);
    for (const id of ['not-an-id', 'a'.repeat(27), '01ARZ3NDEKTSV4RRFFQ69G5FA%21']) {
      const response = await call(user, 'GET', `/chat/sessions/${id}`);
      expect(response.statusCode).toBe(422);
      expect(response.json<ApiErrorBody>().detail).toEqual([{ loc: ['params', 'id'], msg: 'A conversation id is 26 letters or digits' }]);
    }
  });
});

describe('PATCH /api/chat/sessions/:id', () => {
  test('renames the conversation, trimmed', async () => {
    const user = await buildUser(t);
    const session = await newSession(t, user);
    const response = await call(user, 'PATCH', `/chat/sessions/${session.id}`, { title: '  Water safety policy draft ' });
    expect(response.statusCode).toBe(200);
    expect(response.json<ChatSessionSummary>()).toMatchObject({ id: session.id, title: 'Water safety policy draft' });
    expect((await list(user)).sessions[0]?.title).toBe('Water safety policy draft');
  });

  test('a renamed conversation keeps its name when the first question is asked', async () => {
    const user = await buildUser(t);
    const session = await newSession(t, user);
    await call(user, 'PATCH', `/chat/sessions/${session.id}`, { title: 'Ventilation' });
    await exchange(user, session.id, 'What air change rate does an operating theatre need?', 'Answer [1].');
    expect((await call(user, 'GET', `/chat/sessions/${session.id}`)).json<ChatSessionDetail>().title).toBe('Ventilation');
  });

  test('a blank, over-long or missing title, or an unknown field, is a 422 and the title is unchanged', async () => {
    const user = await buildUser(t);
    const session = await newSession(t, user, 'Original');
    for (const payload of [
      { title: '' },
      { title: ' \n ' },
      { title: 'z'.repeat(CHAT_TITLE_MAX_LENGTH + 1) },
      {},
      { title: 'New', pinned: true },
    ]) {
      const response = await call(user, 'PATCH', `/chat/sessions/${session.id}`, payload);
      expect(response.statusCode).toBe(422);
    }
    expect((await call(user, 'GET', `/chat/sessions/${session.id}`)).json<ChatSessionDetail>().title).toBe('Original');
  });

  test('another user’s or organisation’s conversation is a 404 and is not renamed', async () => {
    const owner = await buildUser(t);
    const colleague = await buildUser(t, { organisationId: owner.user.organisationId });
    const outsider = await buildUser(t);
    const session = await newSession(t, owner, 'Mine');
    for (const user of [colleague, outsider]) {
      expect((await call(user, 'PATCH', `/chat/sessions/${session.id}`, { title: 'Taken over' })).statusCode).toBe(404);
    }
    expect((await call(owner, 'PATCH', `/chat/sessions/${newId()}`, { title: 'Nothing' })).statusCode).toBe(404);
    expect((await call(owner, 'PATCH', '/chat/sessions/bad-id', { title: 'Nothing' })).statusCode).toBe(422);
    expect((await call(owner, 'GET', `/chat/sessions/${session.id}`)).json<ChatSessionDetail>().title).toBe('Mine');
  });
});

describe('DELETE /api/chat/sessions/:id', () => {
  test('deletes the conversation and its messages; a second delete is a 404', async () => {
    const user = await buildUser(t);
    const session = await newSession(t, user);
    const kept = await newSession(t, user, 'Kept');
    await exchange(user, session.id, 'Question one', 'Answer one [1].');
    await exchange(user, session.id, 'Question two', 'Answer two [1].');
    await exchange(user, kept.id, 'Question three', 'Answer three [1].');
    expect(await messageCount(session.id)).toBe(4);

    const response = await call(user, 'DELETE', `/chat/sessions/${session.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await messageCount(session.id)).toBe(0);
    expect(await messageCount(kept.id)).toBe(2);
    expect((await call(user, 'GET', `/chat/sessions/${session.id}`)).statusCode).toBe(404);
    expect((await list(user)).sessions.map((listed) => listed.id)).toEqual([kept.id]);
    expect((await call(user, 'DELETE', `/chat/sessions/${session.id}`)).statusCode).toBe(404);
  });

  test('another user’s or organisation’s conversation is a 404 and survives', async () => {
    const owner = await buildUser(t);
    const colleague = await buildUser(t, { organisationId: owner.user.organisationId });
    const outsider = await buildUser(t);
    const session = await newSession(t, owner);
    await exchange(owner, session.id, 'Question', 'Answer [1].');
    for (const user of [colleague, outsider]) {
      expect((await call(user, 'DELETE', `/chat/sessions/${session.id}`)).statusCode).toBe(404);
    }
    expect((await call(owner, 'DELETE', '/chat/sessions/short')).statusCode).toBe(422);
    expect((await call(owner, 'GET', `/chat/sessions/${session.id}`)).statusCode).toBe(200);
    expect(await messageCount(session.id)).toBe(2);
  });
});

describe('POST /api/chat/sessions/:id/messages/:messageId/feedback', () => {
  const feedbackUrl = (sessionId: string, messageId: string) => `/chat/sessions/${sessionId}/messages/${messageId}/feedback`;

  test('records a rating with a comment, replaces it, and withdraws it', async () => {
    const user = await buildUser(t);
    const session = await newSession(t, user);
    const { answer } = await exchange(user, session.id, 'Question', 'Answer [1].');

    const down = await call(user, 'POST', feedbackUrl(session.id, answer.id), { rating: 'down', comment: '  Cites the 2007 edition.  ' });
    expect(down.statusCode).toBe(200);
    expect(down.json<ChatMessage>()).toMatchObject({ id: answer.id, feedback: 'down', feedback_comment: 'Cites the 2007 edition.' });

    const up = await call(user, 'POST', feedbackUrl(session.id, answer.id), { rating: 'up' });
    expect(up.json<ChatMessage>()).toMatchObject({ feedback: 'up', feedback_comment: null });

    const withdrawn = await call(user, 'POST', feedbackUrl(session.id, answer.id), { rating: null });
    expect(withdrawn.json<ChatMessage>()).toMatchObject({ feedback: null, feedback_comment: null });

    await call(user, 'POST', feedbackUrl(session.id, answer.id), { rating: 'up', comment: 'Clear and cited.' });
    const stored = (await call(user, 'GET', `/chat/sessions/${session.id}`)).json<ChatSessionDetail>();
    expect(stored.messages[1]).toMatchObject({ feedback: 'up', feedback_comment: 'Clear and cited.' });
  });

  test('invalid feedback is a 422 and the answer keeps its feedback', async () => {
    const user = await buildUser(t);
    const session = await newSession(t, user);
    const { question, answer } = await exchange(user, session.id, 'Question', 'Answer [1].');
    await call(user, 'POST', feedbackUrl(session.id, answer.id), { rating: 'up', comment: 'Useful' });

    const cases: [unknown, string][] = [
      [{ rating: 'sideways' }, "The rating is 'up' or 'down'"],
      [{}, "The rating is 'up' or 'down'"],
      [
        { rating: 'down', comment: 'c'.repeat(CHAT_FEEDBACK_COMMENT_MAX_LENGTH + 1) },
        `A comment is at most ${CHAT_FEEDBACK_COMMENT_MAX_LENGTH} characters`,
      ],
      [{ rating: null, comment: 'Why?' }, 'A comment needs a rating'],
      [{ rating: 'down', score: 1 }, 'Unknown field: score'],
    ];
    for (const [payload, message] of cases) {
      const response = await call(user, 'POST', feedbackUrl(session.id, answer.id), payload);
      expect(response.statusCode).toBe(422);
      expect(response.json<ApiErrorBody>().message).toBe(message);
    }
    const onQuestion = await call(user, 'POST', feedbackUrl(session.id, question.id), { rating: 'up' });
    expect(onQuestion.statusCode).toBe(422);
    expect(onQuestion.json<ApiErrorBody>().detail).toEqual([
      { loc: ['params', 'messageId'], msg: 'Feedback can only be given on an answer' },
    ]);
    expect((await call(user, 'POST', feedbackUrl(session.id, 'nope'), { rating: 'up' })).statusCode).toBe(422);
    expect((await call(user, 'POST', feedbackUrl('nope', answer.id), { rating: 'up' })).statusCode).toBe(422);

    const stored = (await call(user, 'GET', `/chat/sessions/${session.id}`)).json<ChatSessionDetail>();
    expect(stored.messages.map((message) => [message.feedback, message.feedback_comment])).toEqual([
      [null, null],
      ['up', 'Useful'],
    ]);
  });

  test('a comment of exactly the limit is accepted', async () => {
    const user = await buildUser(t);
    const session = await newSession(t, user);
    const { answer } = await exchange(user, session.id, 'Question', 'Answer [1].');
    const comment = 'c'.repeat(CHAT_FEEDBACK_COMMENT_MAX_LENGTH);
    const response = await call(user, 'POST', feedbackUrl(session.id, answer.id), { rating: 'down', comment });
    expect(response.json<ChatMessage>().feedback_comment).toBe(comment);
  });

  test('another user’s answer, an answer of another conversation and a missing one are the same 404', async () => {
    const owner = await buildUser(t);
    const colleague = await buildUser(t, { organisationId: owner.user.organisationId });
    const outsider = await buildUser(t);
    const session = await newSession(t, owner);
    const other = await newSession(t, owner);
    const { answer } = await exchange(owner, session.id, 'Question', 'Answer [1].');
    const attempts: [TestUser, string, string][] = [
      [colleague, session.id, answer.id],
      [outsider, session.id, answer.id],
      [owner, other.id, answer.id],
      [owner, session.id, newId()],
    ];
    for (const [user, sessionId, messageId] of attempts) {
      const response = await call(user, 'POST', feedbackUrl(sessionId, messageId), { rating: 'down', comment: 'Not mine' });
      expect(response.statusCode).toBe(404);
      expect(response.json<ApiErrorBody>().message).toBe('The requested message could not be found.');
    }
    const stored = (await call(owner, 'GET', `/chat/sessions/${session.id}`)).json<ChatSessionDetail>();
    expect(stored.messages[1]).toMatchObject({ feedback: null, feedback_comment: null });
  });
});
