import { accountMenuButton, createVerifiedUser, openSignedIn, signIn, signOut, submitLogin, TINY_PNG } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

test('editing the name saves it and the avatar menu shows the new name and initials after a reload', async ({ page, request }) => {
  const user = await createVerifiedUser(request, 'profile-name');
  await openSignedIn(page, '/profile', user.email, user.password);
  await expect(accountMenuButton(page)).toHaveAccessibleName(
    `Account menu for ${user.firstName} ${user.surname}, initials ME, 1 unread notification`,
  );
  await expect(accountMenuButton(page).getByTestId('avatar-initials')).toHaveText('ME');

  const save = page.getByRole('button', { name: 'Save changes' });
  await expect(save).toBeDisabled();
  await page.getByLabel(/^First name/).fill('Alexandra');
  await page.getByLabel(/^Surname/).fill('Quinn');
  await save.click();
  await expect(page.getByRole('status').filter({ hasText: 'Profile updated' })).toBeVisible();
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(page.getByLabel(/^First name/)).toHaveValue('Alexandra');
  await expect(page.getByLabel(/^Surname/)).toHaveValue('Quinn');
  const avatar = accountMenuButton(page);
  await expect(avatar).toHaveAccessibleName('Account menu for Alexandra Quinn, initials AQ, 1 unread notification');
  await expect(avatar.getByTestId('avatar-initials')).toHaveText('AQ');
  await expect(page.getByRole('img', { name: 'Initials of Alexandra Quinn' })).toHaveText('AQ');

  // The menu itself opens and leads to the profile.
  await avatar.click();
  await expect(page.getByRole('menu', { name: 'Account' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('a photo can be uploaded and removed, and a text file named .png is refused', async ({ page, request }) => {
  const user = await createVerifiedUser(request, 'profile-photo');
  await openSignedIn(page, '/profile', user.email, user.password);
  const name = `${user.firstName} ${user.surname}`;
  const fileInput = page.getByLabel('Choose a profile photo');

  await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByRole('status').filter({ hasText: 'Profile photo updated' })).toBeVisible();
  const photo = page.getByRole('img', { name });
  await expect(photo).toBeVisible();
  // The stored photo is really served: the browser decoded it.
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await expect(accountMenuButton(page).locator('img')).toBeVisible();
  await expect(accountMenuButton(page).getByTestId('avatar-initials')).toHaveCount(0);

  // It is kept: after a reload the avatar is still the photo.
  await page.reload();
  await expect(page.getByRole('img', { name })).toBeVisible();
  await expect(accountMenuButton(page).locator('img')).toBeVisible();

  await page.getByRole('button', { name: 'Remove photo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Profile photo removed' })).toBeVisible();
  await expect(page.getByRole('img', { name: `Initials of ${name}` })).toHaveText('ME');
  await expect(accountMenuButton(page).getByTestId('avatar-initials')).toHaveText('ME');
  await expect(accountMenuButton(page).locator('img')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Remove photo' })).toHaveCount(0);

  // A text file with an image name and type passes the browser's check; the server reads the content and refuses it.
  await fileInput.setInputFiles({ name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('this is not an image\n') });
  await expect(page.getByRole('alert')).toContainText('Please upload a PNG, JPEG, GIF or WebP image.');
  await expect(page.getByRole('img', { name: `Initials of ${name}` })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('img', { name: `Initials of ${name}` })).toBeVisible();
});

test('changing the password: a wrong current password is refused, the right one works and the new password signs in', async ({
  page,
  request,
}) => {
  const user = await createVerifiedUser(request, 'profile-password');
  const newPassword = `${user.password}-changed`;
  await openSignedIn(page, '/profile', user.email, user.password);
  await page.getByRole('link', { name: 'Update password' }).click();
  await expect(page).toHaveURL(/\/profile\/update-password$/);

  const current = page.getByLabel(/^Current password/);
  const next = page.getByLabel(/^New password/);
  const confirm = page.getByLabel(/^Confirm new password/);
  const submit = page.getByRole('button', { name: 'Change password' });

  await current.fill('not-my-password-at-all');
  await next.fill(newPassword);
  await confirm.fill(newPassword);
  await submit.click();
  await expect(page.getByText('Your current password is incorrect.')).toBeVisible();
  await expect(current).toHaveAttribute('aria-invalid', 'true');

  await current.fill(user.password);
  await submit.click();
  await expect(page.getByRole('status').filter({ hasText: 'Password changed. Other devices have been signed out.' })).toBeVisible();
  await expect(current).toHaveValue('');
  // This device stays signed in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();

  await signOut(page);
  await submitLogin(page, user.email, user.password);
  await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is incorrect.');
  await signIn(page, user.email, newPassword);
  await expect(page).toHaveURL(/\/home$/);
});
