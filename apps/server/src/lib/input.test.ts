import { type ApiErrorBody, NUL_CHARACTER_MESSAGE } from '@verity/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chatAttachments, chatMessages, chatSessions, notifications, users } from '../db/schema.ts';
import type { TestApp } from '../test/app.ts';
import { ask, newSession, post } from '../test/chat.ts';
import { buildLibraryTestApp, buildUser, type TestUser } from '../test/factories.ts';
import { multipart } from '../test/multipart.ts';

const NUL = '\u0000';
let t: TestApp;
let standard: TestUser;

beforeAll(async () => {
  ({ t, standard } = await buildLibraryTestApp());
});

afterAll(async () => {
  await t.close();
});

type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;

/** A 422 that names where the NUL character was, with the one message for it. */
function expectRefused(response: Injected, loc: (string | number)[]): void {
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json<ApiErrorBody>().detail).toEqual([{ loc, msg: NUL_CHARACTER_MESSAGE }]);
}

async function rowCount(table: typeof chatMessages | typeof chatSessions | typeof chatAttachments): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

const get = (url: string, user: TestUser = standard) => t.app.inject({ method: 'GET', url, headers: user.headers });

describe('NUL characters in any text are refused as 422 and change nothing', () => {
  test('search terms, conversation search and file names in the path', async () => {
    expectRefused(await get(`/api/docs/search?q=legionella${encodeURIComponent(NUL)}`), ['query', 'q']);
    expectRefused(await get(`/api/chat/sessions?q=${encodeURIComponent(`flush${NUL}`)}`), ['query', 'q']);
    expectRefused(await get(`/api/docs/newest-document-by-filename/${encodeURIComponent(`htm-06-01${NUL}.md`)}`), ['params', 'filename']);
  });

  test('conversation titles, renames, questions and feedback', async () => {
    const sessionsBefore = await rowCount(chatSessions);
    expectRefused(await post(t, standard, '/chat/sessions', { title: `Water${NUL}` }), ['body', 'title']);
    expect(await rowCount(chatSessions)).toBe(sessionsBefore);

    const session = await newSession(t, standard, 'Water safety');
    expectRefused(
      await t.app.inject({
        method: 'PATCH',
        url: `/api/chat/sessions/${session.id}`,
        headers: standard.headers,
        payload: { title: `Re${NUL}named` },
      }),
      ['body', 'title'],
    );
    const [stored] = await t.db.select().from(chatSessions).where(eq(chatSessions.id, session.id));
    expect(stored?.title).toBe('Water safety');

    const messagesBefore = await rowCount(chatMessages);
    expectRefused(await post(t, standard, `/chat/sessions/${session.id}/messages`, { content: `What does L8 require?${NUL}` }), [
      'body',
      'content',
    ]);
    expect(await rowCount(chatMessages)).toBe(messagesBefore);

    const answer = await ask(t, standard, session.id, { content: 'What temperature should hot water be stored at?' });
    const messageId = answer.done.answer.id;
    expectRefused(
      await post(t, standard, `/chat/sessions/${session.id}/messages/${messageId}/feedback`, { rating: 'down', comment: `Wrong${NUL}` }),
      ['body', 'comment'],
    );
    const [message] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, messageId));
    expect(message?.feedback ?? null).toBeNull();
  });

  test('account details, notification ids and sign-in fields', async () => {
    const alice = await buildUser(t, { firstname: 'Alice' });
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/account/update',
        headers: alice.headers,
        payload: { firstname: `Al${NUL}ice`, surname: 'Okafor', job_title: 'Estates' },
      }),
      ['body', 'firstname'],
    );
    const [row] = await t.db.select().from(users).where(eq(users.id, alice.user.id));
    expect(row?.firstname).toBe('Alice');

    const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, alice.user.id));
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/notifications/mark-as-read',
        headers: alice.headers,
        payload: { ids: [`${note?.id ?? 'x'}${NUL}`] },
      }),
      ['body', 'ids', 0],
    );

    const form = await multipart({ email: `alice${NUL}@example.org`, password: 'whatever-password' });
    expectRefused(await t.app.inject({ method: 'POST', url: '/api/auth/login', ...form }), ['body', 'email']);
  });

  test('text fields of uploads read by the API itself', async () => {
    const session = await newSession(t, standard);
    const attachmentsBefore = await rowCount(chatAttachments);
    const form = await multipart({
      file: new File(['Hot water is stored at 60 °C.'], 'notes.txt', { type: 'text/plain' }),
      note: `x${NUL}`,
    });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/chat/sessions/${session.id}/attachments`,
      headers: { ...standard.headers, ...form.headers },
      payload: form.payload,
    });
    expectRefused(response, ['body', 'note']);
    expect(await rowCount(chatAttachments)).toBe(attachmentsBefore);
  });
});
