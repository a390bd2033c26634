import { createVerifiedUser, DEMO, mainNav, sessionOf, signIn, signOut } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

test('a flag turned off for one organisation hides Reports there only', async ({ page, request }) => {
  const admin = await sessionOf(request, DEMO.admin);
  const demoOrganisation = ((await (await request.get('/api/account/info', { headers: admin })).json()) as { organisation: { id: string } })
    .organisation.id;
  const setReports = (enabled: boolean | null) =>
    request.post('/api/admin/flags', {
      headers: admin,
      data: { flag: 'workforce-reports', scope: 'organisation', organisation_id: demoOrganisation, enabled },
    });

  // Someone in another organisation, signed up before the change.
  const outsider = await createVerifiedUser(request, 'flags-outsider');
  expect((await setReports(false)).status()).toBe(200);
  try {
    // In the demo organisation: no Reports in the menu, and its address leads Home.
    await signIn(page, DEMO.standard);
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
