import { CHAT_MESSAGE_MAX_LENGTH } from '@verity/shared';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { documents, events } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { ask, askOverConnection, buildCitation, controlledEngine, engineControl, newSession, parseEvents, post } from '../../test/chat.ts';
import { buildDocument, buildLibraryTestApp, buildUser, type TestUser } from '../../test/factories.ts';
import { listEvents } from '../../test/events.ts';
import { readEvent, recordChatQuestion, recordEvent } from './service.ts';

const ELECTRICAL = 'How often must fixed electrical installations in a hospital be inspected and who signs off the work?';
const OUT_OF_SCOPE = 'What is the recommended paediatric dose of amoxicillin?';

let t: TestApp;
let guest: TestUser;

beforeAll(async () => {
  ({ t, guest } = await buildLibraryTestApp({ chatEngine: controlledEngine() }));
});

afterAll(async () => {
  await t.close();
});

const eventsOf = (user: TestUser, app: TestApp = t) => listEvents({ db: app.db, organisationId: user.user.organisationId });

describe('a chat question answered through the API', () => {
  test('records chat.question_asked for the organisation, user and conversation with the cited documents and their subdomains', async () => {
    const user = await buildUser(t);
    const session = await newSession(t, user);
    const { citations } = (await ask(t, user, session.id, { content: ELECTRICAL })).done.answer;
    expect(citations.length).toBeGreaterThan(0);

    const cited = [...new Set(citations.map((citation) => citation.document_id))].sort();
    const subdomains = await t.db.select({ subdomain: documents.subdomain }).from(documents).where(inArray(documents.id, cited));
    const expectedSubdomains = [...new Set(subdomains.map((row) => row.subdomain))].sort();
    expect(expectedSubdomains.length).toBeGreaterThan(0);

    const recorded = await eventsOf(user);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      organisationId: user.user.organisationId,
      actorUserId: user.user.id,
      subject: { type: 'chat_session', id: session.id },
      data: {},
      tool: 'chat',
      kind: 'chat.question_asked',
      documentIds: cited,
      subdomains: expectedSubdomains,
    });
  });

  test('an answer that finds nothing relevant still counts as a question, touching no documents', async () => {
    const user = await buildUser(t);
    expect((await ask(t, user, (await newSession(t, user)).id, { content: OUT_OF_SCOPE })).done.answer.citations).toEqual([]);
    const recorded = await eventsOf(user);
    expect(recorded.map((event) => [event.kind, event.documentIds, event.subdomains])).toEqual([['chat.question_asked', [], []]]);
  });

  test('regenerating and editing each answer the question again, so each counts', async () => {
    const user = await buildUser(t);
    const session = await newSession(t, user);
    const { done } = await ask(t, user, session.id, { content: OUT_OF_SCOPE });
    const again = await post(t, user, `/chat/sessions/${session.id}/messages/${done.answer.id}/regenerate`);
    expect(again.statusCode).toBe(200);
    const edited = await post(t, user, `/chat/sessions/${session.id}/messages/${done.question.id}/edit`, { content: ELECTRICAL });
    expect(edited.statusCode).toBe(200);
    const recorded = await eventsOf(user);
    expect(recorded).toHaveLength(3);
    expect(recorded.map((event) => event.subdomains.length > 0)).toEqual([false, false, true]);
  });

  test('refused questions record nothing: no token, guest, malformed, too long, not yours, missing, rate-limited', async () => {
    const user = await buildUser(t);
    const outsider = await buildUser(t);
    const session = await newSession(t, user);
    const url = `/chat/sessions/${session.id}/messages`;
    expect((await post(t, null, url, { content: ELECTRICAL })).statusCode).toBe(401);
    expect((await post(t, guest, url, { content: ELECTRICAL })).statusCode).toBe(403);
    expect((await post(t, user, '/chat/sessions/not-an-id/messages', { content: ELECTRICAL })).statusCode).toBe(422);
    expect((await post(t, user, url, { content: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) })).statusCode).toBe(422);
    expect((await post(t, outsider, url, { content: ELECTRICAL })).statusCode).toBe(404);
    expect((await post(t, user, `/chat/sessions/${newId()}/messages`, { content: ELECTRICAL })).statusCode).toBe(404);
    expect(await eventsOf(user)).toEqual([]);
    expect(await eventsOf(outsider)).toEqual([]);

    const limited = await buildTestApp({ CHAT_RATE_LIMIT_PER_MINUTE: '1' });
    try {
      const asker = await buildUser(limited);
      const own = await newSession(limited, asker);
      await ask(limited, asker, own.id, { content: OUT_OF_SCOPE });
      const refused = await post(limited, asker, `/chat/sessions/${own.id}/messages`, { content: OUT_OF_SCOPE });
      expect(refused.statusCode).toBe(429);
      expect(await eventsOf(asker, limited)).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });

  test('an answer that fails with an error records nothing', async () => {
    const user = await buildUser(t);
    const session = await newSession(t, user);
    engineControl.failAfterTokens = 1;
    try {
      const response = await post(t, user, `/chat/sessions/${session.id}/messages`, { content: ELECTRICAL });
      expect(parseEvents(response.body).at(-1)?.event).toBe('error');
    } finally {
      engineControl.failAfterTokens = -1;
    }
    expect(await eventsOf(user)).toEqual([]);
  });

  test('an answer stopped mid-stream counts as asked, with nothing cited', async () => {
    const user = await buildUser(t);
    const session = await newSession(t, user);
    engineControl.delayMs = 20;
    try {
      const answering = await askOverConnection(t, user, session.id, { content: ELECTRICAL });
      await answering.readUntil((received) => received.length > 0);
      answering.hangUp();
      await vi.waitFor(async () => expect(await eventsOf(user)).toHaveLength(1), { timeout: 5_000, interval: 50 });
    } finally {
      engineControl.delayMs = 0;
    }
    const [event] = await eventsOf(user);
    expect(event).toMatchObject({ tool: 'chat', kind: 'chat.question_asked', documentIds: [], subdomains: [] });
  });
});

