import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sessions, tutorialScreenshots } from '../../db/schema.ts';
import { baseUrlOf, buildTestApp, type TestApp } from '../../test/app.ts';
import { buildOrganisation, buildUser, type TestUser } from '../../test/factories.ts';
import { pngImage } from '../../test/png.ts';
import {
  browserHost,
  captureTutorialScreenshots,
  pngSize,
  readScreenshot,
  SCREENSHOT_REFERENCE,
  saveScreenshot,
  SHOT_VIEWPORT,
  shotsToTake,
  TUTORIAL_SHOTS,
  webBuildId,
} from './screenshots.ts';
import { readSeedTutorials, seedTutorials } from './seed.ts';

let t: TestApp;
let standard: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  standard = await buildUser(t, { roles: ['standard'] });
  await seedTutorials(t.db);
});

afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the tutorials’ screenshots', () => {
  test('every picture a tutorial shows is one the seed step takes, and every one taken is shown', () => {
    const referenced = new Set(readSeedTutorials().flatMap((seed) => [...seed.body.matchAll(SCREENSHOT_REFERENCE)].map((m) => m[1])));
    expect([...referenced].sort()).toEqual(TUTORIAL_SHOTS.map((shot) => shot.name).sort());
  });

  test('GET /api/tutorials/screenshots/{name}: the PNG without a session, revalidated by its build, 404 until taken', async () => {
    expect((await get('/api/tutorials/screenshots/chat')).statusCode).toBe(404);
    await saveScreenshot(t.db, { name: 'chat', build: 'build-one', png: pngImage(64, 40) });
    const response = await get('/api/tutorials/screenshots/chat');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers.etag).toBe('"build-one"');
    expect(pngSize(response.rawPayload)).toEqual({ width: 64, height: 40 });
    const again = await get('/api/tutorials/screenshots/chat', { 'if-none-match': '"build-one"' });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // A new build's picture replaces the old one.
    await saveScreenshot(t.db, { name: 'chat', build: 'build-two', png: pngImage(80, 50) });
    expect((await get('/api/tutorials/screenshots/chat', { 'if-none-match': '"build-one"' })).statusCode).toBe(200);
    expect(await t.db.select({ name: tutorialScreenshots.name }).from(tutorialScreenshots)).toHaveLength(1);
  });

  test('a malformed name is 422 and reads nothing', async () => {
    for (const name of ['Chat', '..%2Fchat', 'chat.png', `${'a'.repeat(61)}`, 'chat-']) {
      expect((await get(`/api/tutorials/screenshots/${name}`)).statusCode).toBe(422);
    }
  });

  test('a tutorial names the pictures taken of those its body shows, with their sizes', async () => {
    await saveScreenshot(t.db, { name: 'wiki', build: 'build-two', png: pngImage(32, 20) });
    const wiki = (await get('/api/tutorials/regulatory-wiki', standard.headers)).json();
    expect(wiki.screenshots).toEqual([{ name: 'wiki', width: 32, height: 20 }]);
    const review = (await get('/api/tutorials/review-assistant', standard.headers)).json();
    expect(review.screenshots).toEqual([]);
  });

  test('only a PNG is kept', async () => {
    await expect(saveScreenshot(t.db, { name: 'home', build: 'b', png: Buffer.from('<svg onload=alert(1)>') })).rejects.toThrow(
      /not a PNG/,
    );
    expect(await readScreenshot(t.db, 'home')).toBeNull();
  });

  test('a new build takes every picture again; the same build takes only those missing', async () => {
    const shots = [
      { name: 'wiki', path: '/wiki', as: 'standard' as const },
      { name: 'write', path: '/write', as: 'standard' as const },
    ];
    expect((await shotsToTake(t.db, 'build-two', shots)).map((shot) => shot.name)).toEqual(['write']);
    expect((await shotsToTake(t.db, 'build-three', shots)).map((shot) => shot.name)).toEqual(['wiki', 'write']);
  });

  test('the build is named by the web’s index.html, and there is none without one', () => {
    const dist = mkdtempSync(join(tmpdir(), 'verity-dist-'));
    try {
      expect(webBuildId(dist)).toBeNull();
      writeFileSync(join(dist, 'index.html'), '<script src="/assets/index-a1.js"></script>');
      const first = webBuildId(dist);
      writeFileSync(join(dist, 'index.html'), '<script src="/assets/index-b2.js"></script>');
      expect(first).toMatch(/^[0-9a-f]{16}$/);
      expect(webBuildId(dist)).not.toBe(first);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  test('the browser reaches the server at the interface it listens on', () => {
    expect(browserHost('0.0.0.0')).toBe('127.0.0.1');
    expect(browserHost('127.0.0.1')).toBe('127.0.0.1');
    expect(browserHost('::')).toBe('[::1]');
    expect(browserHost('::1')).toBe('[::1]');
  });
});

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

describe.runIf(existsSync(chromium) || process.env.CI)('taking the screenshots in Chromium', () => {
  let shotApp: TestApp;
  let dist: string;

  beforeAll(async () => {
    // A small web build: the page draws its heading only once the session the seed step left in
    // the browser is accepted by the server, and shows nothing for a page that never loads.
    dist = mkdtempSync(join(tmpdir(), 'verity-shot-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><title>Verity</title><main id="root"></main><script src="/assets/app.js"></script>',
    );
    writeFileSync(
      join(dist, 'assets', 'app.js'),
      `const token = localStorage.getItem('accessToken');
       if (location.pathname !== '/broken' && token && sessionStorage.getItem('onboarding_dismissed') && document.cookie.includes('verity_consent=dismissed')) {
         fetch('/api/account/info', { headers: { 'auth-token': token } }).then((r) => r.json()).then((body) => {
           const h1 = document.createElement('h1');
           h1.textContent = 'Hello ' + body.firstname + ' on ' + location.pathname;
           document.getElementById('root').append(h1);
         });
       }`,
    );
    shotApp = await buildTestApp({ WEB_DIST_DIR: dist });
  });

  afterAll(async () => {
    await shotApp?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  test('each page is pictured as its demo account sees it, a page that fails is left for later, and the sessions end', async () => {
    const organisation = await buildOrganisation(shotApp);
    const person = await buildUser(shotApp, { email: 'standard@example.org', organisationId: organisation.id, firstname: 'Priya' });
    const baseUrl = await baseUrlOf(shotApp);
    const build = webBuildId(dist) ?? '';
    const warnings: { shot?: string }[] = [];
    const log = { warn: (data: { shot?: string }) => void warnings.push(data) };
    const taken = await captureTutorialScreenshots({
      db: shotApp.db,
      log,
      baseUrl,
      build,
      chromiumPath: chromium,
      sessionPolicy: { idleMinutes: 60, absoluteDays: 1 },
      shots: [
        { name: 'wiki', path: '/wiki', as: 'standard' },
        { name: 'broken', path: '/broken', as: 'standard' },
        // No champion account exists here: its pages wait for a start that has one.
        { name: 'dashboard', path: '/dashboard', as: 'champion' },
      ],
      pageTimeoutMs: 3_000,
    });
    expect(taken).toEqual(['wiki']);
    const shot = await readScreenshot(shotApp.db, 'wiki');
    expect(shot?.build).toBe(build);
    expect(pngSize(shot?.png ?? Buffer.alloc(0))).toEqual(SHOT_VIEWPORT);
    expect(warnings.map((warning) => warning.shot)).toEqual(['broken']);
    expect(await readScreenshot(shotApp.db, 'broken')).toBeNull();
    // Only the person's own session is left: the one the pictures were taken with has ended.
    const live = await shotApp.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, person.user.id), isNull(sessions.revokedAt)));
    expect(live).toHaveLength(1);
  }, 60_000);
});
