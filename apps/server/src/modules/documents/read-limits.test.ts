import type { DocumentResponse } from '@verity/shared';
import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMemoryRateLimitStore } from '../../lib/rate-limit.ts';
import { baseUrlOf, buildTestApp, type TestApp } from '../../test/app.ts';
import { newSession } from '../../test/chat.ts';
import { buildDocument, buildUser, type TestUser } from '../../test/factories.ts';

const TOO_MANY = "You've made too many requests. Please wait a moment before trying again.";
const MAX_ELEMENTS = 6;

const store = createMemoryRateLimitStore();
const inFlight = new Map<string, number>();
let t: TestApp;
let small: string;
let smallOther: string;
let large: string;

const paragraphs = (n: number, word: string) =>
  Array.from({ length: n }, (_, i) => ({ type: 'paragraph' as const, text: `${word} passage ${i + 1}` }));

beforeAll(async () => {
  t = await buildTestApp(
    {
      READ_RATE_LIMIT_PER_MINUTE: '3',
      READ_CONCURRENCY_PER_USER: '2',
      DOCUMENT_MAX_ELEMENTS: String(MAX_ELEMENTS),
      // Documents over the display cap cannot come in through parsing; these are inserted directly.
      PARSE_MAX_ELEMENTS: String(MAX_ELEMENTS),
    },
    { rateLimitStore: store, readsInFlight: inFlight },
  );
  small = await buildDocument(t, { code: 'HTM 01-01', filename: 'small.pdf', elements: paragraphs(MAX_ELEMENTS, 'ventilation') });
  smallOther = await buildDocument(t, { code: 'HTM 01-02', filename: 'small-2.pdf', elements: paragraphs(3, 'ventilation') });
  large = await buildDocument(t, { code: 'HTM 99-99', filename: 'large.pdf', elements: paragraphs(MAX_ELEMENTS + 1, 'legionella') });
});

afterAll(async () => {
  await t.close();
});

const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.headers });

