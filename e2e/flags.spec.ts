import { createVerifiedUser, DEMO, mainNav, sessionOf, signIn, signOut } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

// Two organisations of the test's own: the flag is never turned off in the demo organisation,
// which every other spec signs in to.
test('a flag turned off for one organisation hides Reports there only', async ({ page, request }) => {
  const admin = await sessionOf(request, DEMO.admin);
  const inside = await createVerifiedUser(request, 'flags-inside');
  const outsider = await createVerifiedUser(request, 'flags-outsider');
  const insideOrganisation = (
    (await (await request.get('/api/account/info', { headers: await sessionOf(request, inside.email, inside.password) })).json()) as {
      organisation: { id: string };
    }
  ).organisation.id;
  const setReports = (enabled: boolean | null) =>
    request.post('/api/admin/flags', {
      headers: admin,
      data: { flag: 'workforce-reports', scope: 'organisation', organisation_id: insideOrganisation, enabled },
    });

  expect((await setReports(false)).status()).toBe(200);
  try {
    // In that organisation: no Reports in the menu, and its address leads Home.
    await signIn(page, inside.email, inside.password);
    await expect(mainNav(page).getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Reports', exact: true })).toHaveCount(0);
    await page.goto('/reporting');
    await expect(page).toHaveURL(/\/home$/);

    // Elsewhere Reports is still there.
    await signOut(page);
    await signIn(page, outsider.email, outsider.password);
    await expect(mainNav(page).getByRole('link', { name: 'Reports', exact: true })).toBeVisible();
    await page.goto('/reporting');
    await expect(page).toHaveURL(/\/reporting$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  } finally {
    await setReports(null);
  }
});
