import type { APIRequestContext, Page } from '@playwright/test';
import { accountMenuButton, createVerifiedUser, DEMO, DEMO_PASSWORD, sessionOf, openSignedIn, signIn, signOut } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';
import { pollJson, XSS_PAYLOADS, XSS_TEXT, xssTitle, xssWatch } from './support/xss.ts';

/**
 * The XSS corpus (support/xss.ts) typed into every place user text is shown again: chat questions,
 * conversation titles and answers quoting a library document full of markup and Markdown, a
 * transcript in the writing assistant's editor, a policy in the review's document and findings,
 * an administrator's tutorial, a person's and an organisation's names (their own pages, a
 * notification, the champion's dashboard, the administrator's tables and audit log), search results
 * with their snippets, a conversation shared with a guest, and data-library titles. On each page nothing may
 * run, nothing may become markup, and the payload must be there as text.
 */

const SHOWN = '<img src=x onerror=';

/** A document of the demo organisation's data library holding the corpus; deleted after the test. */
async function libraryDocument(request: APIRequestContext, headers: Record<string, string>, title: string): Promise<string> {
  const text = `# Hillfort legionella procedure\n\n## Monitoring\n\nHillfort legionella outlets are flushed weekly. ${XSS_TEXT}\n\n${XSS_PAYLOADS.map((payload) => `- ${payload}`).join('\n')}\n`;
  const upload = await request.post('/api/data-library/documents', {
    headers,
    multipart: { file: { name: 'hillfort.md', mimeType: 'text/markdown', buffer: Buffer.from(text) }, title },
  });
  expect(upload.status(), await upload.text()).toBe(202);
  const { id } = (await upload.json()) as { id: string };
  const job = await pollJson<{ status: string; document: { id: string } | null }>(
    request,
    `/api/data-library/jobs/${id}`,
    headers,
    (body) => body.status === 'succeeded' || body.status === 'failed',
  );
  expect(job.status).toBe('succeeded');
  return job.document?.id as string;
}

async function expectShownAsText(page: Page, text: string = SHOWN) {
  await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
}

