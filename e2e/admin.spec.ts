import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  accountMenuButton,
  createVerifiedUser,
  DEMO,
  mainNav,
  sessionOf,
  openSignedIn,
  signIn,
  signOut,
  submitLogin,
} from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';

/** Review screenshots of the admin area (not compared automatically); git ignores the folder. */
const SHOTS_DIR = fileURLToPath(new URL('./.artifacts/screenshots/', import.meta.url));

async function shoot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${SHOTS_DIR}${name}.png`, fullPage, animations: 'disabled' });
}

test.describe.configure({ timeout: 90_000 });

test('an administrator creates, renames and deactivates an organisation, whose member can then not sign in, and finds each change in the audit log', async ({
  page,
  request,
}) => {
  const suffix = Date.now().toString(36);
  const name = `Riverside Care ${suffix}`;
  // A member of an organisation of their own (sign-up makes one), given a name this test can find.
  const member = await createVerifiedUser(request, 'admin-member');
  const memberOrganisationName = `Member Trust ${suffix}`;
  const memberSession = await sessionOf(request, member.email, member.password);
  const memberOrganisationId = (
    (await (await request.get('/api/account/info', { headers: memberSession })).json()) as {
      organisation: { id: string };
    }
  ).organisation.id;
  const adminSession = await sessionOf(request, DEMO.admin);
  const rename = await request.post(`/api/admin/organisations/${memberOrganisationId}`, {
    headers: adminSession,
    data: { name: memberOrganisationName },
  });
  expect(rename.status(), await rename.text()).toBe(200);

  await signIn(page, DEMO.admin);
  await mainNav(page).getByRole('link', { name: 'Admin', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  const organisations = page.getByRole('region', { name: 'Organisations' });
  const table = organisations.getByRole('table', { name: 'Organisations' });
  await expect(table.getByRole('row', { name: /Northshire Community Health NHS Trust/ })).toContainText('Active');

  await organisations.getByRole('textbox', { name: 'New organisation' }).fill(name);
  await organisations.getByRole('button', { name: 'Create' }).click();
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  // The same name again is refused, whatever its case.
  await organisations.getByRole('textbox', { name: 'New organisation' }).fill(name.toUpperCase());
  await organisations.getByRole('button', { name: 'Create' }).click();
  await expect(organisations.getByText('Another organisation already has that name.')).toBeVisible();

  await row.getByRole('button', { name: `Rename ${name}` }).click();
  await table.getByRole('textbox', { name: 'Organisation name' }).fill(`${name} Homes`);
  await table.getByRole('textbox', { name: 'Organisation name' }).press('Enter');
  const renamed = table.getByRole('row', { name: new RegExp(`${name} Homes`) });
  await expect(renamed).toBeVisible();
  await shoot(page, 'admin-organisations');
  await expectAccessible(page, 'admin organisations');

  // The member's organisation is deactivated: their session ends and they can no longer sign in.
  const memberOrganisation = table.getByRole('row', { name: new RegExp(memberOrganisationName) });
  await expect(memberOrganisation).toBeVisible();
  await memberOrganisation.getByRole('button', { name: /^Deactivate / }).click();
  const dialog = page.getByRole('dialog', { name: /^Deactivate / });
  await expect(dialog).toContainText('Its member will be signed out');
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(memberOrganisation).toContainText('Deactivated');

  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/section=audit/);
  const audit = page.getByRole('region', { name: 'Audit log' });
  const entries = audit.getByRole('table');
  await expect(entries.getByRole('row', { name: /Organisation deactivated/ }).first()).toContainText(DEMO.admin);
  await expect(entries.getByRole('row', { name: /Organisation renamed/ }).first()).toContainText(`${name} Homes`);
  await expect(entries.getByRole('row', { name: /Organisation created/ }).first()).toContainText('127.0.0.1');
  await audit.getByRole('combobox', { name: 'Event' }).selectOption('organisations.created');
  await audit.getByRole('button', { name: 'Apply filters' }).click();
  await expect(entries.getByRole('rowheader').first()).toHaveText('Organisation created');
  await expect(entries.getByRole('rowheader', { name: 'Signed in' })).toHaveCount(0);
  await shoot(page, 'admin-audit');
  await expectAccessible(page, 'admin audit log');

  const download = page.waitForEvent('download');
  await audit.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('audit-log.csv');
  const csv = readFileSync((await file.path()) ?? '', 'utf8').split('\r\n');
  expect(csv[0]).toBe('When (UTC),Event,Organisation,Actor,Actor e-mail,Address,Record type,Record id,Record,Details');
  expect(
    csv
      .slice(1)
      .filter(Boolean)
      .every((line) => line.includes(',organisations.created,')),
  ).toBe(true);
  expect(csv.some((line) => line.includes(name))).toBe(true);

  await page.getByRole('link', { name: 'Feature flags' }).click();
  await expect(page.getByRole('region', { name: /Workforce reports/ })).toBeVisible();
  await shoot(page, 'admin-flags');
  await expectAccessible(page, 'admin feature flags');

  await page.getByRole('link', { name: 'System' }).click();
  await expect(page.getByRole('region', { name: 'Database' })).toContainText('Embedded');
  await expect(page.getByRole('region', { name: 'E-mail', exact: true })).toContainText('Through SMTP');
  // Delivered through SMTP, so listed without their text.
  const outbox = page.getByRole('region', { name: 'E-mail outbox' });
  await expect(outbox.getByRole('row', { name: /Verify your e-mail address/ }).first()).toContainText('Sent');
  await expect(outbox.getByRole('button', { name: /^Open the e-mail/ })).toHaveCount(0);
  await shoot(page, 'admin-system');
  await expectAccessible(page, 'admin system');

  expect((await request.get('/api/account/info', { headers: memberSession })).status()).toBe(401);
  await signOut(page);
  await submitLogin(page, member.email, member.password);
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toHaveCount(0);
});

test('an administrator finds a person, makes them a standard user, signs them out everywhere and deactivates them', async ({
  page,
  request,
}) => {
  const member = await createVerifiedUser(request, 'admin-person');
  const memberSession = await sessionOf(request, member.email, member.password);
  const name = `${member.firstName} ${member.surname}`;

  await openSignedIn(page, '/admin?section=people', DEMO.admin);
  const people = page.getByRole('region', { name: 'People' });
  await people.getByRole('searchbox', { name: 'Search people' }).fill(member.email);
  const row = people.getByRole('row', { name: new RegExp(member.email) });
  await expect(row).toBeVisible();
  await expect(people.getByRole('table').getByRole('row')).toHaveCount(2);

  // Sign-up made them the champion of an organisation of their own; they become a standard user.
  const role = row.getByRole('combobox', { name: `Role of ${name}` });
  await expect(role).toHaveValue('champion');
  await role.selectOption('standard');
  await expect(page.getByText(`${name} is now a standard user`).first()).toBeVisible();
  const info = await request.get('/api/account/info', { headers: memberSession });
  expect(((await info.json()) as { account_roles: string[] }).account_roles).toEqual(['standard']);
  await shoot(page, 'admin-people');
  await expectAccessible(page, 'admin people');

  await row.getByRole('button', { name: `Sign out ${name} everywhere` }).click();
  await expect(page.getByText(`${name} is signed out everywhere`).first()).toBeVisible();
  expect((await request.get('/api/account/info', { headers: memberSession })).status()).toBe(401);

  await row.getByRole('button', { name: `Deactivate ${name}` }).click();
  await page
    .getByRole('dialog', { name: `Deactivate ${name}?` })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await expect(row.getByRole('button', { name: `Reactivate ${name}` })).toBeVisible();
  const refused = await request.post('/api/auth/login', { multipart: { email: member.email, password: member.password } });
  expect(refused.status()).toBe(403);

  await page.getByRole('link', { name: 'Audit log' }).click();
  const entries = page.getByRole('region', { name: 'Audit log' }).getByRole('table');
  for (const kind of ['Account deactivated', 'Signed out everywhere', 'Roles changed']) {
    await expect(entries.getByRole('row', { name: new RegExp(kind) }).first()).toContainText(name);
  }
});

test('an administrator broadcasts to the guests, and a guest reads it in their notifications', async ({ page }) => {
  const title = `Library closed for updates ${Date.now().toString(36)}`;
  await openSignedIn(page, '/admin?section=broadcast', DEMO.admin);
  const form = page.getByRole('form', { name: 'Broadcast a notification' });
  await form.getByRole('radio', { name: 'Everyone with a role' }).check();
  await form.getByRole('combobox', { name: 'Role' }).selectOption('guest');
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByRole('textbox', { name: 'Message' }).fill('The regulatory library is being updated on Sunday morning.');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText(/^Sent to \d+ (person|people)\.$/)).toBeVisible();
  await shoot(page, 'admin-broadcast');
  await expectAccessible(page, 'admin broadcast');

  await signOut(page);
  await signIn(page, DEMO.guest);
  await accountMenuButton(page).first().click();
  await page.getByRole('menuitem', { name: /^Notifications/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  await expect(dialog.getByRole('listitem').filter({ hasText: title })).toContainText('being updated on Sunday morning');
});

test('a champion cannot open the admin area, and its API refuses them', async ({ page, request }) => {
  await signIn(page, DEMO.champion);
  await expect(mainNav(page).getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  const champion = await sessionOf(request, DEMO.champion);
  expect((await request.get('/api/admin/audit', { headers: champion })).status()).toBe(403);
});

test('an administrator adds two documents to the library, supersedes the first by the second, and deletes it; the changes are audited', async ({
  page,
}) => {
  const suffix = Date.now().toString(36).toUpperCase();
  const older = `E2E-${suffix}-A`;
  const newer = `E2E-${suffix}-B`;
  await openSignedIn(page, '/admin?section=library', DEMO.admin);
  const library = page.getByRole('region', { name: 'Regulatory library' });
  await expect(library.getByRole('table', { name: 'Library documents' })).toBeVisible();
  await shoot(page, 'admin-library-list', { fullPage: false });

  for (const code of [older, newer]) {
    await library.getByRole('button', { name: 'Add document' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a document to the library' });
    // Nothing is sent without the file and its tags.
    await dialog.getByRole('button', { name: 'Add document' }).click();
    await expect(dialog.getByText('Choose the file to add')).toBeVisible();
    await expect(dialog.getByText('Category is required')).toBeVisible();
    await dialog.getByLabel('Document file').setInputFiles({
      name: `${code.toLowerCase()}.md`,
      mimeType: 'text/markdown',
      buffer: Buffer.from(
        `# Flushing of little-used outlets ${code}\n\nOutlets used less than once a week are flushed weekly for at least three minutes.\n`,
      ),
    });
    await dialog.getByRole('combobox', { name: 'Category' }).fill('Guidance');
    await dialog.getByRole('combobox', { name: 'Domain', exact: true }).fill('Water');
    await dialog.getByRole('combobox', { name: 'Subdomain' }).fill('Legionella');
    await dialog.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
    if (code === older) await shoot(page, 'admin-library-upload', { fullPage: false });
    await dialog.getByRole('button', { name: 'Add document' }).click();
    await expect(page.getByText(`${code} added`, { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toBeHidden();
  }

  await library.getByRole('searchbox', { name: 'Search the library' }).fill(`E2E-${suffix}`);
  const table = library.getByRole('table', { name: 'Library documents' });
  const olderRow = table.getByRole('row', { name: new RegExp(`${older}\\b`) });
  await expect(olderRow).toContainText('Guidance');
  await expect(olderRow).toContainText('uploaded');
  await expect(table.getByRole('row')).toHaveCount(3);
  await shoot(page, 'admin-library');

  await olderRow.getByRole('button', { name: `Supersede ${older}` }).click();
  const supersede = page.getByRole('dialog', { name: `Supersede ${older}` });
  await supersede.getByRole('searchbox', { name: 'Find the replacement' }).fill(newer);
  await supersede.getByRole('radio', { name: new RegExp(newer) }).check();
  await shoot(page, 'admin-library-supersede');
  await supersede.getByRole('button', { name: 'Mark superseded' }).click();
  await expect(page.getByText(`${older} is now superseded by ${newer}. 0 people were told.`, { exact: true })).toBeVisible();
  await expect(olderRow).toContainText(`by ${newer}`);

  await olderRow.getByRole('button', { name: `Delete ${older}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${older}?` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${older} deleted`, { exact: true })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(`${older}\\b`) })).toHaveCount(0);

  const jobs = page.getByRole('region', { name: 'Ingestion jobs' });
  await expect(jobs.getByRole('link', { name: new RegExp(`^${newer}:`) })).toBeVisible();
  await expectAccessible(page, 'admin library');

  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Audit log' }).click();
  const audit = page.getByRole('region', { name: 'Audit log' });
  await expect(audit.getByRole('row', { name: /Library document marked superseded/ }).first()).toContainText('0 people told');
  await expect(audit.getByRole('row', { name: /Library document deleted/ }).first()).toContainText(`code: ${older}`);
});

test('an administrator writes a tutorial with a preview, publishes it and moves it first; a standard user reads it', async ({
  browser,
  page,
  request,
}) => {
  const title = `Fire door checks ${Date.now().toString(36)}`;
  try {
    await openSignedIn(page, '/admin?section=tutorials', DEMO.admin);
    const section = page.getByRole('region', { name: 'Tutorials' });
    await expect(section.getByRole('listitem').first()).toBeVisible();
    await section.getByRole('button', { name: 'New tutorial' }).click();

    const form = page.getByRole('form', { name: 'New tutorial' });
    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    await form.getByRole('textbox', { name: 'Summary' }).fill('What to look at on a fire door each month.');
    await form
      .getByRole('textbox', { name: 'Text' })
      .fill(
        '## Each month\n\n- The door closes fully from any angle.\n- The **intumescent strips** are whole.\n\n![The review page](screenshot:review)\n',
      );
    const preview = form.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('heading', { name: 'Each month' })).toBeVisible();
    await expect(preview.getByRole('listitem')).toHaveCount(2);
    await form.getByRole('checkbox', { name: /Published/ }).check();
    await shoot(page, 'admin-tutorial-editor', { fullPage: false });
    await form.getByRole('button', { name: 'Save tutorial' }).click();
    await expect(page.getByText(`${title} is published`, { exact: true })).toBeVisible();

    // Moved to the top: the new one is last, so it goes up past every other. Counted once the list
    // shows it: counted before, the count was one short and every step looked one place too high.
    const items = section.getByRole('listitem');
    await expect(items.last()).toContainText(title);
    const count = await items.count();
    for (let step = 0; step < count - 1; step += 1) {
      await section.getByRole('button', { name: `Move ${title} up` }).click();
      await expect(items.nth(count - 2 - step)).toContainText(title);
    }
    await expect(section.getByRole('button', { name: `Move ${title} up` })).toBeDisabled();
    await shoot(page, 'admin-tutorials');
    await expectAccessible(page, 'admin tutorials');

    const reader = await browser.newPage();
    await openSignedIn(reader, '/tutorials', DEMO.standard);
    await expect(reader.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
    await reader
      .getByRole('link', { name: new RegExp(title) })
      .first()
      .click();
    await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(reader.getByText('intumescent strips')).toBeVisible();
    await reader.close();

    // Unpublished again, it leaves the readers' list (the demo's tutorials stay as they were for other tests).
    await section.getByRole('button', { name: `Unpublish ${title}` }).click();
    await expect(page.getByText(`${title} is now a draft`, { exact: true })).toBeVisible();
  } finally {
    // However the steps above ended, the tutorial is left a draft: the tutorials spec counts the demo's published ones.
    await unpublishTutorial(request, title);
  }
});

test('an administrator deletes a deactivated organisation for good, after typing its name', async ({ page, request }) => {
  const headers = await sessionOf(request, DEMO.admin);
  const name = `Closing Homes ${Date.now().toString(36)}`;
  const created = await request.post('/api/admin/organisations', { headers, data: { name } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await request.post(`/api/admin/organisations/${id}`, { headers, data: { active: false } })).status()).toBe(200);

  await openSignedIn(page, '/admin', DEMO.admin);
  const table = page.getByRole('region', { name: 'Organisations' }).getByRole('table', { name: 'Organisations' });
  const row = table.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${name} for good?` });
  await expect(dialog.getByRole('button', { name: 'Delete for good' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: `Type ${name} to confirm` }).fill(name);
  await shoot(page, 'admin-organisation-delete');
  await expectAccessible(page, 'admin organisation delete');
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(page.getByText(new RegExp(`^${name} deleted: \\d+ records removed\\.$`)).first()).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.getByRole('link', { name: 'Audit log' }).click();
  const entries = page.getByRole('region', { name: 'Audit log' }).getByRole('table');
  await expect(entries.getByRole('row', { name: /Organisation deleted/ }).first()).toContainText(name);
});

/** Makes the tutorial titled `title` a draft again, through the API, whatever a failed step left it as. */
async function unpublishTutorial(request: APIRequestContext, title: string): Promise<void> {
  const headers = await sessionOf(request, DEMO.admin);
  const listed = (await (await request.get('/api/admin/tutorials', { headers })).json()) as {
    tutorials: { id: string; title: string; published: boolean }[];
  };
  for (const tutorial of listed.tutorials) {
    if (tutorial.title !== title || !tutorial.published) continue;
    const changed = await request.post(`/api/admin/tutorials/${tutorial.id}`, { headers, data: { published: false } });
    expect(changed.status()).toBe(200);
  }
}
