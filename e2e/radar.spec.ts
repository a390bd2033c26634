import { DEMO, DEMO_PASSWORD, accountMenuButton, signIn } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';
import { ingestMarkdown } from './support/ingest.ts';

const tags = { category: 'Guidance', domain: 'Water', subdomain: 'Legionella' };

test('a new edition ingested through the API tells the person who favourited the old one, and opens the comparison', async ({
  page,
  request,
}) => {
  const run = Date.now().toString(36);
  const filename = `cooling-towers-${run}.md`;
  const code = `CT-${run}`;
  const old = await ingestMarkdown(
    request,
    { name: filename, text: '# Cooling tower maintenance\n\n## Cleaning\n\nTowers are cleaned every six months.\n' },
    { ...tags, code, title: 'Cooling tower maintenance', edition: '2018' },
  );

  // The demo user favourites the old edition.
  const login = await request.post('/api/auth/login', { multipart: { email: DEMO.standard, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const { auth_token } = (await login.json()) as { auth_token: string };
  const liked = await request.post('/api/docs/set_favourite', {
    headers: { 'auth-token': auth_token },
    data: { external_id: old, like: true },
  });
  expect(liked.status()).toBe(200);

  const next = await ingestMarkdown(
    request,
    {
      name: filename,
      text: '# Cooling tower maintenance\n\n## Cleaning\n\nTowers are cleaned every three months.\n\n## Records\n\nKeep records for five years.\n',
    },
    { ...tags, code, title: 'Cooling tower maintenance', edition: '2025' },
  );

  await page.goto('/auth/login');
  await signIn(page, DEMO.standard);
  await accountMenuButton(page).first().click();
  await page.getByRole('menuitem', { name: /^Notifications/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  const notice = dialog.getByRole('listitem').filter({ hasText: `${code} “Cooling tower maintenance” has been superseded` });
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText('(2025)');

  await notice.getByRole('link', { name: 'A regulation you rely on has a new edition' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/wiki\\?compare=${old},${next}$`));
  await expect(page.getByRole('heading', { name: 'Compare documents' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'What changed' })).toContainText(/\d+ added, \d+ removed, \d+ changed/);
});
