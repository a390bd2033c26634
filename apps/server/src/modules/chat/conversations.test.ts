import { CHAT_DEFAULT_TITLE } from '@verity/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chatMessages, chatSessions } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildUser } from '../../test/factories.ts';
import { CONVERSATION_NOT_FOUND, type ConversationOwner } from '../../core/policies/conversations.ts';
import { appendMessage, createSession, getSession, matchesSearch, titleFromQuestion, truncateAfter } from './conversations.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

async function newOwner(organisationId?: string): Promise<ConversationOwner> {
  const { user } = await buildUser(t, organisationId ? { organisationId } : {});
  return { organisationId: user.organisationId, userId: user.id };
}

async function contents(sessionId: string): Promise<string[]> {
  const rows = await t.db
    .select({ content: chatMessages.content })
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId))
    .orderBy(asc(chatMessages.position));
  return rows.map((row) => row.content);
}

async function conversation(owner: ConversationOwner, turns: string[]) {
  const session = await createSession({ db: t.db, owner });
  const ids: string[] = [];
  for (const [index, content] of turns.entries()) {
    const appended = await appendMessage({
      db: t.db,
      owner,
      sessionId: session.id,
      message: { role: index % 2 === 0 ? 'user' : 'assistant', content },
    });
    if (!appended) throw new Error('the conversation should exist');
    ids.push(appended.message.id);
  }
  return { sessionId: session.id, ids };
}

describe('appendMessage', () => {
  test('numbers messages from 0, records the activity and refuses a conversation that is not the caller’s', async () => {
    const owner = await newOwner();
    const session = await createSession({ db: t.db, owner });
    const first = await appendMessage({ db: t.db, owner, sessionId: session.id, message: { role: 'user', content: 'First question' } });
    const second = await appendMessage({ db: t.db, owner, sessionId: session.id, message: { role: 'assistant', content: 'First answer' } });
    expect([first?.message.position, second?.message.position]).toEqual([0, 1]);
    expect(second?.session.lastMessageAt).toEqual(second?.message.createdAt);
    expect(first?.session.title).toBe('First question');

    const colleague = await newOwner(owner.organisationId);
    const outsider = await newOwner();
    for (const other of [colleague, outsider, { ...owner, organisationId: outsider.organisationId }]) {
      expect(
        await appendMessage({ db: t.db, owner: other, sessionId: session.id, message: { role: 'user', content: 'Intrusion' } }),
      ).toBeNull();
    }
    expect(await contents(session.id)).toEqual(['First question', 'First answer']);
  });

  test('concurrent appends to one conversation get consecutive positions', async () => {
    const owner = await newOwner();
    const session = await createSession({ db: t.db, owner });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        appendMessage({ db: t.db, owner, sessionId: session.id, message: { role: 'user', content: `Question ${i}` } }),
      ),
    );
    expect(results.map((result) => result?.message.position).sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  test('an answer first does not name the conversation', async () => {
    const owner = await newOwner();
    const session = await createSession({ db: t.db, owner });
    const appended = await appendMessage({ db: t.db, owner, sessionId: session.id, message: { role: 'assistant', content: 'Welcome' } });
    expect(appended?.session.title).toBe(CHAT_DEFAULT_TITLE);
  });
});

describe('titleFromQuestion', () => {
  test('keeps a short question whole and cuts a long one at a word boundary', () => {
    expect(titleFromQuestion('  Who signs off\n\nthe work? ')).toBe('Who signs off the work?');
    const long =
      'How often must the fixed electrical installations in an acute hospital be inspected and tested, and who signs off the remedial work?';
    const title = titleFromQuestion(long);
    expect(title.endsWith('…')).toBe(true);
    expect(title.length).toBeLessThanOrEqual(81);
    expect(long.startsWith(title.slice(0, -1))).toBe(true);
    expect(title.at(-2)).not.toBe(' ');
    expect(titleFromQuestion('x'.repeat(200))).toBe(`${'x'.repeat(80)}…`);
  });
});

describe('truncateAfter', () => {
  test('removes the messages after one, or from it when inclusive, and appending carries on from there', async () => {
    const owner = await newOwner();
    const { sessionId, ids } = await conversation(owner, ['Q1', 'A1', 'Q2', 'A2', 'Q3', 'A3']);
    expect(await truncateAfter({ db: t.db, owner, sessionId, messageId: ids[3] as string })).toBe(2);
    expect(await contents(sessionId)).toEqual(['Q1', 'A1', 'Q2', 'A2']);
    expect(await truncateAfter({ db: t.db, owner, sessionId, messageId: ids[2] as string, inclusive: true })).toBe(2);
    expect(await contents(sessionId)).toEqual(['Q1', 'A1']);
    const appended = await appendMessage({ db: t.db, owner, sessionId, message: { role: 'user', content: 'Q2 edited' } });
    expect(appended?.message.position).toBe(2);
    expect(await truncateAfter({ db: t.db, owner, sessionId, messageId: appended?.message.id as string })).toBe(0);
  });

  test('refuses a message of another conversation or another user and removes nothing', async () => {
    const owner = await newOwner();
    const { sessionId, ids } = await conversation(owner, ['Q1', 'A1', 'Q2']);
    const other = await conversation(owner, ['Other']);
    expect(await truncateAfter({ db: t.db, owner, sessionId: other.sessionId, messageId: ids[0] as string })).toBeNull();
    expect(await truncateAfter({ db: t.db, owner: await newOwner(), sessionId, messageId: ids[0] as string })).toBeNull();
    expect(await truncateAfter({ db: t.db, owner, sessionId, messageId: newId() })).toBeNull();
    expect(await contents(sessionId)).toEqual(['Q1', 'A1', 'Q2']);
    expect(await contents(other.sessionId)).toEqual(['Other']);
  });
});

describe('getSession', () => {
  test('is not found for anyone but the owner', async () => {
    const owner = await newOwner();
    const { sessionId } = await conversation(owner, ['Q1', 'A1']);
    expect((await getSession({ db: t.db, owner, sessionId })).messages.map((message) => message.content)).toEqual(['Q1', 'A1']);
    const notFound = { status: 404, message: CONVERSATION_NOT_FOUND };
    await expect(getSession({ db: t.db, owner: await newOwner(owner.organisationId), sessionId })).rejects.toMatchObject(notFound);
    await expect(getSession({ db: t.db, owner: await newOwner(), sessionId })).rejects.toMatchObject(notFound);
  });
});

describe('conversation search', () => {
  test('message text is searched through the full-text index', async () => {
    const query = t.db.select({ id: chatSessions.id }).from(chatSessions).where(matchesSearch(t.db, 'flushing outlets'));
    const plan = await t.db.transaction(async (tx) => {
      // The tables are tiny here: only with sequential scans ruled out does the plan show whether
      // the index can serve the search expression at all.
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain ${query}`);
    });
    const text = (plan as unknown as { rows: Record<string, string>[] }).rows.map((row) => Object.values(row).join(' ')).join('\n');
    expect(text).toContain('chat_messages_content_fts_idx');
  });
});
