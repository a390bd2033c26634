import type { RecentDocumentsResponse } from '@verity/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { events } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { listEvents } from '../../test/events.ts';
import { buildDocument, buildUser, type TestUser } from '../../test/factories.ts';

/**
 * Opening a document in the reader records `documents.opened`; GET /api/docs/recent lists the
 * caller's own opened documents, each once, last opened first, only those they can still see.
 */

let t: TestApp;
let standard: TestUser;
let colleague: TestUser;
let guest: TestUser;
let outsider: TestUser;
let first: string;
let second: string;
let third: string;
let internal: string;
let othersInternal: string;

beforeAll(async () => {
  t = await buildTestApp();
  standard = await buildUser(t);
  const organisationId = standard.user.organisationId;
  colleague = await buildUser(t, { organisationId });
  guest = await buildUser(t, { roles: ['guest'], organisationId });
  outsider = await buildUser(t);
  first = await buildDocument(t, { code: 'HTM 04-01', filename: 'htm-04-01.md' });
  second = await buildDocument(t, { code: 'HTM 05-02', filename: 'htm-05-02.md' });
  third = await buildDocument(t, { code: 'HTM 06-01', filename: 'htm-06-01.md' });
  internal = await buildDocument(t, { code: 'INT 1', filename: 'water-procedure.md', organisationId });
  othersInternal = await buildDocument(t, {
    code: 'INT 2',
    filename: 'outsider-procedure.md',
    organisationId: outsider.user.organisationId,
  });
});

afterAll(async () => {
  await t.close();
});

function open(user: TestUser | null, id: string) {
  return t.app.inject({ method: 'GET', url: `/api/docs/document/${id}`, headers: user?.headers ?? {} });
}

function openByFilename(user: TestUser, filename: string) {
  return t.app.inject({ method: 'GET', url: `/api/docs/newest-document-by-filename/${filename}`, headers: user.headers });
}

function recent(user: TestUser | null, query = '') {
  return t.app.inject({ method: 'GET', url: `/api/docs/recent${query}`, headers: user?.headers ?? {} });
}

async function recentIds(user: TestUser, query = ''): Promise<string[]> {
  const response = await recent(user, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RecentDocumentsResponse>().documents.map((entry) => entry.reference.short_id);
}

async function openedEvents(organisationId: string) {
  return listEvents({ db: t.db, organisationId, kind: 'documents.opened' });
}

describe('documents.opened', () => {
  test('opening a document by id records one event naming the user and the document', async () => {
    const user = await buildUser(t);
    const before = await openedEvents(user.user.organisationId);
    expect((await open(user, first)).statusCode).toBe(200);
    const after = await openedEvents(user.user.organisationId);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({
      kind: 'documents.opened',
      actorUserId: user.user.id,
      subject: { type: 'document', id: first },
      data: {},
      tool: null,
    });
  });

  test('opening the newest edition by file name records the document it answered with', async () => {
    const user = await buildUser(t);
    expect((await openByFilename(user, 'htm-05-02.md')).statusCode).toBe(200);
    const recorded = await openedEvents(user.user.organisationId);
    expect(recorded.map((event) => event.subject.id)).toEqual([second]);
  });

  test('a refused open records nothing: no token, a missing document, another organisation’s internal one', async () => {
    const user = await buildUser(t);
    const countBefore = (await t.db.select().from(events)).length;
    expect((await open(null, first)).statusCode).toBe(401);
    expect((await open(user, othersInternal)).statusCode).toBe(404);
    expect((await open(user, '0'.repeat(26))).statusCode).toBe(404);
    expect((await t.db.select().from(events)).length).toBe(countBefore);
  });
});

describe('GET /api/docs/recent', () => {
  test('without a token it is a 401', async () => {
    expect((await recent(null)).statusCode).toBe(401);
  });

  test('a new user has none', async () => {
    const user = await buildUser(t);
    expect(await recentIds(user)).toEqual([]);
  });

  test('lists each document once, last opened first, with when it was opened', async () => {
    for (const id of [first, second, first, third, internal, second]) expect((await open(standard, id)).statusCode).toBe(200);
    expect(await recentIds(standard)).toEqual([second, internal, third, first]);
    const body = (await recent(standard)).json<RecentDocumentsResponse>();
    expect(body.documents[0]).toMatchObject({ reference: { short_id: second, code: 'HTM 05-02', status: 'current' } });
    expect(Number.isNaN(Date.parse(body.documents[0]?.opened_at ?? ''))).toBe(false);
  });

  test('limit keeps the newest; a bad limit is a 422', async () => {
    expect(await recentIds(standard, '?limit=2')).toEqual([second, internal]);
    for (const bad of ['0', '21', 'abc', '-1', '1.5']) expect((await recent(standard, `?limit=${bad}`)).statusCode).toBe(422);
  });

  test("only the caller's own opens count: a colleague sees none of them", async () => {
    expect(await recentIds(colleague)).toEqual([]);
  });

  test("another organisation's internal document is never listed, even with an event naming it", async () => {
    // An event that names a document the organisation cannot see (written directly: the API refuses to open it).
    await t.db.insert(events).values({
      id: `evt${Date.now()}`.padEnd(26, '0').slice(0, 26),
      organisationId: standard.user.organisationId,
      actorUserId: standard.user.id,
      kind: 'documents.opened',
      subjectType: 'document',
      subjectId: othersInternal,
      data: {},
      tool: null,
      documentIds: [],
      subdomains: [],
    });
    const ids = await recentIds(standard);
    expect(ids).not.toContain(othersInternal);
    expect(ids).toContain(internal);
    // The outsider opened their own; they never see this organisation's internal document.
    expect((await open(outsider, othersInternal)).statusCode).toBe(200);
    expect((await open(outsider, internal)).statusCode).toBe(404);
    expect(await recentIds(outsider)).toEqual([othersInternal]);
  });

  test('a guest may call it and sees the documents they opened (the reader is a guest route)', async () => {
    expect(await recentIds(guest)).toEqual([]);
    expect((await open(guest, third)).statusCode).toBe(200);
    expect(await recentIds(guest)).toEqual([third]);
  });
});

describe('documents.searched', () => {
  const search = (user: TestUser, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/docs/search?${query}`, headers: user.headers });
  const searchedEvents = (organisationId: string) => listEvents({ db: t.db, organisationId, kind: 'documents.searched' });

  test('the first page of a search records one use of the wiki, with the documents it found and never the words', async () => {
    const user = await buildUser(t);
    const found = await search(user, 'q=HTM%2004-01');
    expect(found.statusCode, found.body).toBe(200);
    // Searches are recorded in batches, a moment after the answer.
    await expect.poll(async () => (await searchedEvents(user.user.organisationId)).length, { timeout: 2_000, interval: 20 }).toBe(1);
    const recorded = await searchedEvents(user.user.organisationId);
    expect(recorded[0]).toMatchObject({
      kind: 'documents.searched',
      actorUserId: user.user.id,
      subject: { type: 'user', id: user.user.id },
      data: { filtered: false },
      tool: 'wiki',
    });
    expect(recorded[0]?.data.results).toBeGreaterThan(0);
    expect(JSON.stringify(recorded[0])).not.toContain('04-01');

    // A later page of the same search, and a refused one, record nothing more.
    expect((await search(user, 'q=HTM%2004-01&page=2')).statusCode).toBe(200);
    expect((await search(user, 'q=')).statusCode).toBe(422);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await searchedEvents(user.user.organisationId)).toHaveLength(1);
  });
});
