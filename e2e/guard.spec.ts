import { DEMO, mainNav, SUPPORT_EMAIL, signIn } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

const ACCESS_DENIED_MESSAGE = `You are not authorised to access this page. If you believe you should have access, please let us know at ${SUPPORT_EMAIL}.`;

test.describe('access denied', () => {
  test('a guest on /wiki sees Access denied; Return to Home goes to /home', async ({ page }) => {
    await signIn(page, DEMO.guest);
    await page.goto('/wiki');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await expect(page.getByText(/^You are not authorised/)).toHaveText(ACCESS_DENIED_MESSAGE);
    await expect(page).toHaveURL(/\/wiki$/);

    await page.getByRole('button', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: /Tom$/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeHidden();
  });

  test('a guest on /wiki can log out from the Access denied screen', async ({ page }) => {
    await signIn(page, DEMO.guest);
    await page.goto('/wiki');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Logged out successfully.' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in to Verity' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });
});

test.describe('guest-only pages and unknown paths', () => {
  test('signed in: /auth/register goes to /home, /auth/login?sso&sig stays, unknown paths go to /home', async ({ page }) => {
    await signIn(page, DEMO.standard);

    await page.goto('/auth/register');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: /Priya$/ })).toBeVisible();

    // The forum hand-off is the one guest-only page a signed-in user may stay on: signed in, it
    // answers the forum at once (this request is not signed, so the answer is a refusal; e2e/sso.spec.ts has the round trip).
    await page.goto('/auth/login?sso=x&sig=y');
    await expect(page.getByRole('heading', { name: 'Forum sign-in failed' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login\?sso=x&sig=y$/);

    // The same page without both parameters is guest-only again.
    await page.goto('/auth/login?sso=x');
    await expect(page).toHaveURL(/\/home$/);

    await page.goto('/no-such-page');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: /Priya$/ })).toBeVisible();
  });

  test('signed out: unknown paths and / go to /auth/login', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in to Verity' })).toBeVisible();

    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});

test.describe('sidebar by role', () => {
  const STANDARD_LINKS = ['Home', 'Chat', 'Write', 'Review Assistant', 'Regulatory Wiki', 'Reports', 'Tutorials & Documentation'];

  test('a standard user sees the standard tools but not Admin or Champion Dashboard', async ({ page }) => {
    await signIn(page, DEMO.standard);
    const nav = mainNav(page);
    for (const name of STANDARD_LINKS) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(nav.getByRole('link')).toHaveCount(STANDARD_LINKS.length);
    await expect(nav.getByRole('button', { name: /^(Admin|Dashboard)/ })).toHaveCount(0);

    // The links lead where they say, and the current one is marked.
    await nav.getByRole('link', { name: 'Regulatory Wiki', exact: true }).click();
    await expect(page).toHaveURL(/\/wiki$/);
    await expect(nav.getByRole('link', { name: 'Regulatory Wiki', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1, name: 'Regulatory Wiki' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Access denied' })).toHaveCount(0);
  });

  test('a guest sees only Home', async ({ page }) => {
    await signIn(page, DEMO.guest);
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await expect(nav.getByRole('link')).toHaveCount(1);
    await expect(nav.getByRole('button')).toHaveCount(0);
  });

  test('an admin also sees Admin, and its address opens', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await expect(mainNav(page).getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute('href', '/admin');
    await expect(mainNav(page).getByRole('button', { name: /^Dashboard/ })).toHaveCount(0);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Access denied' })).toHaveCount(0);
  });

  test('a champion sees the Champion Dashboard but not Admin, and /admin is denied', async ({ page }) => {
    await signIn(page, DEMO.champion);
    const dashboard = mainNav(page).getByRole('link', { name: 'Champion Dashboard', exact: true });
    await expect(dashboard).toBeVisible();
    await expect(mainNav(page).getByRole('button', { name: /^Admin/ })).toHaveCount(0);
    await dashboard.click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Champion Dashboard' })).toBeVisible();
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  });
});

test.describe('feature flags', () => {
  test("a signed-in user's flags come with them: the menu is drawn from account/info, with no flags request of its own", async ({
    page,
  }) => {
    const flagRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/flags') flagRequests.push(request.url());
    });
    const info = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/account/info');
    await signIn(page, DEMO.standard);
    const user = (await (await info).json()) as { flags: Record<string, boolean> };
    expect(user.flags['workforce-reports']).toBe(true);
    // Reports is flagged: it is offered because the user's flags say so.
    await expect(mainNav(page).getByRole('link', { name: 'Reports', exact: true })).toBeVisible();
    const before = flagRequests.length;
    await page.reload();
    await expect(mainNav(page).getByRole('link', { name: 'Reports', exact: true })).toBeVisible();
    expect(flagRequests.length).toBe(before);
  });
});
