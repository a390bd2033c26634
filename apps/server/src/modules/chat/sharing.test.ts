import type { ChatSessionListResponse, ChatSessionSummary, ChatSharedSession } from '@verity/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { events } from '../../db/schema.ts';
import { CONVERSATION_NOT_FOUND } from '../../core/policies/conversations.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { ask, newSession, post } from '../../test/chat.ts';
import { listEvents } from '../../test/events.ts';
import { buildOrganisation, buildUser, type TestUser } from '../../test/factories.ts';

/**
 * Sharing a conversation read-only with the organisation: only its owner shares and stops
 * sharing; while it is shared every signed-in member of the organisation (guests too) reads it
 * through /api/chat/shared/{id}, and nobody else; private again, it is a 404 like a missing one.
 */

let t: TestApp;
let organisationId: string;
let owner: TestUser;
let colleague: TestUser;
let guest: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  organisationId = (await buildOrganisation(t)).id;
  owner = await buildUser(t, { organisationId, firstname: 'Priya' });
  colleague = await buildUser(t, { organisationId, firstname: 'Sam' });
  guest = await buildUser(t, { organisationId, roles: ['guest'], firstname: 'Gail' });
  outsider = await buildUser(t, { roles: ['standard', 'guest', 'champion', 'verity_admin'] });
});

afterAll(async () => {
  await t.close();
});

const share = (user: TestUser | null, id: string) => post(t, user, `/chat/sessions/${id}/share`);
const unshare = (user: TestUser | null, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/chat/sessions/${id}/share`, headers: user?.headers ?? {} });
const readShared = (user: TestUser | null, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/chat/shared/${id}`, headers: user?.headers ?? {} });

async function totalEvents(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(events);
  return Number(row?.n ?? 0);
}

/** A conversation of the owner's with one answered question, the answer rated by the owner. */
async function answeredConversation(): Promise<{ id: string; answerId: string }> {
  const { id } = await newSession(t, owner, 'Legionella checks');
  const { done } = await ask(t, owner, id, { content: 'How often should sentinel outlets be checked?' });
  if (!done) throw new Error('the question was not answered');
  const rated = await post(t, owner, `/chat/sessions/${id}/messages/${done.answer.id}/feedback`, { rating: 'up', comment: 'Useful' });
  expect(rated.statusCode).toBe(200);
  return { id, answerId: done.answer.id };
}

