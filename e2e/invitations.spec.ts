import type { APIRequestContext, Page } from '@playwright/test';
import { accountMenuButton, DEMO, DEMO_PASSWORD, newUser, pathOf } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';
import { waitForMailLinks } from './support/mail.ts';

/** The champion's session token, from the public sign-in call. */
async function championToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', { multipart: { email: DEMO.champion, password: DEMO_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  return (await login.json()).auth_token as string;
}

/** The complete-profile page, filled in with a new password, submitted: it signs in and lands on /home. */
async function completeProfile(page: Page, link: string, password: string) {
  await page.goto(pathOf(link));
  await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  // The organisation comes with the invitation: the champion's, shown read-only.
  await expect(page.getByLabel(/^Organisation/)).not.toHaveValue('');
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Confirm password/).fill(password);
  await page.getByRole('button', { name: 'Complete profile and sign in' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(accountMenuButton(page)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
}

test('a champion invites by e-mail; the invited person opens the link from the message, completes the profile and is signed in', async ({
  page,
  request,
}) => {
  const person = newUser('invited');
  const token = await championToken(request);
  const invited = await request.post('/api/auth/champion_create_user', {
    headers: { 'auth-token': token },
    data: { email: person.email.toUpperCase(), first_name: person.firstName, last_name: person.surname, job_title: person.jobTitle },
  });
  expect(invited.status(), await invited.text()).toBe(201);

  // The real message, through SMTP, to the lower-cased address.
  const links = await waitForMailLinks(person.email, '/auth/complete-profile?token=');
  const link = links.find((l) => l.includes('/auth/complete-profile?token='));
  if (!link) throw new Error(`no invitation link in ${links.join(', ')}`);

  await completeProfile(page, link, person.password);

  // The link works once: opened again it says so and offers sign-in (the account exists), not a new link.
  await page.evaluate(() => localStorage.clear());
  await page.goto(pathOf(link));
  await expect(page.getByRole('heading', { name: 'Invitation already used' })).toBeVisible();
  await expect(page.getByText(/already been used/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send me a new link' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('a link invitation, shared by the champion, is opened and used', async ({ page, request }) => {
  const person = newUser('link');
  const token = await championToken(request);
  const created = await request.post('/api/auth/champion_create_invitation_link', {
    headers: { 'auth-token': token },
    data: { email: person.email, first_name: person.firstName, last_name: person.surname, job_title: person.jobTitle },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { link } = (await created.json()) as { link: string };

  await completeProfile(page, link, person.password);

  // The new account signs in with its password like any other.
  const login = await request.post('/api/auth/login', { multipart: { email: person.email, password: person.password } });
  expect(login.status()).toBe(200);
});
