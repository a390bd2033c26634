import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { ACCESS_TOKEN_STORAGE_KEY } from '../../apps/web/src/lib/constants.ts';
import { waitForMailLinks } from './mail.ts';

/** Password of every seeded demo account (global-setup seeds them with SEED_DEMO=true). */
export const DEMO_PASSWORD = 'verity-demo-2026';

export const DEMO = {
  standard: 'standard@example.org',
  guest: 'guest@example.org',
  champion: 'champion@example.org',
  admin: 'admin@example.org',
} as const;

/** The support address the server reports in /api/app-config (its default in e2e). */
export const SUPPORT_EMAIL = 'support@verity.local';

export const LOGGED_OUT_MESSAGE = 'Logged out successfully.';

export interface NewUser {
  firstName: string;
  surname: string;
  jobTitle: string;
  email: string;
  password: string;
}

/** The demo organisation's verified domain: a sign-up there asks to join it (and an invitation link may be made for it). */
export const DEMO_DOMAIN = 'example.org';

/** A domain no organisation has verified: a sign-up there starts an organisation of its own. */
export const UNCLAIMED_DOMAIN = 'e2e.example.net';

/** A user nobody has signed up with yet: unique e-mail (in the demo's domain unless said), a password no deny-list holds. */
export function newUser(label: string, domain: string = DEMO_DOMAIN): NewUser {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  return {
    firstName: 'Morgan',
    surname: 'Ellis',
    jobTitle: 'Compliance Lead',
    email: `e2e-${label}-${id}@${domain}`,
    password: `Harbour-Lantern-${id}`,
  };
}

/** Fills the register page's form for `user` and submits it. */
export async function submitRegistration(page: Page, user: NewUser): Promise<void> {
  await page.getByLabel(/^First name/).fill(user.firstName);
  await page.getByLabel(/^Surname/).fill(user.surname);
  await page.getByLabel(/^Job title/).fill(user.jobTitle);
  await page.getByLabel(/^Work e-mail address/).fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByLabel(/^Confirm password/).fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** A session for an account, through the API a browser uses: its headers for later requests. */
export async function sessionOf(
  request: APIRequestContext,
  email: string,
  password: string = DEMO_PASSWORD,
): Promise<Record<string, string>> {
  const login = await request.post('/api/auth/login', { multipart: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const { auth_token: token } = (await login.json()) as { auth_token: string };
  return { 'auth-token': token };
}

/** The link of one kind ('verifyEmail' | 'resetPassword') in the newest such mail to `email`. */
export async function actionLinkFromMail(email: string, mode: 'verifyEmail' | 'resetPassword'): Promise<string> {
  const links = await waitForMailLinks(email, `mode=${mode}`);
  // The HTML part escapes '&' as '&amp;'; the plain-text part carries the link as sent.
  const link = links.find((l) => l.includes(`/auth/action-handler?mode=${mode}&oobCode=`));
  if (!link) throw new Error(`no ${mode} link in the mail to ${email}: ${links.join(', ')}`);
  return link;
}

/** Path and query of an absolute link, so the page opens it on the test's baseURL. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/**
 * Create and verify an account through the public API only (the same calls the sign-up page and
 * the e-mailed link make), for tests that need a fresh user but are not about signing up.
 */
export async function createVerifiedUser(request: APIRequestContext, label: string): Promise<NewUser> {
  // Outside the demo's domain: the account is the champion of an organisation of its own, not a request to join the demo's.
  const user = newUser(label, UNCLAIMED_DOMAIN);
  const signup = await request.post('/api/auth/signup', {
    multipart: {
      first_name: user.firstName,
      surname: user.surname,
      job_title: user.jobTitle,
      email: user.email,
      password: user.password,
      confirm_password: user.password,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const link = new URL(await actionLinkFromMail(user.email, 'verifyEmail'));
  const verify = await request.post('/api/auth/verify-email', { data: { oobCode: link.searchParams.get('oobCode') } });
  expect(verify.status(), await verify.text()).toBe(200);
  return user;
}

export function loginForm(page: Page) {
  return {
    email: page.getByLabel(/^E-mail address/),
    password: page.getByLabel(/^Password/),
    submit: page.getByRole('button', { name: 'Sign in', exact: true }),
  };
}

/** Fill and submit the real login form (on the current page if it is the login page). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/auth/login')) await page.goto('/auth/login');
  const form = loginForm(page);
  await expect(page.getByRole('heading', { name: 'Sign in to Verity' })).toBeVisible();
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
}

/**
 * Signed in, on the home page: the app has left the login page and shows the account menu.
 *
 * A page that has opened nothing yet starts as a returning person's browser does: the session is
 * made through the API the sign-in form calls and put where the app keeps it, and the home page
 * opens with it. That skips loading and filling the form, about a second of every test that signs
 * in (the form itself is the subject of auth.spec.ts and accessibility.spec.ts). A page already
 * open (after signing out, or sent to sign in from a page it asked for) signs in through the form.
 */
export async function signIn(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  if (page.url() === 'about:blank') return openSignedIn(page, '/', email, password);
  await submitLogin(page, email, password);
  await expectSignedIn(page);
}

/**
 * Opens `path` on a page that has opened nothing yet, signed in as `email` (see `signIn`): one page
 * load where signing in and then going there took two. For a page that shows the app's shell; one
 * that refuses the person shows no account menu, so a test of a refusal signs in, then goes there.
 */
export async function openSignedIn(page: Page, path: string, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  expect(page.url(), 'openSignedIn starts from a page that has opened nothing').toBe('about:blank');
  await storeSession(page, (await sessionOf(page.request, email, password))['auth-token'] as string);
  await page.goto(path);
  await expectSignedIn(page);
}

/** The app has left the login page and shows the account menu. */
async function expectSignedIn(page: Page): Promise<void> {
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await expect(accountMenuButton(page)).toBeVisible();
}

let sessionsStored = 0;

/**
 * Hands `page` a session token as the app stores it, before its next document's scripts run, once:
 * a later load (after the app signs out, say) finds what the app left there, as in a real browser.
 * The tab's sessionStorage records which handover has run, so an earlier one never repeats.
 */
async function storeSession(page: Page, token: string): Promise<void> {
  const handover = ++sessionsStored;
  await page.addInitScript(
    ({ key, token, handover }) => {
      if (Number(sessionStorage.getItem('e2e-session-handover') ?? 0) >= handover) return;
      sessionStorage.setItem('e2e-session-handover', String(handover));
      localStorage.setItem(key, token);
    },
    { key: ACCESS_TOKEN_STORAGE_KEY, token, handover },
  );
}

/** The avatar button that opens the account menu (in the desktop sidebar or the mobile top bar). */
export function accountMenuButton(page: Page) {
  return page.getByRole('button', { name: /^Account menu for/ });
}

/** Sign out through the avatar menu and check the app says so. */
export async function signOut(page: Page): Promise<void> {
  await accountMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('status').filter({ hasText: LOGGED_OUT_MESSAGE })).toBeVisible();
}

/** The main navigation: the desktop sidebar (the mobile slide-in menu is not mounted until opened). */
export function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

/** A 1×1 transparent PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
