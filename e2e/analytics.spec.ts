import { DEMO, mainNav, signIn } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

test('navigation and page views reach the server in one background batch, accepted', async ({ page }) => {
  await page.goto('/auth/login');
  await signIn(page, DEMO.standard);
  const batch = page.waitForRequest((request) => request.url().endsWith('/api/analytics/events') && request.method() === 'POST');
  await mainNav(page).getByRole('link', { name: 'Regulatory Wiki' }).click();
  const request = await batch;
  const names = (request.postDataJSON() as { events: { name: string }[] }).events.map((event) => event.name);
  expect(names).toEqual(expect.arrayContaining(['navigate_wiki', '$pageview']));
  expect((await request.response())?.status()).toBe(204);
});
