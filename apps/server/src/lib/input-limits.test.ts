import { type ApiErrorBody, MAX_INPUT_DEPTH, TOO_DEEP_MESSAGE, UNPAIRED_SURROGATE_MESSAGE } from '@verity/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chatMessages, events, users } from '../db/schema.ts';
import type { TestApp } from '../test/app.ts';
import { newSession } from '../test/chat.ts';
import { buildLibraryTestApp, type TestUser } from '../test/factories.ts';
import { multipart } from '../test/multipart.ts';
import { jsonNestedDeeperThan } from './input.ts';

/**
 * Bodies nested deeper than any real request, and text holding half of a surrogate pair, are
 * refused as 422 naming the field before any parser, schema, handler or the database sees them.
 * Over HTTP, an unpaired surrogate can only arrive as a JSON escape ("\ud800"): percent-encoded or
 * raw, its bytes are not UTF-8 and are decoded as replacement characters or left encoded.
 */

let t: TestApp;
let standard: TestUser;

beforeAll(async () => {
  ({ t, standard } = await buildLibraryTestApp());
});

afterAll(async () => {
  await t.close();
});

type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;

function expectRefused(response: Injected, loc: (string | number)[], msg: string): void {
  expect(response.statusCode, response.body).toBe(422);
  const body = response.json<ApiErrorBody>();
  expect(body.detail).toEqual([{ loc, msg }]);
  expect(body.request_id).toBeTruthy();
}

/** A raw JSON text, so escapes such as "\ud800" reach the server exactly as written. */
function postJson(url: string, json: string, user: TestUser | null = standard) {
  return t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { ...(user?.headers ?? {}), 'content-type': 'application/json' },
    payload: json,
  });
}

async function rows(table: typeof chatMessages | typeof events | typeof users): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('nesting depth', () => {
  test('a body nested 20,000 deep on an anonymous route is a 422, not a 500', async () => {
    const usersBefore = await rows(users);
    for (const url of ['/auth/login', '/auth/signup', '/auth/reset_password']) {
      const deep = `{"email":${'['.repeat(20_000)}1${']'.repeat(20_000)}}`;
      expectRefused(await postJson(url, deep, null), ['body'], TOO_DEEP_MESSAGE);
      expectRefused(await postJson(url, deepArray(20_000), null), ['body'], TOO_DEEP_MESSAGE);
    }
    expect(await rows(users)).toBe(usersBefore);
  });

  test('as deep as the body limit allows, signed in, is still a 422', async () => {
    const response = await postJson('/analytics/events', `{"events":${deepArray(400_000)}}`);
    expectRefused(response, ['body'], TOO_DEEP_MESSAGE);
  });

  test('nesting up to the limit reaches the schema as usual; brackets inside strings do not count', async () => {
    const atLimit = `{"events":${'['.repeat(MAX_INPUT_DEPTH - 1)}${']'.repeat(MAX_INPUT_DEPTH - 1)}}`;
    const response = await postJson('/analytics/events', atLimit);
    expect(response.statusCode).toBe(422);
    expect(response.json<ApiErrorBody>().detail?.[0]?.msg).not.toBe(TOO_DEEP_MESSAGE);

    const brackets = JSON.stringify({
      events: [{ name: '$pageview', properties: { path: `/wiki/${'[{'.repeat(40)}\\"` }, timestamp: '2026-03-02T09:15:00.000Z' }],
    });
    expect((await postJson('/analytics/events', brackets)).statusCode).toBe(204);
  });

  test('the scan counts brackets outside strings only', () => {
    expect(jsonNestedDeeperThan('[[1]]', 2)).toBe(false);
    expect(jsonNestedDeeperThan('[[[1]]]', 2)).toBe(true);
    expect(jsonNestedDeeperThan('{"a":"[[[[[\\"[[[["}', 1)).toBe(false);
    expect(jsonNestedDeeperThan('[{"a":[]},{"b":[]}]', 3)).toBe(false);
  });

  test('malformed and empty JSON keep their 400s', async () => {
    expect((await postJson('/analytics/events', '{"events":[')).statusCode).toBe(400);
    expect((await postJson('/analytics/events', '')).statusCode).toBe(400);
    expect((await postJson('/analytics/events', '{"__proto__":{"x":1}}')).statusCode).toBe(400);
  });
});

