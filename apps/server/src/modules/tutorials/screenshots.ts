import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, webDistDir } from '../../config.ts';
import type { Database } from '../../db/connect.ts';
import { tutorialScreenshots, users } from '../../db/schema.ts';
import { createSession, revokeSession, sessionPolicy } from '../../core/identity/sessions.ts';
import { sha256 } from '../../lib/ids.ts';
import { serializeError } from '../../lib/log.ts';

/**
 * The tutorials' pictures of the real pages. At start, when the demo organisation exists and the
 * web build has changed since they were last taken, the seed step opens each page below in a
 * headless Chromium signed in as a demo account, and keeps a PNG of it. The pages only read: no
 * question is asked and no document opened, so the demo's figures stay as seeded. A tutorial
 * shows ![what it shows](screenshot:name); one not taken (no Chromium, TUTORIAL_SCREENSHOTS=off)
 * is simply left out of the page.
 */

export interface TutorialShot {
  name: string;
  path: string;
  /** The demo account the page is seen as. */
  as: 'standard' | 'champion';
}

export const TUTORIAL_SHOTS: readonly TutorialShot[] = [
  { name: 'home', path: '/home', as: 'standard' },
  { name: 'landing', path: '/landing', as: 'standard' },
  { name: 'chat', path: '/chat', as: 'standard' },
  { name: 'wiki', path: '/wiki', as: 'standard' },
  { name: 'write', path: '/write', as: 'standard' },
  { name: 'review', path: '/review', as: 'standard' },
  { name: 'dashboard', path: '/dashboard', as: 'champion' },
];

const DEMO_EMAILS = { standard: 'standard@example.org', champion: 'champion@example.org' } as const;

/** What a screenshot looks like on screen: a laptop's window. */
export const SHOT_VIEWPORT = { width: 1152, height: 720 };

/**
 * The web build the server serves, named by its index.html (which names every hashed asset), or
 * null when there is no build (the web is served by its development server).
 */
export function webBuildId(webDist: string): string | null {
  const index = join(webDist, 'index.html');
  if (!existsSync(index)) return null;
  return createHash('sha256').update(readFileSync(index)).digest('hex').slice(0, 16);
}

/** The shots not yet taken of this build. */
export async function shotsToTake(db: Database, build: string, shots: readonly TutorialShot[] = TUTORIAL_SHOTS): Promise<TutorialShot[]> {
  const rows = await db.select({ name: tutorialScreenshots.name, build: tutorialScreenshots.build }).from(tutorialScreenshots);
  const current = new Set(rows.filter((row) => row.build === build).map((row) => row.name));
  return shots.filter((shot) => !current.has(shot.name));
}

export async function saveScreenshot(db: Database, shot: { name: string; build: string; png: Buffer }): Promise<void> {
  const { width, height } = pngSize(shot.png);
  const values = { build: shot.build, width, height, png: shot.png, createdAt: new Date() };
  await db
    .insert(tutorialScreenshots)
    .values({ name: shot.name, ...values })
    .onConflictDoUpdate({ target: tutorialScreenshots.name, set: values });
}

