import type { Citation, IngestDocumentResponse, IngestJobResponse, NotificationsResponse, UserNotification } from '@verity/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chatMessages, reviewFindings } from '../../db/schema.ts';
import { INGEST_JOB_KIND, ingestJobHandler } from '../../ingest/job.ts';
import { createJobWorker, type JobWorker } from '../../jobs/worker.ts';
import { newId } from '../../lib/ids.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { newSession } from '../../test/chat.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';
import { multipart } from '../../test/multipart.ts';
import { storedReview } from '../../test/review.ts';
import { SUPERSEDED_TITLE } from './radar.ts';

const TOKEN = 'radar-ingest-token-0123456789abcdef';

let t: TestApp;
let worker: JobWorker;

beforeAll(async () => {
  t = await buildTestApp({ INGESTION_TOKEN: TOKEN });
  worker = createJobWorker({
    db: t.db,
    handlers: { [INGEST_JOB_KIND]: ingestJobHandler },
    pollIntervalMs: 60_000,
    staleAfterMs: 15 * 60_000,
    retryBaseMs: 30_000,
  });
});

afterAll(async () => {
  await t.close();
});

const tags = { category: 'Guidance', domain: 'Water', subdomain: 'Legionella' };

/** Ingests one Markdown file through the ingestion API and answers the stored document's id. */
async function ingest(name: string, text: string, fields: Record<string, string | string[]>): Promise<string> {
  const body = await multipart({ file: new File([text], name), ...tags, ...fields });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/ingest/documents',
    payload: body.payload,
    headers: { ...body.headers, token: TOKEN },
  });
  expect(response.statusCode, response.body).toBe(202);
  const { job_id } = response.json<IngestDocumentResponse>();
  while (await worker.runOnce()) {
    // Every due job runs.
  }
  const job = (
    await t.app.inject({ method: 'GET', url: `/api/ingest/jobs/${job_id}`, headers: { token: TOKEN } })
  ).json<IngestJobResponse>();
  expect(job.status, JSON.stringify(job)).toBe('succeeded');
  return job.document_id as string;
}

async function favourite(user: TestUser, documentId: string): Promise<void> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/docs/set_favourite',
    headers: { ...user.headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ external_id: documentId, like: true }),
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** An answer in one of the user's conversations that cited the document. */
async function citedInChat(user: TestUser, documentId: string): Promise<void> {
  const session = await newSession(t, user, 'Flushing unused outlets');
  const citation = { index: 1, source: 'library', document_id: documentId } as unknown as Citation;
  await t.db.insert(chatMessages).values([
    { id: newId(), sessionId: session.id, position: 0, role: 'user', content: 'How often are unused outlets flushed?' },
    { id: newId(), sessionId: session.id, position: 1, role: 'assistant', content: 'Weekly [1].', citations: [citation] },
  ]);
}

/** One of the user's reviewed policies with a finding whose evidence is the document. */
async function citedInReview(user: TestUser, documentId: string): Promise<void> {
  const { findingId } = await storedReview(t, user);
  await t.db
    .update(reviewFindings)
    .set({ evidence: [{ document_id: documentId, code: 'WMP-7', title: 'Water management', element_ids: [], excerpt: null }] })
    .where(eq(reviewFindings.id, findingId));
}

async function radarNotices(user: TestUser): Promise<UserNotification[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/notifications/user', headers: user.headers });
  expect(response.statusCode).toBe(200);
  return response.json<NotificationsResponse>().notifications.filter((item) => item.title === SUPERSEDED_TITLE);
}

const FIRST = '# Water management plan\n\nUnused outlets are flushed weekly.\n';
const SECOND = '# Water management plan\n\nUnused outlets are flushed twice a week.\n';

describe('the superseded-regulation radar', () => {
  test('a new edition of a file tells, once, everyone relying on the old one, naming it and linking the comparison', async () => {
    const old = await ingest('water-management.md', FIRST, { code: 'WMP-7', title: 'Water management plan', edition: '2019' });
    const organisation = (await buildUser(t)).user.organisationId;
    const favouriter = await buildUser(t, { organisationId: organisation });
    const asker = await buildUser(t, { organisationId: organisation });
    const reviewer = await buildUser(t);
    const bystander = await buildUser(t, { organisationId: organisation });
    await favourite(favouriter, old);
    await citedInChat(asker, old);
    await citedInReview(reviewer, old);

    const next = await ingest('water-management.md', SECOND, { code: 'WMP-7', title: 'Water management plan', edition: '2024' });

    for (const person of [favouriter, asker, reviewer]) {
      const notices = await radarNotices(person);
      expect(notices).toEqual([
        expect.objectContaining({
          status: 'unread',
          message:
            'WMP-7 “Water management plan” has been superseded by WMP-7 “Water management plan” (2024). Open the comparison to see what changed.',
          link: `/wiki?compare=${old},${next}`,
        }),
      ]);
    }
    expect(await radarNotices(bystander)).toEqual([]);

    // The same file again stores nothing new; a later edition does not repeat the notice about the first.
    await ingest('water-management.md', SECOND, { code: 'WMP-7', title: 'Water management plan', edition: '2024' });
    await ingest('water-management.md', `${SECOND}\nRecords are kept for five years.\n`, { code: 'WMP-7', edition: '2025' });
    expect(await radarNotices(favouriter)).toHaveLength(1);
  });

  test('a document naming an existing code in supersedes tells who favourited that one', async () => {
    const old = await ingest('legionella-risk.md', '# Legionella risk assessment\n\nReviewed every two years.\n', {
      code: 'LRA-2',
      title: 'Legionella risk assessment',
    });
    const favouriter = await buildUser(t);
    await favourite(favouriter, old);
    const next = await ingest('legionella-risk-v3.md', '# Legionella risk assessment\n\nReviewed every year.\n', {
      code: 'LRA-3',
      title: 'Legionella risk assessment (third edition)',
      supersedes: 'LRA-2',
    });
    const [notice, ...rest] = await radarNotices(favouriter);
    expect(rest).toEqual([]);
    expect(notice?.message).toContain('superseded by LRA-3 “Legionella risk assessment (third edition)”');
    expect(notice?.link).toBe(`/wiki?compare=${old},${next}`);
  });

  test('an unrelated new document tells nobody', async () => {
    const favouriter = await buildUser(t);
    const old = await ingest('hot-water.md', '# Hot water storage\n\nStored at 60 °C.\n', { code: 'HWS-1' });
    await favourite(favouriter, old);
    await ingest('cold-water.md', '# Cold water storage\n\nKept below 20 °C.\n', { code: 'CWS-1' });
    expect(await radarNotices(favouriter)).toEqual([]);
  });
});
