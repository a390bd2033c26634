import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { robotsTxt } from './robots.ts';
import { buildTestApp, type TestApp } from './test/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

function disallowed(body: string): string[] {
  return body
    .split('\n')
    .filter((line) => line.startsWith('Disallow: '))
    .map((line) => line.slice('Disallow: '.length));
}

/** Would a crawler honouring the file fetch this path? (Prefix rules; no Disallow means allowed.) */
function crawlable(body: string, path: string): boolean {
  return !disallowed(body).some((prefix) => path.startsWith(prefix));
}

describe('/robots.txt', () => {
  test('is a plain-text robots file from the server, not the web app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toMatch(/^User-agent: \*\n/);
    expect(response.body).not.toMatch(/<html|<!doctype/i);
    expect(response.body).toBe(robotsTxt());
  });

  test('keeps crawlers out of the API, the signed-in pages and the one-time link pages', () => {
    const body = robotsTxt();
    for (const path of [
      '/api/',
      '/api/docs/search?q=legionella',
      '/home',
      '/chat',
      '/chat/01HZX0000000000000000000AB',
      '/wiki',
      '/wiki/htm-06-01.md',
      '/profile',
      '/profile/update-password',
      '/dashboard',
      '/admin',
      '/write',
      '/review/abc',
      '/tutorials/getting-started',
      '/reporting/workforce-performance',
      '/auth/action-handler?mode=resetPassword&oobCode=abc',
      '/microsoft-auth-callback?code=x',
    ]) {
      expect(crawlable(body, path), path).toBe(false);
    }
  });

  test('lets crawlers read the sign-in and sign-up pages', () => {
    const body = robotsTxt();
    for (const path of ['/', '/auth/login', '/auth/register', '/auth/forgot-password']) expect(crawlable(body, path), path).toBe(true);
  });

  test('a new signed-in route is disallowed as soon as its row exists', () => {
    const body = robotsTxt([{ path: '/library/:id', title: 'Library', access: [['standard']], layout: 'scrolling' }]);
    expect(disallowed(body)).toEqual(['/api/', '/auth/action-handler', '/library/', '/microsoft-auth-callback']);
  });
});
