import {
  actionLinkFromMail,
  createVerifiedUser,
  LOGGED_OUT_MESSAGE,
  loginForm,
  newUser,
  pathOf,
  signIn,
  signOut,
  submitLogin,
  submitRegistration,
  UNCLAIMED_DOMAIN,
} from './support/app.ts';
import { CONSENT_COOKIE, expect, test } from './support/fixtures.ts';

test.describe('sign-up, e-mail verification, sign-in and sign-out', () => {
  // This journey starts like a first visit: the cookie banner has not been answered yet.
  test.use({ consentAnswered: false });

  test('a new user signs up, verifies by e-mail, returns to the page first asked for and signs out', async ({ page, context }) => {
    const user = newUser('signup', UNCLAIMED_DOMAIN);

    await page.goto('/auth/register');
    await expect(page.getByRole('heading', { name: 'Create your Verity account' })).toBeVisible();

    // First visit: the consent banner says so once; without a recording service there is nothing
    // optional to accept, and 'OK' answers it for good.
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    await expect(banner).not.toContainText(/recording/i);
    await banner.getByRole('button', { name: 'OK' }).click();
    await expect(banner).toBeHidden();
    expect((await context.cookies()).find((c) => c.name === CONSENT_COOKIE)?.value).toBe('dismissed');

    await submitRegistration(page, user);
    // No organisation has verified the domain: the page asks first, and this person starts one.
    await page.getByRole('button', { name: 'Start a new organisation' }).click();

    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();
    // Registration leaves the user signed out.
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

    // The link in the real e-mail verifies the address.
    const link = await actionLinkFromMail(user.email, 'verifyEmail');
    await page.goto(pathOf(link));
    await expect(page.getByRole('heading', { name: 'E-mail verified' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue to sign in' })).toBeVisible();
    await expect(banner).toBeHidden();

    // A protected page while signed out: the guard sends us to sign in and remembers where we were.
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fprofile$/);

    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
    await expect(page.getByLabel(/^E-mail address/)).toHaveValue(user.email);
    await expect(page.getByLabel(/^First name/)).toHaveValue(user.firstName);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();

    // Sign out through the avatar menu: toast, back at /, which sends a signed-out user to sign in.
    await signOut(page);
    await expect(page.getByRole('status').filter({ hasText: LOGGED_OUT_MESSAGE })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

    // The session really is over: protected pages ask to sign in again.
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fprofile$/);
  });
});

test('forgot password: the e-mailed link sets a new password, the old one stops working and the link works once', async ({
  page,
  request,
}) => {
  const user = await createVerifiedUser(request, 'reset');
  const newPassword = `${user.password}-renewed`;

  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel(/^E-mail address/).fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();

  const link = pathOf(await actionLinkFromMail(user.email, 'resetPassword'));
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel(/^Confirm new password/).fill(newPassword);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByRole('heading', { name: 'Password updated' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue to sign in' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  // The old password is refused with a message, and the user stays on the login page.
  await submitLogin(page, user.email, user.password);
  await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is incorrect.');
  await expect(page).toHaveURL(/\/auth\/login$/);

  // The new one works.
  const form = loginForm(page);
  await form.password.fill(newPassword);
  await form.submit.click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: /Morgan$/ })).toBeVisible();
  await signOut(page);

  // The same link cannot be used a second time: it says so at once, without the form.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Failed to reset password' })).toBeVisible();
  await expect(page.getByLabel(/^New password/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  await signIn(page, user.email, newPassword);
});

test.describe('auth edges', () => {
  test('Register flags an empty confirm-password field and sends nothing', async ({ page }) => {
    const user = newUser('confirm');
    let signups = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/signup')) signups += 1;
    });
    await page.goto('/auth/register');
    await expect(page).toHaveTitle('Create account — Verity');
    await page.getByLabel(/^First name/).fill(user.firstName);
    await page.getByLabel(/^Surname/).fill(user.surname);
    await page.getByLabel(/^Job title/).fill(user.jobTitle);
    await page.getByLabel(/^Work e-mail address/).fill(user.email);
    await page.getByLabel(/^Password/).fill(user.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    const confirm = page.getByLabel(/^Confirm password/);
    await expect(confirm).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Confirm your password')).toBeVisible();
    await expect(confirm).toBeFocused();
    expect(signups).toBe(0);
  });

  test('a bogus reset link shows its error, never the new-password form', async ({ page }) => {
    await page.goto('/auth/action-handler?mode=resetPassword&oobCode=not-a-real-code');
    await expect(page.getByRole('heading', { name: 'Failed to reset password' })).toBeVisible();
    await expect(page.getByText('This link is invalid, has expired or has already been used. Please request a new one.')).toBeVisible();
    await expect(page.getByLabel(/^New password/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Update password' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/auth/forgot-password');
  });

  test('the verify-link heading does not break inside "e-mail" on a narrow screen', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/auth/action-handler?mode=verifyEmail&oobCode=not-a-real-code');
    const heading = page.getByRole('heading', { name: 'We could not verify your e-mail' });
    await expect(heading).toBeVisible();
    // The heading wraps over lines, but "e-mail" stays whole on one of them.
    const { lines, emailLines } = await heading.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      const word = [...element.querySelectorAll('span')].find((span) => span.textContent === 'e-mail');
      return { lines: tops.size, emailLines: word ? word.getClientRects().length : -1 };
    });
    expect(lines).toBeGreaterThan(1);
    expect(emailLines).toBe(1);
  });
});
