import type { APIRequestContext } from '@playwright/test';
import { accountMenuButton, DEMO, DEMO_PASSWORD, openSignedIn, signIn } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * axe-core on every page and every dialog: no violation at all, whatever its impact, of WCAG 2.1
 * A/AA (and axe's best practices), including "the accessible name contains the visible label"
 * (label-content-name-mismatch, which axe leaves off by default). Runs in both projects of
 * playwright.config.ts: the desktop one and the 'mobile' one (Pixel 7), where the shell is the
 * phone's top bar, menu drawer and bottom bar.
 */

// One axe scan takes 3–5 s on the 2-core CI machine (injecting axe, running it, and the blank page
// axe opens to finish), and most tests here scan five to eight pages and dialogs: 30 s is too tight.
test.describe.configure({ timeout: 120_000 });

async function tokenFor(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/auth/login', { multipart: { email, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { auth_token: string }).auth_token;
}

interface Reference {
  short_id: string;
  status: string;
  filename: string;
}

/** Two editions of one document (a superseded one and the current one), for the reader and compare. */
async function editions(request: APIRequestContext, token: string): Promise<{ current: string; superseded: string | null }> {
  const response = await request.get('/api/chat/filter_data', { headers: { 'auth-token': token } });
  const { references } = (await response.json()) as { references: Reference[] };
  const superseded = references.find((r) => r.status === 'superseded');
  const current =
    references.find((r) => r.status === 'current' && (!superseded || r.filename === superseded.filename)) ??
    references.find((r) => r.status === 'current');
  if (!current) throw new Error('the seeded library has no current document');
  return { current: current.short_id, superseded: superseded?.short_id ?? null };
}

test.describe('public pages', () => {
  test.use({ consentAnswered: false });

  test('sign-in with the cookie banner, registration, forgot password, a bogus action link, 404', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Sign in to Verity' })).toBeVisible();
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    await expectAccessible(page, 'sign-in with the cookie banner');
    await banner.getByRole('button').first().click();
    await expect(banner).toHaveCount(0);

    await page.goto('/auth/register');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'register');
    // The form's own messages after an empty submit.
    await page.getByRole('button', { name: /create account/i }).click();
    await expectAccessible(page, 'register with errors');

    await page.goto('/auth/forgot-password');
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await expectAccessible(page, 'forgot password');

    await page.goto('/auth/action-handler?mode=resetPassword&oobCode=bogus');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'action handler');

    await page.goto('/auth/register-forum');
    await expect(page.getByRole('heading', { name: 'Create a community forum account' })).toBeVisible();
    await page.getByRole('button', { name: 'Create account and continue to the forum' }).click();
    await expectAccessible(page, 'forum account with errors');

    await page.goto('/microsoft-auth-callback?code=x&state=y');
    await expect(page.getByRole('heading', { name: 'Microsoft sign-in failed' })).toBeVisible();
    await expectAccessible(page, 'Microsoft callback refused');

    // Microsoft is configured here, so the page hands straight over to it; what a person reads on
    // it is the panel shown when that hand-over fails.
    await page.route('**/api/auth/microsoft/start**', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Unavailable' }) }),
    );
    await page.goto('/auth/login-sso');
    await expect(page.getByRole('heading', { name: 'Microsoft sign-in did not start' })).toBeVisible();
    await expectAccessible(page, 'single sign-on that could not start');
    await page.unroute('**/api/auth/microsoft/start**');

    await page.goto('/auth/complete-profile?token=not-a-real-invitation');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'complete profile with an invitation that cannot be verified');

    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'unknown path (signed out)');
  });

  test('complete profile from a champion’s invitation link', async ({ page, request }) => {
    const token = await tokenFor(request, DEMO.champion);
    const stamp = Date.now().toString(36);
    const created = await request.post('/api/auth/champion_create_invitation_link', {
      headers: { 'auth-token': token },
      data: { email: `e2e-axe-${stamp}@example.org`, first_name: 'Alex', last_name: 'Morgan', job_title: 'Ward manager' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { link } = (await created.json()) as { link: string };
    const url = new URL(link);
    await page.goto(`${url.pathname}${url.search}`);
    await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
    await expectAccessible(page, 'complete profile');
    // The form's own messages after a submit without a password.
    await page.getByRole('button', { name: 'Complete profile and sign in' }).click();
    await expectAccessible(page, 'complete profile with errors');
  });
});

test.describe('signed in', () => {
  test('home, the avatar menu, notifications, profile pages and the error dialog', async ({ page }) => {
    await openSignedIn(page, '/home', DEMO.standard);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'home');

    await accountMenuButton(page).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectAccessible(page, 'avatar menu');
    await page.getByRole('menuitem', { name: /^Notifications/ }).click();
    await expect(page.getByRole('dialog', { name: /notifications/i })).toBeVisible();
    await expectAccessible(page, 'notifications');
    await page.keyboard.press('Escape');

    // The profile pages' forms run past a phone's first screen, where the fixed bottom bar covers
    // the field at the fold and axe counts it as too small: each is scanned scrolled to its end.
    const toEnd = () => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
    await toEnd();
    await expectAccessible(page, 'edit profile');
    await page.goto('/profile/update-password');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await toEnd();
    await expectAccessible(page, 'update password');
    await page.goto('/profile/help-support');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await toEnd();
    await expectAccessible(page, 'help and support');

    // The global error dialog, raised by a server error on saving the profile.
    await page.goto('/profile');
    await page.route('**/api/account/update', (route) => route.fulfill({ status: 500, json: { message: 'x', request_id: 'req-axe' } }));
    await page.getByLabel(/^Job title/).fill('Estates Manager');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Server Error' })).toBeVisible();
    await expectAccessible(page, 'error dialog');
  });

  test('wiki list, reader and compare', async ({ page, request }) => {
    await signIn(page, DEMO.standard);
    const { current, superseded } = await editions(request, await tokenFor(request, DEMO.standard));
    await page.goto('/wiki');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
    await expectAccessible(page, 'wiki list');
    // A card in the compare list says so ("In compare") in its name as well as on screen.
    await page
      .getByRole('button', { name: / to compare$/ })
      .first()
      .click();
    await expect(page.getByRole('button', { name: /^In compare: remove / })).toHaveCount(1);
    await expectAccessible(page, 'wiki list with a document to compare');
    await page.getByRole('button', { name: /^Domain/ }).click();
    await expect(page.getByRole('checkbox').first()).toBeVisible();
    await expectAccessible(page, 'wiki domain filter');
    await page.keyboard.press('Escape');

    await page.goto(`/wiki/${current}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'reader');

    if (superseded) {
      await page.goto(`/wiki/${superseded}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The banner pushes the reader's actions to the foot of a phone's first screen, under the fixed
      // bottom bar, where axe counts them as too small: scanned with them in view.
      await page.getByRole('button', { name: 'Print' }).evaluate((button) => button.scrollIntoView({ block: 'center' }));
      await expectAccessible(page, 'reader of a superseded edition');
      await page.goto(`/wiki?compare=${superseded},${current}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, 'compare');
    }

    await page.goto('/wiki/ZZZZZZZZZZZZZZZZZZZZZZZZZZ');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'reader: document not found');
  });

  test('chat, a conversation, its rename and delete confirmations', async ({ page, request, isMobile }) => {
    await signIn(page, DEMO.standard);
    const token = await tokenFor(request, DEMO.standard);
    const created = await request.post('/api/chat/sessions', { headers: { 'auth-token': token }, data: { title: 'Accessibility check' } });
    const session = (await created.json()) as { id: string; title: string };
    const asked = await request.post(`/api/chat/sessions/${session.id}/messages`, {
      headers: { 'auth-token': token },
      data: { content: 'How often must emergency lighting be tested?' },
    });
    expect(await asked.text()).toContain('event: done');

    await page.goto('/chat');
    await expect(page.getByRole('textbox').first()).toBeVisible();
    await expectAccessible(page, 'chat');
    await page.getByRole('button', { name: /^Scope:/ }).click();
    await expect(page.getByRole('region', { name: 'Scope of the next question' })).toBeVisible();
    await expectAccessible(page, 'chat scope');
    await page.keyboard.press('Escape');

    await page.goto(`/chat/${session.id}`);
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'a conversation with an answer');
    // The conversations are beside the chat on a desktop, in a drawer on a phone.
    if (isMobile) await page.getByRole('button', { name: 'Conversations' }).click();
    await expect(
      page
        .getByRole('list', { name: 'Conversations' })
        .getByRole('link', { name: /Accessibility check/ })
        .first(),
    ).toBeVisible();
    if (isMobile) await expectAccessible(page, 'conversations drawer');

    const more = page.getByRole('button', { name: `More actions for “${session.title}”` }).first();
    await more.click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectAccessible(page, 'conversation actions menu');
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await expect(page.getByRole('textbox', { name: 'Conversation title' })).toBeFocused();
    await expectAccessible(page, 'rename');
    await page.keyboard.press('Escape');

    await more.click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete conversation?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'delete confirmation');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  test('write and review: their lists and start panels, a review with its findings, the dismiss form', async ({ page, request }) => {
    await signIn(page, DEMO.standard);
    const token = await tokenFor(request, DEMO.standard);
    const sample = await request.get('/api/review/sample-policy');
    const created = await request.post('/api/review/reviews', {
      headers: { 'auth-token': token },
      multipart: { file: { name: 'sample-policy.pdf', mimeType: 'application/pdf', buffer: await sample.body() } },
    });
    expect(created.status()).toBe(202);
    const { id } = (await created.json()) as { id: string };
    const transcript = await request.get('/api/write/sample-transcript', { headers: { 'auth-token': token } });
    const written = await request.post('/api/write/documents', {
      headers: { 'auth-token': token },
      multipart: {
        kind: 'minutes',
        file: { name: 'sample-transcript.docx', mimeType: transcript.headers()['content-type'] ?? '', buffer: await transcript.body() },
      },
    });
    expect(written.status()).toBe(202);
    const { external_id: minutesId } = (await written.json()) as { external_id: string };

    await page.goto('/write');
    await expect(page.getByRole('button', { name: 'Generate' })).toBeVisible();
    // The kinds of document in view: on a phone's first screen the fixed bottom bar covers most of
    // one card, and axe counts a target that is mostly covered as too small.
    await page.getByRole('group', { name: 'What to produce' }).evaluate((fieldset) => fieldset.scrollIntoView({ block: 'center' }));
    await expectAccessible(page, 'write');
    // The minutes: the editor with its toolbar, the findings and the library references beside it.
    await page.goto(`/write/${minutesId}`);
    await expect(page.getByRole('textbox', { name: 'Document text' })).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page, 'written minutes');
    await page.goto('/review');
    await expect(page.getByRole('button', { name: 'Start review' })).toBeVisible();
    await expectAccessible(page, 'review');

    await page.goto(`/review/${id}`);
    const finding = page.getByRole('article', { name: /Undefined acronym/ });
    await expect(finding).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page, 'a review with its findings');
    await finding.getByRole('button', { name: 'Dismiss' }).click();
    await expect(finding.getByLabel('Reason for dismissing')).toBeVisible();
    await expectAccessible(page, 'the dismiss form');
  });

  test("the error page shown when a page's code cannot load", async ({ page }) => {
    await openSignedIn(page, '/home', DEMO.standard);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.route('**/assets/help-support-page-*.js', (route) => route.abort());
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
    await page.getByRole('link', { name: 'Help & support' }).click();
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expectAccessible(page, 'error page');
  });

  test('access denied and an unknown path for a guest', async ({ page }) => {
    await signIn(page, DEMO.guest);
    await page.goto('/wiki');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await expectAccessible(page, 'access denied');
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'home for a guest');
  });
});

test.describe('champion and administrator', () => {
  test('dashboard, reports, tutorials and the data library', async ({ page }) => {
    await openSignedIn(page, '/dashboard', DEMO.champion);
    await expect(page.getByRole('heading', { level: 1, name: 'Champion Dashboard' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'dashboard');
    await page.goto('/reporting');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'reports');
    await page.goto('/reporting/workforce-performance');
    await expect(page.getByRole('heading', { level: 1, name: 'Workforce performance' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'workforce report');
    await page.goto('/tutorials');
    await expect(page.getByRole('heading', { level: 1, name: 'Tutorials & Documentation' })).toBeVisible();
    await expectAccessible(page, 'tutorials');
    await page.goto('/tutorials/getting-started');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'a tutorial');
    await page.goto('/landing');
    await expect(page.getByRole('link', { name: 'Open Data Library' })).toBeVisible();
    await expectAccessible(page, 'landing');
    await page.goto('/data-library');
    await expect(page.getByRole('heading', { level: 1, name: 'Data Library' })).toBeVisible();
    await expectAccessible(page, 'data library');
  });

  test('the dashboard’s member menu and dialogs: change role, hand over work, deactivate, withdraw an invitation', async ({
    page,
    request,
  }) => {
    // Five scans (a menu and four dialogs): more than the file's usual five or six pages allow for.
    test.setTimeout(150_000);
    // A pending invitation of its own, so the withdraw dialog has one to ask about.
    const champion = await tokenFor(request, DEMO.champion);
    const email = `a11y-withdraw-${Date.now().toString(36)}@example.org`;
    const invited = await request.post('/api/auth/champion_create_invitation_link', {
      headers: { 'auth-token': champion },
      data: { email, first_name: 'Ola', last_name: 'Nowak', job_title: 'Porter' },
    });
    expect(invited.status()).toBe(201);
    await openSignedIn(page, '/dashboard', DEMO.champion);
    const users = page.getByRole('region', { name: 'Users' });
    await users.getByRole('searchbox', { name: 'Search users' }).fill(DEMO.standard);
    const actions = users.getByRole('button', { name: /^Actions for / });
    await expect(actions).toHaveCount(1);
    await actions.click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectAccessible(page, 'member actions menu');
    await page.getByRole('menuitem', { name: /^Change role for / }).click();
    await expect(page.getByRole('dialog', { name: /^Change role for / })).toBeVisible();
    await expectAccessible(page, 'change role dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await actions.click();
    await page.getByRole('menuitem', { name: /^Hand over work of / }).click();
    await expect(page.getByRole('dialog', { name: /^Hand over / })).toBeVisible();
    await expect(page.getByRole('dialog').getByText(/ owns /)).toBeVisible();
    await expectAccessible(page, 'hand over dialog');
    // Close when they own nothing to hand over (other tests may or may not have given them work).
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^(Cancel|Close)$/ })
      .click();
    await actions.click();
    await page.getByRole('menuitem', { name: /^Deactivate / }).click();
    await expect(page.getByRole('dialog', { name: /^Deactivate .*\?$/ })).toBeVisible();
    await expectAccessible(page, 'deactivate dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: `Withdraw the invitation to ${email}` }).click();
    await expect(page.getByRole('dialog', { name: `Withdraw the invitation to ${email}?` })).toBeVisible();
    await expectAccessible(page, 'withdraw invitation dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  });

  test('the admin area', async ({ page }) => {
    await openSignedIn(page, '/admin', DEMO.admin);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'admin');
  });
});

test('the phone menu drawer', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'the drawer is the phone layout’s menu');
  await signIn(page, DEMO.standard);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await expectAccessible(page, 'menu drawer');
});