describe('unpaired surrogates', () => {
  test('in an analytics event property: 422 naming the field, no event stored', async () => {
    const before = await rows(events);
    const response = await postJson(
      '/analytics/events',
      '{"events":[{"name":"$pageview","properties":{"path":"/wiki/\\ud800"},"timestamp":"2026-03-02T09:15:00.000Z"}]}',
    );
    expectRefused(response, ['body', 'events', 0, 'properties', 'path'], UNPAIRED_SURROGATE_MESSAGE);
    expect(await rows(events)).toBe(before);
  });

  test('in a chat question, high or low half: 422, no message stored', async () => {
    const session = await newSession(t, standard, 'Water safety');
    const before = await rows(chatMessages);
    for (const half of ['\\ud800', '\\udfff', '\\udc00\\ud83d']) {
      expectRefused(
        await postJson(`/chat/sessions/${session.id}/messages`, `{"content":"What does L8 require? ${half}"}`),
        ['body', 'content'],
        UNPAIRED_SURROGATE_MESSAGE,
      );
    }
    expect(await rows(chatMessages)).toBe(before);
  });

  test('in an object key, and on an anonymous route', async () => {
    expectRefused(
      await postJson('/auth/reset_password', '{"email":"a@example.org","\\ud800":1}', null),
      ['body', '\ufffd'],
      UNPAIRED_SURROGATE_MESSAGE,
    );
    expectRefused(
      await postJson('/auth/login', '{"email":"a\\ud800@example.org","password":"x"}', null),
      ['body', 'email'],
      UNPAIRED_SURROGATE_MESSAGE,
    );
  });

  test('a search query or path parameter cannot carry one: its bytes are not UTF-8, and the answer is never a 500', async () => {
    const search = await t.app.inject({ method: 'GET', url: '/api/docs/search?q=legionella%ED%A0%80', headers: standard.headers });
    expect(search.statusCode, search.body).toBe(200);
    const path = await t.app.inject({
      method: 'GET',
      url: '/api/docs/newest-document-by-filename/htm%ED%A0%80.md',
      headers: standard.headers,
    });
    expect([400, 404]).toContain(path.statusCode);
    const sessions = await t.app.inject({ method: 'GET', url: '/api/chat/sessions?q=%ED%B0%80', headers: standard.headers });
    expect(sessions.statusCode, sessions.body).toBe(200);
  });

  test('in a multipart text field: the raw bytes of a surrogate are decoded as replacement characters, never a 500', async () => {
    const form = await multipart({ email: 'x@example.org', password: 'whatever-password' });
    const raw = Buffer.from(form.payload.toString('latin1').replace('x@example.org', 'x\u00ed\u00a0\u0080@example.org'), 'latin1');
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: form.headers, payload: raw });
    expect(response.statusCode, response.body).toBeLessThan(500);
  });

  test('emoji (surrogate pairs) are accepted everywhere', async () => {
    const session = await newSession(t, standard, 'Water 💧');
    const response = await postJson(`/chat/sessions/${session.id}/messages`, '{"content":"Is 60 °C hot enough? \\ud83d\\udca7 🚿"}');
    expect(response.statusCode, response.body).toBe(200);
    const analytics = await postJson(
      '/analytics/events',
      '{"events":[{"name":"$pageview","properties":{"path":"/wiki/\\ud83d\\udca7"},"timestamp":"2026-03-02T09:15:00.000Z"}]}',
    );
    expect(analytics.statusCode, analytics.body).toBe(204);
    const search = await t.app.inject({
      method: 'GET',
      url: `/api/docs/search?q=${encodeURIComponent('legionella 💧')}`,
      headers: standard.headers,
    });
    expect(search.statusCode).toBe(200);
  });
});