describe('usage events and tenancy', () => {
  test("an organisation's events are not visible to another, and another's internal documents are never named", async () => {
    const mine = await buildUser(t);
    const theirs = await buildUser(t);
    const theirDocument = await buildDocument(t, {
      code: 'INT-USAGE-1',
      filename: 'int-usage-1.md',
      organisationId: theirs.user.organisationId,
    });
    const myDocument = await buildDocument(t, {
      code: 'INT-USAGE-2',
      filename: 'int-usage-2.md',
      organisationId: mine.user.organisationId,
    });
    const [external] = await t.db
      .select({ id: documents.id, subdomain: documents.subdomain })
      .from(documents)
      .where(eq(documents.code, 'HTM 06-01'));
    if (!external) throw new Error('HTM 06-01 is not in the seed corpus');

    const event = readEvent(
      await recordEvent(t.db, {
        kind: 'chat.question_asked',
        organisationId: mine.user.organisationId,
        actorUserId: mine.user.id,
        subject: { type: 'chat_session', id: newId() },
        data: {},
        documentIds: [external.id, theirDocument, myDocument, external.id, newId()],
      }),
    );
    expect(event.documentIds).toEqual([external.id, myDocument].sort());
    expect(event.subdomains).toEqual([...new Set([external.subdomain, 'HTM 06 Electrical services'])].sort());

    expect((await eventsOf(mine)).map((row) => row.id)).toEqual([event.id]);
    expect(await eventsOf(theirs)).toEqual([]);
    expect(await listEvents({ db: t.db, organisationId: mine.user.organisationId, tool: 'write' })).toEqual([]);
    expect(await listEvents({ db: t.db, organisationId: mine.user.organisationId, since: new Date(Date.now() + 60_000) })).toEqual([]);
  });

  test('a failure to record is logged with ids only and never thrown', async () => {
    const user = await buildUser(t);
    const error = vi.fn();
    const log = { error } as unknown as FastifyBaseLogger;
    const citation = buildCitation('A passage that must never reach the log.');
    // No such organisation: the insert fails on its foreign key.
    await expect(
      recordChatQuestion({ db: t.db, organisationId: newId(), userId: user.user.id, sessionId: newId(), citations: [citation], log }),
    ).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(error.mock.calls[0]?.[0] ?? {})).not.toContain('must never reach the log');
    expect(error.mock.calls[0]?.[1]).toBe('chat usage event could not be recorded');
    expect(await t.db.select().from(events).where(eq(events.actorUserId, user.user.id))).toEqual([]);
  });
});
