import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, type NewUser, newUser, pathOf, sessionOf, openSignedIn, signIn, submitLogin } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * A champion running their organisation from the dashboard (issue 28): a role changed, a leaver
 * deactivated (signed out at once, refused at sign-in) and reactivated, an invitation withdrawn.
 * Each test makes its own member through the invitation API, so the demo accounts stay as they are.
 */

test.describe.configure({ timeout: 90_000 });

/** Review screenshots (not compared automatically); git ignores the folder. */
const SHOTS_DIR = fileURLToPath(new URL('./.artifacts/screenshots/', import.meta.url));

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS_DIR}members-${name}.png`, animations: 'disabled' });
}

/** A member who joined through a shared invitation link and set their password, by the API a browser uses. */
async function joinedMember(request: APIRequestContext, label: string, firstName: string): Promise<NewUser> {
  const person = { ...newUser(label), firstName };
  const champion = await sessionOf(request, DEMO.champion);
  const created = await request.post('/api/auth/champion_create_invitation_link', {
    headers: champion,
    data: { email: person.email, first_name: person.firstName, last_name: person.surname, job_title: person.jobTitle },
  });
  expect(created.status(), await created.text()).toBe(201);
  const token = new URL((await created.json()).link as string).searchParams.get('token') ?? '';
  const verified = await request.get(`/api/auth/verify_invitation?token=${encodeURIComponent(token)}`);
  expect(verified.status()).toBe(200);
  const completed = await request.post('/api/auth/complete_profile', {
    headers: { authorization: `Bearer ${(await verified.json()).token as string}` },
    multipart: { first_name: person.firstName, last_name: person.surname, job_title: person.jobTitle, new_password: person.password },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  return person;
}

/** The dashboard's users table narrowed to one person by their address; the actions menu of their row. */
async function openActions(page: Page, person: NewUser) {
  const users = page.getByRole('region', { name: 'Users' });
  await users.getByRole('searchbox', { name: 'Search users' }).fill(person.email);
  const row = users.getByRole('row').filter({ hasText: person.email });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Actions for ${person.firstName} ${person.surname}` }).click();
  return row;
}

test('a champion changes a member’s role from the users table', async ({ page, request }) => {
  const person = await joinedMember(request, 'role', 'Rowan');
  await openSignedIn(page, '/dashboard', DEMO.champion);
  const row = await openActions(page, person);
  await shoot(page, 'actions-menu');
  await page.getByRole('menuitem', { name: `Change role for ${person.firstName} ${person.surname}` }).click();
  const dialog = page.getByRole('dialog', { name: `Change role for ${person.firstName} ${person.surname}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: /Champion/ }).check();
  await shoot(page, 'change-role-dialog');
  await dialog.getByRole('button', { name: 'Save role' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByText('Champion', { exact: true })).toBeVisible();

  // They now open the dashboard themselves.
  const member = await sessionOf(request, person.email, person.password);
  expect((await request.get('/api/dashboard/organisation/metrics?days=30', { headers: member })).status()).toBe(200);
});

test('a champion deactivates a leaver, who is signed out at once and cannot sign in, then reactivates them', async ({
  page,
  browser,
  request,
}) => {
  const person = await joinedMember(request, 'leaver', 'Casey');
  const theirs = await browser.newContext();
  const theirPage = await theirs.newPage();
  await signIn(theirPage, person.email, person.password);

  await openSignedIn(page, '/dashboard', DEMO.champion);
  const row = await openActions(page, person);
  await page.getByRole('menuitem', { name: `Deactivate ${person.firstName} ${person.surname}` }).click();
  const confirm = page.getByRole('dialog', { name: `Deactivate ${person.firstName} ${person.surname}?` });
  await shoot(page, 'deactivate-dialog');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(row.getByText('Deactivated', { exact: true })).toBeVisible();
  await shoot(page, 'users-table-deactivated');

  // Their open page loses its session on the next call; signing in again is refused, saying why.
  await theirPage.goto('/profile');
  await expect(theirPage).toHaveURL(/\/auth\/login/);
  await submitLogin(theirPage, person.email, person.password);
  await expect(theirPage.getByText('This account has been disabled. Please contact your administrator.')).toBeVisible();

  await openActions(page, person);
  await page.getByRole('menuitem', { name: `Reactivate ${person.firstName} ${person.surname}` }).click();
  await expect(row.getByText('Deactivated', { exact: true })).toHaveCount(0);
  await submitLogin(theirPage, person.email, person.password);
  // Back where they were when their session ended.
  await expect(theirPage).toHaveURL(/\/profile$/);
  await theirs.close();
});

test('a champion withdraws a pending invitation, and its link then says so', async ({ page, request }) => {
  const person = newUser('withdrawn');
  const champion = await sessionOf(request, DEMO.champion);
  const created = await request.post('/api/auth/champion_create_invitation_link', {
    headers: champion,
    data: { email: person.email, first_name: 'Ola', last_name: 'Nowak', job_title: 'Porter', role: 'guest' },
  });
  expect(created.status()).toBe(201);
  const link = (await created.json()).link as string;

  await openSignedIn(page, '/dashboard', DEMO.champion);
  const pending = page.getByRole('list', { name: 'Pending invitations' });
  await pending.scrollIntoViewIfNeeded();
  await expect(pending.getByText(person.email)).toBeVisible();
  await pending.getByRole('button', { name: `Withdraw the invitation to ${person.email}` }).click();
  const confirm = page.getByRole('dialog', { name: `Withdraw the invitation to ${person.email}?` });
  await shoot(page, 'withdraw-dialog');
  await confirm.getByRole('button', { name: 'Withdraw' }).click();
  await expect(pending.getByText(person.email)).toHaveCount(0);

  await page.evaluate(() => localStorage.clear());
  await page.goto(pathOf(link));
  await expect(page.getByText("This invitation was withdrawn by your organisation's champion. Ask them for a new one.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send me a new link' })).toHaveCount(0);
});