function expectTooMany(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json().message).toBe(TOO_MANY);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('per-user limits on expensive reads', () => {
  const reads: [string, (user: TestUser) => Promise<string>][] = [
    ['search', async () => '/api/docs/search?q=ventilation'],
    ['compare', async () => `/api/docs/compare?left=${small}&right=${smallOther}`],
    ['chat export', async (user) => `/api/chat/sessions/${(await newSession(t, user)).id}/export`],
  ];

  for (const [name, urlFor] of reads) {
    test(`${name}: READ_RATE_LIMIT_PER_MINUTE requests a minute per user, then 429 with Retry-After`, async () => {
      const user = await buildUser(t);
      const url = await urlFor(user);
      for (let i = 0; i < 3; i++) expect((await get(user, url)).statusCode).toBe(200);
      expectTooMany(await get(user, url));
      // Another user is not held up by the first.
      const other = await buildUser(t);
      expect((await get(other, await urlFor(other))).statusCode).toBe(200);
    });

    test(`${name}: at most READ_CONCURRENCY_PER_USER in flight per user; a finished request gives its slot back`, async () => {
      const user = await buildUser(t);
      const url = await urlFor(user);
      // Two requests of this user still running on this process.
      inFlight.set(user.user.id, 2);
      expectTooMany(await get(user, url));
      inFlight.set(user.user.id, 1);
      expect((await get(user, url)).statusCode).toBe(200);
      expect(inFlight.get(user.user.id)).toBe(1);
    });
  }

  test('concurrent searches beyond the cap are refused, the rest answered', async () => {
    const user = await buildUser(t);
    const responses = await Promise.all(
      Array.from({ length: 3 }, (_, i) => get(user, `/api/docs/search?q=${['ventilation', 'passage', 'legionella'][i]}`)),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    // Three at once against a cap of two: at least two answered; none fails otherwise.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    expect(inFlight.has(user.user.id)).toBe(false);
  });
});

/** Locks the documents table in a transaction of its own until the returned function is called. */
async function holdLibrary(): Promise<() => void> {
  let unlock = () => {};
  await new Promise<void>((locked) => {
    void t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table documents in access exclusive mode`);
      locked();
      await new Promise<void>((release) => {
        unlock = release;
      });
    });
  });
  return () => unlock();
}

describe('in-flight slots', () => {
  test('are given back when the client goes away before the answer', async () => {
    const user = await buildUser(t);
    const base = await baseUrlOf(t);
    // Signed in and known to the process, so only the search itself waits below.
    expect((await get(user, '/api/account/info')).statusCode).toBe(200);
    // The library held by another transaction: the searches wait in their handlers, slots taken.
    const unlock = await holdLibrary();
    try {
      const clients = Array.from({ length: 2 }, () => new AbortController());
      const requests = clients.map((client, i) =>
        fetch(`${base}/api/docs/search?q=ventilation+passage+${i}`, { headers: user.headers, signal: client.signal }).catch(
          () => undefined,
        ),
      );
      await expect.poll(() => inFlight.get(user.user.id), { timeout: 5_000, interval: 5 }).toBe(2);
      for (const client of clients) client.abort();
      await Promise.all(requests);
    } finally {
      unlock();
    }
    await expect.poll(() => inFlight.has(user.user.id), { timeout: 5_000 }).toBe(false);
    expect((await get(user, '/api/docs/search?q=ventilation')).statusCode).toBe(200);
  });

  test('are given back when a client that sent its requests pipelined on one connection hangs up', async () => {
    const user = await buildUser(t);
    const { hostname, port } = new URL(await baseUrlOf(t));
    expect((await get(user, '/api/account/info')).statusCode).toBe(200);
    const unlock = await holdLibrary();
    try {
      // Two requests written at once on one connection: the second's answer waits behind the first's.
      const socket = connect({ host: hostname, port: Number(port) });
      await new Promise((resolve) => socket.once('connect', resolve));
      const token = user.headers['auth-token'] as string;
      socket.write(
        [1, 2]
          .map((i) => `GET /api/docs/search?q=ventilation+passage+${i} HTTP/1.1\r\nHost: ${hostname}\r\nauth-token: ${token}\r\n\r\n`)
          .join(''),
      );
      await expect.poll(() => inFlight.get(user.user.id), { timeout: 5_000, interval: 5 }).toBe(2);
      socket.destroy();
    } finally {
      unlock();
    }
    await expect.poll(() => inFlight.has(user.user.id), { timeout: 5_000 }).toBe(false);
  });

  test('are given back when the client left before its request took one', async () => {
    // The per-minute count answers only when the test says: the request waits before its slot.
    const memory = createMemoryRateLimitStore();
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let waiting = 0;
    const slow = {
      ...memory,
      increment: async (...args: Parameters<typeof memory.increment>) => {
        waiting++;
        await gate;
        return memory.increment(...args);
      },
    };
    const slots = new Map<string, number>();
    const app = await buildTestApp(
      { READ_RATE_LIMIT_PER_MINUTE: '100', READ_CONCURRENCY_PER_USER: '2' },
      { rateLimitStore: slow, readsInFlight: slots },
    );
    try {
      const user = await buildUser(app);
      const client = new AbortController();
      const request = fetch(`${await baseUrlOf(app)}/api/docs/search?q=ventilation`, {
        headers: user.headers,
        signal: client.signal,
      }).catch(() => undefined);
      await expect.poll(() => waiting, { timeout: 5_000, interval: 5 }).toBeGreaterThan(0);
      client.abort();
      await request;
      // Let the server see the connection close before the request goes on.
      await new Promise((resolve) => setTimeout(resolve, 100));
      open();
      await expect.poll(() => slots.has(user.user.id), { timeout: 5_000 }).toBe(false);
    } finally {
      open();
      await app.close();
    }
  });

  test('are given back in the process however the rate-limit store behaves (one that loses every decrement)', async () => {
    // Redis slow to answer sends some calls to the database instead: a count taken in one store
    // and given back to the other is lost. Slots no longer depend on the store.
    const forgetful = { ...createMemoryRateLimitStore(), decrement: async () => {} };
    const app = await buildTestApp({ READ_RATE_LIMIT_PER_MINUTE: '100', READ_CONCURRENCY_PER_USER: '2' }, { rateLimitStore: forgetful });
    try {
      const user = await buildUser(app);
      for (let i = 0; i < 6; i++) {
        const response = await app.app.inject({ method: 'GET', url: `/api/docs/search?q=ventilation+${i}`, headers: user.headers });
        expect(response.statusCode).toBe(200);
      }
    } finally {
      await app.close();
    }
  });
});

describe('very large documents', () => {
  test('a document at the element cap is shown in full, with its highlighted passages', async () => {
    const user = await buildUser(t);
    const first = await get(user, `/api/docs/document/${small}`);
    expect(first.statusCode).toBe(200);
    const ids = first.json<DocumentResponse>().elements.map((element) => element.id);
    expect(ids).toHaveLength(MAX_ELEMENTS);
    const highlighted = await get(user, `/api/docs/document/${small}?element_ids=${ids[2]}`);
    expect(
      highlighted
        .json<DocumentResponse>()
        .elements.filter((e) => e.highlighted)
        .map((e) => e.id),
    ).toEqual([ids[2]]);
  });

  test('a document over DOCUMENT_MAX_ELEMENTS is refused with a clear message, by id and by file name', async () => {
    const user = await buildUser(t);
    for (const url of [`/api/docs/document/${large}`, '/api/docs/newest-document-by-filename/large.pdf']) {
      const response = await get(user, url);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(
        `This document is too large to show in full (${MAX_ELEMENTS + 1} passages; the limit is ${MAX_ELEMENTS}).`,
      );
      expect(response.json().request_id).toBe(response.headers['x-request-id']);
    }
  });

  test('compare refuses a document over the cap, naming it', async () => {
    const user = await buildUser(t);
    const response = await get(user, `/api/docs/compare?left=${small}&right=${large}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(`HTM 99-99 is too large to compare (${MAX_ELEMENTS + 1} passages; the limit is ${MAX_ELEMENTS}).`);
  });
});
