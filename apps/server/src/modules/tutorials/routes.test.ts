import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tutorials } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';
import { parseTutorialFile, readSeedTutorials, type SeedTutorial, seedTutorials } from './seed.ts';

let t: TestApp;
let standard: TestUser;
let guest: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  standard = await buildUser(t, { roles: ['standard'] });
  guest = await buildUser(t, { roles: ['guest'] });
  await seedTutorials(t.db);
});

afterAll(async () => {
  await t.close();
});

const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });

describe('the product tutorials', () => {
  test('every tool and the library has one, each with a title, a summary, sections and a body in Markdown', () => {
    const seeds = readSeedTutorials();
    expect(seeds.map((seed) => seed.slug)).toEqual([
      'getting-started',
      'asking-good-questions',
      'regulatory-wiki',
      'writing-assistant',
      'review-assistant',
      'editions-and-citations',
      'champion-dashboard',
    ]);
    for (const seed of seeds) {
      expect(seed.body).toMatch(/^## /m);
      expect(seed.body).not.toMatch(/<[a-z]/i);
      // Every link goes to a page of Verity that exists, or to an https address.
      for (const [, href] of seed.body.matchAll(/(?<!!\[[^\]]*)\]\(([^)]+)\)/g))
        expect(href).toMatch(/^(?:\/tutorials\/[a-z-]+|\/[a-z-]+|https:\/\/)/);
    }
    const slugs = new Set(seeds.map((seed) => seed.slug));
    for (const seed of seeds)
      for (const [, slug] of seed.body.matchAll(/\]\(\/tutorials\/([a-z-]+)\)/g)) expect(slugs.has(slug ?? '')).toBe(true);
  });
});

describe('GET /api/tutorials', () => {
  test('lists the published tutorials in order, with their reading time and sections', async () => {
    const response = await get('/api/tutorials', standard);
    expect(response.statusCode).toBe(200);
    const list = response.json().tutorials as { slug: string; minutes: number; sections: string[] }[];
    expect(list.map((item) => item.slug)).toEqual(readSeedTutorials().map((seed) => seed.slug));
    const review = list.find((item) => item.slug === 'review-assistant');
    expect(review?.sections).toContain('What the findings mean');
    expect(review?.minutes).toBeGreaterThanOrEqual(1);
  });

  test('is for standard users: a guest is refused, no session is 401', async () => {
    expect((await get('/api/tutorials', guest)).statusCode).toBe(403);
    expect((await get('/api/tutorials')).statusCode).toBe(401);
  });
});

describe('GET /api/tutorials/{id}', () => {
  test('opens a tutorial by slug or id, for a guest too (a shared link)', async () => {
    const bySlug = await get('/api/tutorials/asking-good-questions', guest);
    expect(bySlug.statusCode).toBe(200);
    const tutorial = bySlug.json();
    expect(tutorial).toMatchObject({ slug: 'asking-good-questions', title: 'Asking good questions in Chat', video_url: null });
    expect(tutorial.body).toContain('## Phrasing a question');
    const byId = await get(`/api/tutorials/${tutorial.id}`, standard);
    expect(byId.json().slug).toBe('asking-good-questions');
  });

  test('an unknown or unpublished tutorial is 404; a malformed name is 422; no session is 401', async () => {
    expect((await get('/api/tutorials/no-such-tutorial', standard)).statusCode).toBe(404);
    await t.db.update(tutorials).set({ published: false }).where(eq(tutorials.slug, 'champion-dashboard'));
    expect((await get('/api/tutorials/champion-dashboard', standard)).statusCode).toBe(404);
    expect(((await get('/api/tutorials', standard)).json().tutorials as { slug: string }[]).map((item) => item.slug)).not.toContain(
      'champion-dashboard',
    );
    await t.db.update(tutorials).set({ published: true }).where(eq(tutorials.slug, 'champion-dashboard'));
    expect((await get('/api/tutorials/..%2Fetc', standard)).statusCode).toBe(422);
    expect((await get(`/api/tutorials/${'a'.repeat(101)}`, standard)).statusCode).toBe(422);
    expect((await get('/api/tutorials/getting-started')).statusCode).toBe(401);
  });
});

describe('seedTutorials', () => {
  const seed = (body: string): SeedTutorial => ({
    slug: 'seeded-once',
    title: 'Seeded once',
    summary: 'A tutorial for the seed test.',
    position: 99,
    videoUrl: null,
    body,
  });

  test('adds a new tutorial, follows a new text for one nobody edited, and leaves one an administrator changed', async () => {
    expect(await seedTutorials(t.db, [seed('## First\n\nThe first text.')])).toEqual({ added: 1, updated: 0 });
    expect(await seedTutorials(t.db, [seed('## First\n\nThe first text.')])).toEqual({ added: 0, updated: 0 });
    expect(await seedTutorials(t.db, [seed('## Second\n\nA better text.')])).toEqual({ added: 0, updated: 1 });
    // An administrator's edit clears the seed hash: the next seed leaves it alone.
    await t.db.update(tutorials).set({ body: '## Ours\n\nOur own words.', seedHash: null }).where(eq(tutorials.slug, 'seeded-once'));
    expect(await seedTutorials(t.db, [seed('## Third\n\nAnother text.')])).toEqual({ added: 0, updated: 0 });
    const [row] = await t.db.select().from(tutorials).where(eq(tutorials.slug, 'seeded-once'));
    expect(row?.body).toBe('## Ours\n\nOur own words.');
  });

  test('refuses a file without front matter, with a bad slug, or with a video that is not https', () => {
    expect(() => parseTutorialFile('## No front matter', 'a.md')).toThrow(/no front matter/);
    const file = (front: string) => `---\n${front}\n---\nBody`;
    expect(() => parseTutorialFile(file('slug: Bad Slug\ntitle: T\nsummary: S\nposition: 1'), 'b.md')).toThrow(/slug/);
    expect(() => parseTutorialFile(file('slug: ok\ntitle: T\nsummary: S\nposition: 1\nvideo: http://example.org/v.mp4'), 'c.md')).toThrow(
      /video/,
    );
    expect(parseTutorialFile(file('slug: ok\ntitle: T\nsummary: S\nposition: 1\nvideo: https://example.org/v.mp4'), 'd.md')).toMatchObject({
      slug: 'ok',
      videoUrl: 'https://example.org/v.mp4',
      body: 'Body',
    });
  });
});
