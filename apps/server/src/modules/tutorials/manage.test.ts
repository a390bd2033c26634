import type { AdminTutorial, AdminTutorialsResponse, ApiErrorBody, TutorialsResponse } from '@verity/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { events, tutorials } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';
import { slugFrom } from './manage.ts';
import { readSeedTutorials, seedTutorials } from './seed.ts';

let t: TestApp;
let admin: TestUser;
let standard: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildUser(t, { roles: ['verity_admin', 'standard'] });
  standard = await buildUser(t);
  await seedTutorials(t.db);
});

afterAll(async () => {
  await t.close();
});

const send = (who: TestUser | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });

const BODY = '## Before you start\n\nOpen the **Review** page from the menu.\n\n![The review page](screenshot:review)\n';

async function eventsOf(kind: string, subjectId?: string) {
  return t.db
    .select()
    .from(events)
    .where(and(eq(events.kind, kind), subjectId ? eq(events.subjectId, subjectId) : undefined));
}

async function publishedSlugs(): Promise<string[]> {
  return (await send(standard, 'GET', '/api/tutorials')).json<TutorialsResponse>().tutorials.map((tutorial) => tutorial.slug);
}

describe('writing a tutorial', () => {
  test('a new one is unpublished and last, readers do not see it until it is published, and each step is recorded', async () => {
    const created = await send(admin, 'POST', '/api/admin/tutorials', {
      title: 'Reviewing a fire safety policy',
      summary: 'Upload a policy and read what the review found.',
      body: BODY,
    });
    expect(created.statusCode, created.body).toBe(201);
    const tutorial = created.json<AdminTutorial>();
    expect(tutorial).toMatchObject({
      slug: 'reviewing-a-fire-safety-policy',
      published: false,
      edited: true,
      position: Math.max(...readSeedTutorials().map((seed) => seed.position)) + 1,
      sections: ['Before you start'],
    });
    expect(await publishedSlugs()).not.toContain(tutorial.slug);
    expect((await send(standard, 'GET', `/api/tutorials/${tutorial.slug}`)).statusCode).toBe(404);
    expect((await eventsOf('tutorials.created', tutorial.id)).map((event) => [event.actorUserId, event.data])).toEqual([
      [admin.user.id, { slug: tutorial.slug }],
    ]);

    const published = await send(admin, 'POST', `/api/admin/tutorials/${tutorial.id}`, { published: true });
    expect(published.json<AdminTutorial>().published).toBe(true);
    expect(await publishedSlugs()).toContain(tutorial.slug);
    expect((await eventsOf('tutorials.updated', tutorial.id)).map((event) => event.data)).toEqual([
      { fields: ['published'], published: true },
    ]);
  });

  test('an address in use is refused (409) and nothing is written', async () => {
    const before = (await t.db.select().from(tutorials)).length;
    const response = await send(admin, 'POST', '/api/admin/tutorials', {
      slug: 'getting-started',
      title: 'Another start',
      summary: 'A second getting started.',
      body: BODY,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<ApiErrorBody>().message).toBe('Another tutorial already has that address. Choose another.');
    expect((await t.db.select().from(tutorials)).length).toBe(before);
  });

  test.each([
    ['no title', { summary: 'S', body: 'B' }, /Title is required/],
    ['an address with spaces', { slug: 'Not A Slug', title: 'T', summary: 'S', body: 'B' }, /lower case words/],
    ['a video that is not https', { title: 'T', summary: 'S', body: 'B', video_url: 'http://example.org/v.mp4' }, /https/],
    ['a text over the limit', { title: 'T', summary: 'S', body: 'x'.repeat(50_001) }, /at most 50,000/],
    ['an unknown field', { title: 'T', summary: 'S', body: 'B', colour: 'red' }, /colour|Unrecognized/i],
  ])('refuses %s with 422, writing nothing', async (_label, payload, message) => {
    const before = (await t.db.select().from(tutorials)).length;
    const response = await send(admin, 'POST', '/api/admin/tutorials', payload);
    expect(response.statusCode).toBe(422);
    expect(JSON.stringify(response.json())).toMatch(message);
    expect((await t.db.select().from(tutorials)).length).toBe(before);
  });

  test('only an administrator may write, change or order them', async () => {
    const [first] = (await send(admin, 'GET', '/api/admin/tutorials')).json<AdminTutorialsResponse>().tutorials;
    expect((await send(null, 'GET', '/api/admin/tutorials')).statusCode).toBe(401);
    expect((await send(standard, 'GET', '/api/admin/tutorials')).statusCode).toBe(403);
    expect((await send(standard, 'POST', `/api/admin/tutorials/${first?.id}`, { title: 'Taken over' })).statusCode).toBe(403);
    expect((await send(standard, 'POST', '/api/admin/tutorials/order', { ids: [first?.id] })).statusCode).toBe(403);
    const [row] = await t.db
      .select()
      .from(tutorials)
      .where(eq(tutorials.id, first?.id ?? ''));
    expect(row?.title).not.toBe('Taken over');
  });
});

describe('changing a seeded tutorial', () => {
  test('an edit keeps the administrator’s words when the product’s text changes later', async () => {
    const list = (await send(admin, 'GET', '/api/admin/tutorials')).json<AdminTutorialsResponse>();
    const wiki = list.tutorials.find((tutorial) => tutorial.slug === 'regulatory-wiki') as AdminTutorial;
    expect(wiki.edited).toBe(false);
    const changed = await send(admin, 'POST', `/api/admin/tutorials/${wiki.id}`, { summary: 'Our own words about the wiki.' });
    expect(changed.json<AdminTutorial>()).toMatchObject({ summary: 'Our own words about the wiki.', edited: true });

    // A release with a new text of every tutorial: the edited one keeps its words.
    const next = readSeedTutorials().map((seed) => ({ ...seed, summary: `${seed.summary} (new release)` }));
    await seedTutorials(t.db, next);
    const after = (await send(admin, 'GET', '/api/admin/tutorials')).json<AdminTutorialsResponse>().tutorials;
    expect(after.find((tutorial) => tutorial.slug === 'regulatory-wiki')?.summary).toBe('Our own words about the wiki.');
    expect(after.find((tutorial) => tutorial.slug === 'writing-assistant')?.summary).toMatch(/\(new release\)$/);
  });

  test('a change that changes nothing records nothing; an unknown tutorial is 404', async () => {
    const [first] = (await send(admin, 'GET', '/api/admin/tutorials')).json<AdminTutorialsResponse>().tutorials;
    const before = (await eventsOf('tutorials.updated', first?.id)).length;
    expect((await send(admin, 'POST', `/api/admin/tutorials/${first?.id}`, { title: first?.title })).statusCode).toBe(200);
    expect((await eventsOf('tutorials.updated', first?.id)).length).toBe(before);
    expect((await send(admin, 'POST', '/api/admin/tutorials/01ARZ3NDEKTSV4RRFFQ69G5FAV', { title: 'X' })).statusCode).toBe(404);
  });
});

describe('ordering', () => {
  test('the order given is the order readers see, and a release keeps it', async () => {
    const all = (await send(admin, 'GET', '/api/admin/tutorials')).json<AdminTutorialsResponse>().tutorials;
    const reversed = [...all].reverse().map((tutorial) => tutorial.id);
    const response = await send(admin, 'POST', '/api/admin/tutorials/order', { ids: reversed });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminTutorialsResponse>().tutorials.map((tutorial) => tutorial.id)).toEqual(reversed);
    const readers = await publishedSlugs();
    const expected = [...all]
      .reverse()
      .filter((tutorial) => tutorial.published)
      .map((tutorial) => tutorial.slug);
    expect(readers).toEqual(expected);
    expect((await eventsOf('tutorials.reordered')).at(-1)?.data).toEqual({ count: all.length });

    await seedTutorials(
      t.db,
      readSeedTutorials().map((seed) => ({ ...seed, body: `${seed.body}\n\nOne more line.` })),
    );
    expect(await publishedSlugs()).toEqual(expected);
  });

  test('a list that leaves one out, or names one twice, is refused and changes nothing', async () => {
    const all = (await send(admin, 'GET', '/api/admin/tutorials')).json<AdminTutorialsResponse>().tutorials;
    const ids = all.map((tutorial) => tutorial.id);
    for (const bad of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), '01ARZ3NDEKTSV4RRFFQ69G5FAV']]) {
      expect((await send(admin, 'POST', '/api/admin/tutorials/order', { ids: bad })).statusCode).toBe(422);
    }
    const after = (await send(admin, 'GET', '/api/admin/tutorials')).json<AdminTutorialsResponse>().tutorials;
    expect(after.map((tutorial) => tutorial.id)).toEqual(ids);
  });
});

describe('slugFrom', () => {
  test('makes an address of lower case words from a title', () => {
    expect(slugFrom('Using the wiki: favourites & compare')).toBe('using-the-wiki-favourites-compare');
    expect(slugFrom('Café policies — 2026')).toBe('cafe-policies-2026');
    expect(slugFrom('!!!')).toBe('tutorial');
  });
});
