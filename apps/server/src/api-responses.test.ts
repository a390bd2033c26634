import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from './test/app.ts';
import { buildUser, type TestUser } from './test/factories.ts';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  user = await buildUser(t);
});

afterAll(async () => {
  await t.close();
});

describe('Cache-Control on API answers', () => {
  test('answers to a signed-in request may not be stored by a browser or proxy', async () => {
    const info = await t.app.inject({ method: 'GET', url: '/api/account/info', headers: user.headers });
    expect(info.statusCode).toBe(200);
    expect(info.headers['cache-control']).toBe('no-store');
    const notifications = await t.app.inject({ method: 'GET', url: '/api/docs/filters', headers: user.headers });
    expect(notifications.headers['cache-control']).toBe('no-store');
  });

  test('error answers, and answers without a session, are not stored either', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/account/info' },
      { method: 'GET' as const, url: '/api/no-such-thing?x=1' },
      { method: 'GET' as const, url: '/api/health' },
    ]) {
      const response = await t.app.inject(request);
      expect(response.headers['cache-control'], request.url).toBe('no-store');
    }
  });
});

describe('over-long and malformed paths', () => {
  test('a path segment beyond the router limit answers 414 in the API error shape', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/docs/newest-document-by-filename/${'a'.repeat(5000)}.pdf`,
      headers: user.headers,
    });
    expect(response.statusCode).toBe(414);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toEqual({
      message: 'The address is too long: one part of it is longer than the server accepts.',
      request_id: response.headers['x-request-id'],
    });
    // The path is not echoed back.
    expect(response.body).not.toContain('aaaa');
  });

  test('a long but real file name (255 characters) reaches the route', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/docs/newest-document-by-filename/${'é'.repeat(250)}.pdf`,
      headers: user.headers,
    });
    expect(response.statusCode).toBe(404);
    expect(Object.keys(response.json()).sort()).toEqual(['message', 'request_id']);
  });

  test('a path that cannot be decoded answers 400 in the API error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/newest-document-by-filename/%E0%A4%A', headers: user.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'The address is not valid: it contains a character that cannot be decoded.',
      request_id: response.headers['x-request-id'],
    });
  });
});