describe('sharing a conversation', () => {
  test('the owner shares it: colleagues and guests of the organisation read it, without the owner’s ratings', async () => {
    const { id, answerId } = await answeredConversation();
    expect((await readShared(colleague, id)).statusCode).toBe(404);

    const shared = await share(owner, id);
    expect(shared.statusCode, shared.body).toBe(200);
    const summary = shared.json<ChatSessionSummary>();
    expect(summary).toMatchObject({ id, title: 'Legionella checks' });
    expect(Date.parse(summary.shared_at ?? '')).not.toBeNaN();

    for (const reader of [colleague, guest, owner]) {
      const response = await readShared(reader, id);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<ChatSharedSession>();
      expect(body).toMatchObject({ id, title: 'Legionella checks', shared_at: summary.shared_at, shared_by: { name: 'Priya Morgan' } });
      expect(body.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
      const answer = body.messages.find((message) => message.id === answerId);
      expect(answer?.content.length).toBeGreaterThan(0);
      expect(answer).toMatchObject({ feedback: null, feedback_comment: null });
    }

    // Reading it does not make it the reader's: their own routes still refuse it.
    const own = await t.app.inject({ method: 'GET', url: `/api/chat/sessions/${id}`, headers: colleague.headers });
    expect(own.statusCode).toBe(404);
    const asked = await post(t, colleague, `/chat/sessions/${id}/messages`, { content: 'And the temperatures?' });
    expect(asked.statusCode).toBe(404);

    const [event] = await listEvents({ db: t.db, organisationId, kind: 'chat.conversation_shared' });
    expect(event).toMatchObject({ actorUserId: owner.user.id, subject: { type: 'chat_session', id }, data: {} });
  });

  test('the owner’s list shows which conversations are shared', async () => {
    const shared = await newSession(t, owner, 'Shared fire doors');
    const kept = await newSession(t, owner, 'Private fire doors');
    expect((await share(owner, shared.id)).statusCode).toBe(200);
    const response = await t.app.inject({ method: 'GET', url: '/api/chat/sessions?q=fire doors', headers: owner.headers });
    const { sessions } = response.json<ChatSessionListResponse>();
    const byId = new Map(sessions.map((session) => [session.id, session.shared_at]));
    expect(byId.get(shared.id)).toEqual(expect.any(String));
    expect(byId.get(kept.id)).toBeNull();
  });

  test('sharing twice changes nothing; unsharing makes it private again and records one event each way', async () => {
    const { id } = await newSession(t, owner, 'Gas safety');
    const first = (await share(owner, id)).json<ChatSessionSummary>();
    const again = await share(owner, id);
    expect(again.statusCode).toBe(200);
    expect(again.json<ChatSessionSummary>().shared_at).toBe(first.shared_at);

    const stopped = await unshare(owner, id);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json<ChatSessionSummary>().shared_at).toBeNull();
    expect((await unshare(owner, id)).statusCode).toBe(200);

    for (const reader of [colleague, guest]) {
      const response = await readShared(reader, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: CONVERSATION_NOT_FOUND });
    }
    const about = (kind: 'chat.conversation_shared' | 'chat.conversation_unshared') =>
      listEvents({ db: t.db, organisationId, kind }).then((found) => found.filter((event) => event.subject?.id === id));
    expect(await about('chat.conversation_shared')).toHaveLength(1);
    expect(await about('chat.conversation_unshared')).toHaveLength(1);
  });

  test('another organisation’s user cannot read, share or unshare it: 404 like a missing conversation', async () => {
    const { id } = await newSession(t, owner, 'Asbestos register');
    expect((await share(owner, id)).statusCode).toBe(200);
    const before = await totalEvents();
    for (const response of [await readShared(outsider, id), await share(outsider, id), await unshare(outsider, id)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: CONVERSATION_NOT_FOUND });
    }
    expect(await totalEvents()).toBe(before);
  });

  test('only the owner shares or stops sharing: a colleague gets 404, a guest 403, and nothing changes', async () => {
    const { id } = await newSession(t, owner, 'Pressure systems');
    const before = await totalEvents();
    expect((await share(colleague, id)).statusCode).toBe(404);
    expect((await share(guest, id)).statusCode).toBe(403);
    expect((await readShared(colleague, id)).statusCode).toBe(404);

    expect((await share(owner, id)).statusCode).toBe(200);
    const afterSharing = await totalEvents();
    expect(afterSharing).toBe(before + 1);
    expect((await unshare(colleague, id)).statusCode).toBe(404);
    expect((await unshare(guest, id)).statusCode).toBe(403);
    expect((await readShared(guest, id)).statusCode).toBe(200);
    expect(await totalEvents()).toBe(afterSharing);
  });

  test('without a session every sharing call is 401; a malformed id is 422; an unknown id 404', async () => {
    const { id } = await newSession(t, owner, 'Lifts');
    for (const response of [await share(null, id), await unshare(null, id), await readShared(null, id)]) {
      expect(response.statusCode).toBe(401);
    }
    for (const response of [await share(owner, 'not-an-id'), await unshare(owner, 'not-an-id'), await readShared(guest, 'not-an-id')]) {
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ detail: [{ loc: ['params', 'id'] }] });
    }
    const unknown = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
    for (const response of [await share(owner, unknown), await unshare(owner, unknown), await readShared(guest, unknown)]) {
      expect(response.statusCode).toBe(404);
    }
  });

  test('a deleted shared conversation is gone for readers too', async () => {
    const { id } = await newSession(t, owner, 'Ventilation');
    expect((await share(owner, id)).statusCode).toBe(200);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/chat/sessions/${id}`, headers: owner.headers });
    expect(deleted.statusCode).toBe(204);
    expect((await readShared(colleague, id)).statusCode).toBe(404);
  });
});
