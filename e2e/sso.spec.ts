import { randomUUID } from 'node:crypto';
import { accountMenuButton, DEMO, DEMO_PASSWORD, loginForm, newUser, openSignedIn, signIn, signOut } from './support/app.ts';
import { CONSENT_COOKIE, expect, test } from './support/fixtures.ts';

/** The test forum and the stand-in for Microsoft that global-setup started and pointed the server at. */
const FORUM_URL = process.env.E2E_FORUM_URL as string;
const MICROSOFT_URL = process.env.E2E_MICROSOFT_URL as string;

const SHOTS = 'e2e/.artifacts/screenshots';

test.describe('the community forum signs in through Verity', () => {
  test('signed out: the forum sends the person to sign in, and back to the forum signed in', async ({ page }) => {
    await page.goto(`${FORUM_URL}/session/sso`);
    await expect(page).toHaveURL(/\/auth\/login\?sso=.+&sig=[0-9a-f]{64}/);
    await expect(page.getByText('Sign in to continue to the community forum.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create a forum account' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/sso-forum-sign-in.png`, fullPage: true });

    const form = loginForm(page);
    await form.email.fill(DEMO.standard);
    await form.password.fill(DEMO_PASSWORD);
    await form.submit.click();
    // The forum checked Verity's signature and nonce itself before greeting the person.
    await expect(page).toHaveURL(new RegExp(`^${FORUM_URL}/session/sso_login\\?`));
    await expect(page.getByRole('heading', { name: 'Welcome to the forum, standard' })).toBeVisible();

    // Signed in to Verity now: the next forum sign-in goes straight through.
    await page.goto(`${FORUM_URL}/session/sso`);
    await expect(page.getByRole('heading', { name: 'Welcome to the forum, standard' })).toBeVisible();
  });

  test('a tampered request is refused with SPEC’s message, and the person stays in Verity', async ({ page }) => {
    await signIn(page, DEMO.standard);
    const sso = Buffer.from(`nonce=abc&return_sso_url=${encodeURIComponent('https://evil.example/session/sso_login')}`).toString('base64');
    await page.goto(`/auth/login?${new URLSearchParams({ sso, sig: 'f'.repeat(64) })}`);
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'Forum sign-in failed' })).toBeVisible();
    await expect(alert).toContainText('Login failed. Please try again.');
    await expect(page.getByRole('link', { name: 'Back to the forum' })).toHaveAttribute('href', FORUM_URL);
    await page.screenshot({ path: `${SHOTS}/sso-forum-refused.png`, fullPage: true });
    await page.getByRole('link', { name: 'Go to Verity' }).click();
    await expect(accountMenuButton(page)).toBeVisible();
  });

  test('someone new creates a forum-only account and lands on the forum asked to confirm their address', async ({ page }) => {
    const person = newUser('forum');
    await page.goto(`${FORUM_URL}/session/sso`);
    await page.getByRole('link', { name: 'Create a forum account' }).click();
    await expect(page.getByRole('heading', { name: 'Create a community forum account' })).toBeVisible();
    await page.getByLabel(/^First name/).fill(person.firstName);
    await page.getByLabel(/^Surname/).fill(person.surname);
    await page.getByLabel(/^Job title/).fill(person.jobTitle);
    await page.getByLabel(/^Organisation/).fill('Larchfield Care Home');
    await page.getByLabel(/^Work e-mail address/).fill(person.email);
    await page.getByLabel(/^Password/).fill(person.password);
    await page.getByLabel(/^Confirm password/).fill(person.password);
    await page.screenshot({ path: `${SHOTS}/sso-forum-register.png`, fullPage: true });
    await page.getByRole('button', { name: 'Create account and continue to the forum' }).click();
    await expect(page).toHaveURL(new RegExp(`^${FORUM_URL}/session/sso_login\\?`));
    const payload = Object.fromEntries(
      new URLSearchParams(Buffer.from(new URL(page.url()).searchParams.get('sso') ?? '', 'base64').toString()),
    );
    expect(payload).toMatchObject({ email: person.email, name: `${person.firstName} ${person.surname}`, require_activation: 'true' });
    await expect(page.getByRole('heading', { name: /^Welcome to the forum, e2e-forum-/ })).toBeVisible();

    // Back in Verity the same person is signed in, as a guest.
    await page.goto('/home');
    await expect(accountMenuButton(page)).toBeVisible();
  });
});

test.describe('Microsoft sign-in', () => {
  test('an administrator links the tenant; then a person of it signs in with Microsoft and has an account', async ({
    page,
    browser,
    baseURL,
  }) => {
    const tenantId = randomUUID();
    await openSignedIn(page, '/admin', DEMO.admin);
    const organisations = page.getByRole('region', { name: 'Organisations' });
    const row = organisations.getByRole('row', { name: /Northshire Community Health NHS Trust/ });
    await row.getByRole('button', { name: /^Microsoft sign-in for/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Microsoft sign-in for Northshire/ });
    await dialog.getByRole('textbox', { name: 'Tenant id' }).fill(tenantId);
    await dialog.getByRole('button', { name: 'Link tenant' }).click();
    await expect(dialog.getByText(tenantId)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/sso-admin-tenant.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await signOut(page);

    const person = await browser.newContext();
    await person.addCookies([{ name: CONSENT_COOKIE, value: 'dismissed', url: baseURL as string }]);
    const tab = await person.newPage();
    const email = `sam.okafor.${Date.now()}@northshire.nhs.test`;
    const answer = await tab.request.put(`${MICROSOFT_URL}/test/next-identity`, {
      data: { oid: randomUUID(), tid: tenantId, email, email_verified: true, name: 'Sam Okafor', given_name: 'Sam', family_name: 'Okafor' },
    });
    expect(answer.status()).toBe(204);
    await tab.goto(`/auth/login?redirect=${encodeURIComponent('/wiki')}`);
    const withMicrosoft = tab.getByRole('button', { name: 'Sign in with Microsoft' });
    await expect(withMicrosoft).toBeVisible();
    await tab.screenshot({ path: `${SHOTS}/sso-microsoft-button.png`, fullPage: true });
    await withMicrosoft.click();
    // Microsoft (here its stand-in) signs the person in and returns them to the callback page.
    await expect(tab).toHaveURL(/\/wiki/);
    await expect(accountMenuButton(tab)).toBeVisible();
    const profile = await tab.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}') as { email?: string; firstname?: string });
    expect(profile).toMatchObject({ email, firstname: 'Sam' });
    await person.close();
  });

  test('a callback opened without a sign-in started in this tab is refused with a way back', async ({ page }) => {
    await page.goto('/microsoft-auth-callback?code=stolen&state=whatever');
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'Microsoft sign-in failed' })).toBeVisible();
    await expect(alert).toContainText('This Microsoft sign-in has expired');
    await page.screenshot({ path: `${SHOTS}/sso-microsoft-refused.png`, fullPage: true });
    await expect(page.getByRole('link', { name: 'Try again with Microsoft' })).toBeVisible();
  });
});
