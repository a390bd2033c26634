import type { CreateWriteDocumentResponse, NotificationsResponse } from '@verity/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { jobs } from '../../db/schema.ts';
import { READY_NOTICE_DELAY_MS, READY_NOTICE_JOB_KIND } from '../../jobs/ready-notice.ts';
import type { JobWorker } from '../../jobs/worker.ts';
import { builtinWriteEngine } from '../../write/builtin.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';
import { drain, MEETING, postTranscript, writeDocument, writeWorker } from '../../test/write.ts';

let t: TestApp;
let worker: JobWorker;

beforeAll(async () => {
  t = await buildTestApp();
  worker = writeWorker(t);
});

afterAll(async () => {
  await t.close();
});

async function upload(author: TestUser, kind = 'minutes'): Promise<CreateWriteDocumentResponse> {
  const response = await postTranscript(t, author, { text: MEETING, kind, title: 'Estates meeting, February' });
  expect(response.statusCode, response.body).toBe(202);
  return response.json<CreateWriteDocumentResponse>();
}

async function notificationsOf(user: TestUser) {
  const response = await t.app.inject({ method: 'GET', url: '/api/notifications/user', headers: user.headers });
  expect(response.statusCode).toBe(200);
  return response.json<NotificationsResponse>().notifications.filter((item) => item.title !== 'Welcome to Verity');
}

describe('telling the author their document is written', () => {
  test('by a notification naming the document and linking to it when nobody watched its page', async () => {
    const author = await buildUser(t);
    const created = await upload(author);
    await drain(worker);
    const document = await writeDocument(t, author, created.external_id);
    expect(await notificationsOf(author)).toEqual([
      expect.objectContaining({
        status: 'unread',
        title: 'Your minutes are ready',
        message: expect.stringContaining(`“${document.title}”`),
        link: `/write/${created.external_id}`,
      }),
    ]);
  });

  test('titled after what was written', async () => {
    const author = await buildUser(t);
    await upload(author, 'action_log');
    await drain(worker);
    expect((await notificationsOf(author)).map((item) => item.title)).toEqual(['Your action log is ready']);
  });

  test('not while the author’s page is following the job', async () => {
    const author = await buildUser(t);
    const created = await upload(author);
    const poll = await t.app.inject({ method: 'GET', url: `/api/write/jobs/${created.job_id}`, headers: author.headers });
    expect(poll.statusCode).toBe(200);
    await drain(worker);
    expect((await writeDocument(t, author, created.external_id)).status).toBe('ready');
    expect(await notificationsOf(author)).toEqual([]);
  });

  test('a colleague polling the job is refused and does not count as watching', async () => {
    const author = await buildUser(t);
    const colleague = await buildUser(t, { organisationId: author.user.organisationId });
    const created = await upload(author);
    const poll = await t.app.inject({ method: 'GET', url: `/api/write/jobs/${created.job_id}`, headers: colleague.headers });
    expect(poll.statusCode).toBe(404);
    await drain(worker);
    expect(await notificationsOf(author)).toHaveLength(1);
    expect(await notificationsOf(colleague)).toEqual([]);
  });
});

describe('a quick job that ends before the page has asked about it', () => {
  /** The notice waits as it does in production; the test then makes it due instead of waiting. */
  let patient: JobWorker;
  beforeAll(() => {
    patient = writeWorker(t, builtinWriteEngine, READY_NOTICE_DELAY_MS);
  });
  const noticesDue = () =>
    t.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.kind, READY_NOTICE_JOB_KIND));

  test('sends nothing when the author’s page asks after it ended: they watched it finish', async () => {
    const author = await buildUser(t);
    const created = await upload(author);
    await drain(patient);
    expect((await writeDocument(t, author, created.external_id)).status).toBe('ready');
    // The page's first poll, after the job ended, finds it finished.
    const poll = await t.app.inject({ method: 'GET', url: `/api/write/jobs/${created.job_id}`, headers: author.headers });
    expect(poll.json()).toMatchObject({ status: 'succeeded' });
    await noticesDue();
    await drain(patient);
    expect(await notificationsOf(author)).toEqual([]);
  });

  test('tells the author once the delay has passed with no page asking', async () => {
    const author = await buildUser(t);
    const created = await upload(author);
    await drain(patient);
    // Not at once: the page that asked for the document may still be loading.
    expect(await notificationsOf(author)).toEqual([]);
    await noticesDue();
    await drain(patient);
    expect(await notificationsOf(author)).toEqual([
      expect.objectContaining({ title: 'Your minutes are ready', link: `/write/${created.external_id}` }),
    ]);
  });
});
