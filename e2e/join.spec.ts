import {
  actionLinkFromMail,
  DEMO,
  newUser,
  pathOf,
  openSignedIn,
  submitLogin,
  submitRegistration,
  UNCLAIMED_DOMAIN,
} from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { CONSENT_COOKIE, expect, test } from './support/fixtures.ts';

/**
 * Joining an organisation by e-mail domain. The demo organisation's domain (example.org) is
 * verified at seeding through approveDomain, the path `npm run org-domain` takes, so a sign-up
 * there asks to join it and its champion decides on the dashboard.
 */

const ORGANISATION = 'Northshire Community Health NHS Trust';
const CHAMPION_NAME = 'Grace Okafor';

// Two people and several axe scans (3–5 s each on the 2-core CI machine).
test.describe.configure({ timeout: 180_000 });

test('a sign-up in the demo domain waits for its champion, who approves it on the dashboard; the person then uses the app', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const person = newUser('join');
  await page.goto('/auth/register');
  await submitRegistration(page, person);
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByText(ORGANISATION)).toBeVisible();

  await page.goto(pathOf(await actionLinkFromMail(person.email, 'verifyEmail')));
  await expect(page.getByRole('heading', { name: 'E-mail verified' })).toBeVisible();
  await submitLogin(page, person.email, person.password);
  await expect(page).toHaveURL(/\/join$/);
  const waiting = page.getByRole('heading', { name: 'Your request is waiting for approval' });
  await expect(waiting).toBeVisible();
  await expect(page.getByText(CHAMPION_NAME)).toBeVisible();
  await expectAccessible(page, 'waiting for approval');
  // Nothing of the organisation's opens meanwhile.
  await page.goto('/wiki');
  await expect(page).toHaveURL(/\/join$/);
  const withdraw = page.getByRole('button', { name: 'Withdraw my request' });
  await withdraw.click();
  await expect(page.getByRole('dialog', { name: 'Withdraw your request?' })).toBeVisible();
  await expectAccessible(page, 'withdraw dialog');
  await page.getByRole('button', { name: 'Cancel' }).click();

  // A second person asks too, so the champion can look at declining without doing it.
  const other = newUser('join-other');
  const signup = await request.post('/api/auth/signup', {
    multipart: {
      first_name: 'Robin',
      surname: 'Hale',
      job_title: 'Practice Nurse',
      email: other.email,
      password: other.password,
      confirm_password: other.password,
    },
  });
  expect(signup.status()).toBe(201);

  const championContext = await browser.newContext();
  await championContext.addCookies([{ name: CONSENT_COOKIE, value: 'dismissed', url: baseURL ?? '' }]);
  const champion = await championContext.newPage();
  await openSignedIn(champion, '/dashboard', DEMO.champion);
  const requests = champion.getByRole('region', { name: 'Requests to join' });
  const name = `${person.firstName} ${person.surname}`;
  // The dashboard loads a dozen panels at once: on a busy CI machine this one can take a while.
  await expect(requests.getByText(person.email)).toBeVisible({ timeout: 30_000 });
  await expect(requests.getByText(other.email)).toBeVisible();
  await expectAccessible(champion, 'dashboard requests to join', 'section[aria-labelledby]');

  await requests.getByRole('button', { name: 'Decline Robin Hale' }).click();
  await expect(champion.getByRole('dialog', { name: 'Decline Robin Hale?' })).toBeVisible();
  await expectAccessible(champion, 'decline dialog');
  await champion.getByRole('button', { name: 'Cancel' }).click();

  await requests.getByRole('button', { name: `Approve ${name}` }).click();
  const approve = champion.getByRole('dialog', { name: `Approve ${name}?` });
  await expect(approve).toBeVisible();
  await expect(approve.getByRole('radio', { name: /Standard/ })).toBeChecked();
  await expectAccessible(champion, 'approve dialog');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(champion.getByText(`${name} can now use Verity`, { exact: true })).toBeVisible();
  await expect(requests.getByText(person.email)).toHaveCount(0);
  await championContext.close();

  // The waiting page notices (it asks again every 30 s, and on opening) and lets the person in.
  await page.goto('/join');
  await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
  await page.goto('/wiki');
  await expect(page.getByRole('heading', { name: 'Regulatory Wiki', level: 1 })).toBeVisible();
});

test('an address no organisation claims: the register page asks first, explains invitations, and starts an organisation on request', async ({
  page,
}) => {
  const person = newUser('choice', UNCLAIMED_DOMAIN);
  let signups = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/auth/signup')) signups += 1;
  });
  await page.goto('/auth/register');
  await submitRegistration(page, person);

  await expect(page.getByRole('heading', { name: 'How will you use Verity?' })).toBeVisible();
  await expect(page.getByText(UNCLAIMED_DOMAIN, { exact: true })).toBeVisible();
  await expectAccessible(page, 'register: new organisation or invitation');
  await page.getByRole('button', { name: 'Ask my champion for an invitation' }).click();
  await expect(page.getByRole('heading', { name: 'Ask your champion for an invitation' })).toBeVisible();
  await expectAccessible(page, 'register: how invitations work');
  expect(signups).toBe(0);

  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Start a new organisation' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  expect(signups).toBe(1);
});