test.describe('XSS corpus', () => {
  test('chat: questions, titles and answers quoting a hostile library document', async ({ page, request }) => {
    test.setTimeout(120_000);
    const watch = xssWatch(page);
    const headers = await sessionOf(request, DEMO.standard);
    const libraryTitle = xssTitle('Hillfort library');
    const documentId = await libraryDocument(request, headers, libraryTitle);
    try {
      const created = await request.post('/api/chat/sessions', { headers, data: { title: xssTitle('Conversation') } });
      expect(created.status(), await created.text()).toBe(201);
      const { id } = (await created.json()) as { id: string };
      const asked = await request.post(`/api/chat/sessions/${id}/messages`, {
        headers,
        data: { content: `How often are Hillfort legionella outlets flushed? ${XSS_TEXT}`, include_internal: true },
      });
      expect(asked.status()).toBe(200);
      expect(await asked.text()).toContain('event: done');

      await openSignedIn(page, `/chat/${id}`, DEMO.standard, DEMO_PASSWORD);
      await expect(page.getByText('Hillfort legionella outlets are flushed weekly', { exact: false }).first()).toBeVisible();
      await expectShownAsText(page, 'How often are Hillfort legionella outlets flushed?');
      await expectShownAsText(page);
      await watch.expectInert('a conversation with its question and answer');

      await page.goto('/wiki');
      await page.getByRole('searchbox', { name: 'Search the library' }).fill('Hillfort legionella');
      await expectShownAsText(page, libraryTitle);
      await expectShownAsText(page, 'Hillfort legionella outlets are flushed weekly');
      await watch.expectInert('search results with their snippets');

      await page.goto('/data-library');
      await expectShownAsText(page, libraryTitle);
      await watch.expectInert('the data library list');

      await page.goto(`/wiki/${documentId}`);
      await expectShownAsText(page);
      await watch.expectInert('the library document');

      // Shared with the organisation, a guest reads the same conversation.
      expect((await request.post(`/api/chat/sessions/${id}/share`, { headers })).status()).toBe(200);
      await signOut(page);
      await signIn(page, DEMO.guest);
      await page.goto(`/chat/${id}`);
      await expectShownAsText(page, 'How often are Hillfort legionella outlets flushed?');
      await expectShownAsText(page);
      await watch.expectInert('a shared conversation read by a guest');
    } finally {
      await request.delete(`/api/data-library/documents/${documentId}`, { headers });
    }
  });

  test('write: a hostile transcript and title in the editor and the list', async ({ page, request }) => {
    test.setTimeout(120_000);
    const watch = xssWatch(page);
    const headers = await sessionOf(request, DEMO.standard);
    const transcript = [
      'Dawn Ellery: This is the estates meeting on the fifth of February 2026.',
      ...XSS_PAYLOADS.map((payload) => `Rhys Maddock: I will check ${payload} by Friday.`),
      `Dawn Ellery: We agreed that ${XSS_TEXT}`,
    ].join('\n');
    const title = xssTitle('Minutes');
    const created = await request.post('/api/write/documents', { headers, multipart: { text: transcript, kind: 'minutes', title } });
    expect(created.status(), await created.text()).toBe(202);
    const { external_id: id } = (await created.json()) as { external_id: string };
    await pollJson<{ status: string }>(request, `/api/write/documents/${id}`, headers, (body) => body.status === 'ready');

    await openSignedIn(page, `/write/${id}`, DEMO.standard, DEMO_PASSWORD);
    await expectShownAsText(page);
    await watch.expectInert('a written document in the editor');
    await page.goto('/write');
    await expectShownAsText(page, title);
    await watch.expectInert('the written documents list');
  });

  test('review: a hostile policy in the document and its findings', async ({ page, request }) => {
    test.setTimeout(120_000);
    const watch = xssWatch(page);
    const headers = await sessionOf(request, DEMO.standard);
    const policy = `# Water policy ${XSS_PAYLOADS[1]}\n\n## Scope\n\nThis policy follows HTM 04-01 (2006) and the ACoP L8. ${XSS_TEXT}\n\n## Roles\n\n${XSS_PAYLOADS.map((payload) => `- The XYZQ lead ${payload}`).join('\n')}\n`;
    const created = await request.post('/api/review/reviews', {
      headers,
      multipart: { file: { name: 'policy.md', mimeType: 'text/markdown', buffer: Buffer.from(policy) }, title: xssTitle('Policy') },
    });
    expect(created.status(), await created.text()).toBe(202);
    const { id } = (await created.json()) as { id: string };
    const review = await pollJson<{ status: string; findings: unknown[] }>(request, `/api/review/reviews/${id}`, headers, (body) =>
      ['ready', 'failed'].includes(body.status),
    );
    expect(review.status).toBe('ready');
    expect(review.findings.length).toBeGreaterThan(0);

    await openSignedIn(page, `/review/${id}`, DEMO.standard, DEMO_PASSWORD);
    await expectShownAsText(page);
    await watch.expectInert('a review with its findings');
    await page.goto('/review');
    await expectShownAsText(page, 'Policy <img src=x');
    await watch.expectInert('the reviews list');
  });

  test('tutorials: an administrator’s Markdown with markup, links and images', async ({ page, request }) => {
    test.setTimeout(90_000);
    const watch = xssWatch(page);
    const admin = await sessionOf(request, DEMO.admin);
    const slug = `xss-corpus-${Date.now().toString(36)}`;
    const created = await request.post('/api/admin/tutorials', {
      headers: admin,
      data: {
        slug,
        title: xssTitle('Tutorial'),
        summary: xssTitle('Summary'),
        body: `## Steps ${XSS_PAYLOADS[0]}\n\n${XSS_PAYLOADS.map((payload) => `- ${payload}`).join('\n')}\n\n${XSS_TEXT}\n`,
        published: true,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    try {
      await openSignedIn(page, `/tutorials/${slug}`, DEMO.standard, DEMO_PASSWORD);
      await expectShownAsText(page);
      await expect(page.getByRole('link', { name: 'markdown link' })).toHaveCount(0);
      await watch.expectInert('a tutorial');
      await page.goto('/tutorials');
      await expectShownAsText(page, 'Tutorial <img src=x');
      await watch.expectInert('the tutorials list');
    } finally {
      await request.post(`/api/admin/tutorials/${id}`, { headers: admin, data: { published: false } });
    }
  });

  test('names: a person and their organisation named in markup, seen by themselves and by the administrator', async ({ page, request }) => {
    test.setTimeout(120_000);
    const watch = xssWatch(page);
    const user = await createVerifiedUser(request, 'xss');
    const headers = await sessionOf(request, user.email, user.password);
    const updated = await request.post('/api/account/update', {
      headers,
      multipart: { firstname: '<img src=x onerror=alert(1)>', surname: '<script>alert(2)</script>', job_title: XSS_PAYLOADS[3] },
    });
    expect(updated.status(), await updated.text()).toBe(200);
    const info = await request.get('/api/account/info', { headers });
    const { organisation } = (await info.json()) as { organisation: { id: string } };

    // The administrator renames their organisation and sends it a notice, both in markup.
    const admin = await sessionOf(request, DEMO.admin);
    const organisationName = xssTitle('Trust');
    const renamed = await request.post(`/api/admin/organisations/${organisation.id}`, { headers: admin, data: { name: organisationName } });
    expect(renamed.status(), await renamed.text()).toBe(200);
    const noticeTitle = xssTitle('Notice');
    const broadcast = await request.post('/api/admin/broadcast', {
      headers: admin,
      data: { title: noticeTitle, message: XSS_TEXT, audience: 'organisation', organisation_id: organisation.id },
    });
    expect(broadcast.status(), await broadcast.text()).toBe(200);

    await openSignedIn(page, '/profile', user.email, user.password);
    await expect(page.getByLabel(/^First name/)).toHaveValue('<img src=x onerror=alert(1)>');
    await watch.expectInert('the profile page and the account menu');
    await page.goto('/home');
    await watch.expectInert('the home page greeting');

    await accountMenuButton(page).first().click();
    await page.getByRole('menuitem', { name: /^Notifications/ }).click();
    const notifications = page.getByRole('dialog', { name: 'Notifications' });
    await expect(notifications.getByText(noticeTitle)).toBeVisible();
    await expect(notifications.getByText(SHOWN, { exact: false }).first()).toBeVisible();
    await watch.expectInert('a notification');
    await page.keyboard.press('Escape');

    // Sign-up made them their organisation's champion: their own name is in its users table.
    await page.goto('/dashboard');
    await expectShownAsText(page, '<script>alert(2)</script>');
    await watch.expectInert("the champion's dashboard");

    await signOut(page);
    await signIn(page, DEMO.admin);
    await page.goto('/admin?section=people');
    const people = page.getByRole('region', { name: 'People' });
    await people.getByRole('searchbox', { name: 'Search people' }).fill(user.email);
    await expect(people.getByRole('row', { name: new RegExp(user.email) })).toContainText('<img src=x onerror=alert(1)>');
    await watch.expectInert("the administrator's people");
    await page.goto('/admin?section=organisations');
    await expectShownAsText(page, organisationName);
    await watch.expectInert("the administrator's organisations");
    await page.goto('/admin?section=audit');
    const audit = page.getByRole('table', { name: /^Audit log entries/ });
    await expect(audit.getByRole('cell', { name: organisationName }).first()).toBeVisible();
    await watch.expectInert('the audit log');
  });
});
