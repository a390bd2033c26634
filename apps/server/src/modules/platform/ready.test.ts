import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';

const lifecycle = { draining: false };
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({}, { lifecycle });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/ready', () => {
  test('is 200 ready while the process takes requests, and 503 draining once it has been told to stop', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    lifecycle.draining = true;
    const draining = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ status: 'draining' });
    // Health stays about the database: a draining process is healthy, only not ready.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    lifecycle.draining = false;
  });

  test('is 503 unavailable while the database does not answer', async () => {
    const ping = t.database.ping;
    t.database.ping = async () => {
      throw new Error('connection refused');
    };
    try {
      const answer = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ status: 'unavailable' });
    } finally {
      t.database.ping = ping;
    }
  });
});