/** The width and height a PNG's header gives; throws when the bytes are not a PNG. */
export function pngSize(png: Buffer): { width: number; height: number } {
  const signature = '89504e470d0a1a0a';
  if (png.length < 24 || png.subarray(0, 8).toString('hex') !== signature || png.subarray(12, 16).toString('latin1') !== 'IHDR') {
    throw new Error('not a PNG image');
  }
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The screenshots a tutorial body refers to that have been taken, with their sizes (for the page's layout). */
export async function screenshotsFor(db: Database, body: string): Promise<{ name: string; width: number; height: number }[]> {
  const names = [...new Set([...body.matchAll(SCREENSHOT_REFERENCE)].map((match) => match[1] ?? ''))];
  if (names.length === 0) return [];
  return db
    .select({ name: tutorialScreenshots.name, width: tutorialScreenshots.width, height: tutorialScreenshots.height })
    .from(tutorialScreenshots)
    .where(inArray(tutorialScreenshots.name, names));
}

/** A picture line of a tutorial: ![alt](screenshot:name). The web reads the same form (components/markdown-body.tsx). */
export const SCREENSHOT_REFERENCE = /^!\[[^\]\n]{0,300}\]\(screenshot:([a-z0-9-]{1,60})\)[ \t]*$/gm;

export async function readScreenshot(db: Database, name: string): Promise<{ png: Buffer; build: string } | null> {
  const [row] = await db
    .select({ png: tutorialScreenshots.png, build: tutorialScreenshots.build })
    .from(tutorialScreenshots)
    .where(eq(tutorialScreenshots.name, name))
    .limit(1);
  return row ?? null;
}

export interface CaptureOptions {
  db: Database;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Where this server answers, as the browser reaches it (http://127.0.0.1:PORT, https with TLS_CERT_FILE). */
  baseUrl: string;
  build: string;
  chromiumPath: string;
  sessionPolicy: { idleMinutes: number; absoluteDays: number };
  shots?: readonly TutorialShot[];
  /** The longest one page may take to settle before it is left for the next start. */
  pageTimeoutMs?: number;
}

/**
 * Takes the shots not yet taken of this build. Each demo account gets a session of its own for
 * the run, ended when it finishes; the onboarding guide and the cookie banner are answered as the
 * person would have (guide closed, cookies declined), so the page itself is what is pictured.
 * Returns the names taken; a page that fails is logged and left for the next start.
 */
export async function captureTutorialScreenshots(options: CaptureOptions): Promise<string[]> {
  const { db, log, baseUrl, build } = options;
  const todo = await shotsToTake(db, build, options.shots);
  if (todo.length === 0) return [];
  const accounts = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, Object.values(DEMO_EMAILS)));
  const byEmail = new Map(accounts.map((account) => [account.email, account.id]));
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: options.chromiumPath,
    headless: true,
    args: ['--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const opened: string[] = [];
  const taken: string[] = [];
  try {
    for (const as of ['standard', 'champion'] as const) {
      const userId = byEmail.get(DEMO_EMAILS[as]);
      const shots = todo.filter((shot) => shot.as === as);
      if (!userId || shots.length === 0) continue;
      const token = await createSession({ db, userId, policy: options.sessionPolicy, userAgent: 'Verity tutorial screenshots' });
      opened.push(sha256(token));
      // The browser reaches this server on a loopback address, which the certificate (made for the
      // public name) does not name: only then is the name not checked.
      const context = await browser.newContext({
        viewport: SHOT_VIEWPORT,
        deviceScaleFactor: 1,
        reducedMotion: 'reduce',
        ignoreHTTPSErrors: baseUrl.startsWith('https:'),
      });
      const info = await context.request.get(`${baseUrl}/api/account/info`, { headers: { 'auth-token': token } });
      if (!info.ok()) throw new Error(`account/info answered ${info.status()}`);
      const user: unknown = await info.json();
      await context.addCookies([{ name: 'verity_consent', value: 'dismissed', url: baseUrl }]);
      await context.addInitScript(
        ({ token, user, userId }) => {
          localStorage.setItem('accessToken', token);
          localStorage.setItem('user', JSON.stringify(user));
          sessionStorage.setItem('onboarding_dismissed', userId);
        },
        { token, user, userId },
      );
      const page = await context.newPage();
      page.setDefaultTimeout(options.pageTimeoutMs ?? 30_000);
      for (const shot of shots) {
        try {
          await page.goto(`${baseUrl}${shot.path}`, { waitUntil: 'networkidle' });
          await page.locator('main h1').first().waitFor({ state: 'visible' });
          // Fonts and lazily drawn parts (the dashboard's charts) finish before the picture.
          await page.evaluate(() => document.fonts.ready.then(() => undefined));
          await page.waitForLoadState('networkidle');
          const png = await page.screenshot({ type: 'png', animations: 'disabled', caret: 'hide' });
          await saveScreenshot(db, { name: shot.name, build, png });
          taken.push(shot.name);
        } catch (error) {
          log.warn({ shot: shot.name, err: serializeError(error) }, 'a tutorial screenshot could not be taken');
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
    for (const sessionId of opened) await revokeSession(db, sessionId);
  }
  return taken;
}

/**
 * At start (the demo exists): takes this build's missing screenshots in the background, so the
 * server answers meanwhile. Returns why nothing will be taken when that is worth telling the
 * person who started it (no Chromium), and the run itself for tests and the log.
 */
export function takeTutorialScreenshots(options: { config: Config; db: Database; log: FastifyBaseLogger; listenHost: string }): {
  skipped: string | null;
  done: Promise<string[]>;
} {
  const { config, db, log } = options;
  const none = (skipped: string | null) => ({ skipped, done: Promise.resolve([]) });
  if (config.TUTORIAL_SCREENSHOTS === 'off') return none(null);
  const build = webBuildId(webDistDir(config));
  if (!build) return none(null);
  if (!existsSync(config.CHROMIUM_PATH)) {
    return none(`no Chromium at ${config.CHROMIUM_PATH} (apt-get install -y chromium, or set CHROMIUM_PATH).`);
  }
  const done = captureTutorialScreenshots({
    db,
    log,
    baseUrl: `${config.tls ? 'https' : 'http'}://${browserHost(options.listenHost)}:${config.PORT}`,
    build,
    chromiumPath: config.CHROMIUM_PATH,
    sessionPolicy: sessionPolicy(config),
  }).then(
    (taken) => {
      if (taken.length > 0) log.info({ taken }, 'tutorial screenshots taken');
      return taken;
    },
    (error: unknown) => {
      log.warn({ err: serializeError(error) }, 'tutorial screenshots could not be taken');
      return [];
    },
  );
  return { skipped: null, done };
}

/** The address a browser on this machine reaches the server at, for the interface it listens on. */
export function browserHost(listenHost: string): string {
  if (listenHost === '0.0.0.0' || listenHost === '') return '127.0.0.1';
  if (listenHost === '::') return '[::1]';
  return listenHost.includes(':') && !listenHost.startsWith('[') ? `[${listenHost}]` : listenHost;
}
