/**
 * Helpers for tests of the writing assistant: a short meeting of our own, uploads through the
 * HTTP API, a worker that runs the generation jobs, and a written document stored directly (for
 * tests about access rather than writing).
 */
import type { CreateWriteDocumentResponse, WriteContent, WriteDocument, WriteFindings, WriteKind } from '@verity/shared';
import { expect } from 'vitest';
import { writeDocuments } from '../db/schema.ts';
import { WRITE_JOB_KIND, writeJobHandler } from '../modules/write/job.ts';
import { READY_NOTICE_JOB_KIND, readyNoticeJobHandler } from '../jobs/ready-notice.ts';
import { createJobWorker, type JobWorker } from '../jobs/worker.ts';
import { newId } from '../lib/ids.ts';
import { builtinWriteEngine } from '../write/builtin.ts';
import type { WriteEngine } from '../write/types.ts';
import type { TestApp } from './app.ts';
import type { TestUser } from './factories.ts';
import { type MultipartValue, multipart } from './multipart.ts';

/** A short estates meeting: a date said, apologies, a decision and two actions with owners and dates. */
export const MEETING = [
  'Dawn Ellery: Good morning. This is the estates compliance meeting on Thursday the fifth of February 2026.',
  'Dawn Ellery: Apologies from Colin Fairbairn, who is at the other site today.',
  'Rhys Maddock: The fire door survey for the east wing is finished and eleven doors need new intumescent strips.',
  'Dawn Ellery: Then we have agreed that the east wing doors are repaired before any other fire door work this quarter.',
  'Rhys Maddock: I will order the strips and have the eleven doors repaired by the end of February.',
  'Nadia Osei: I will update the fire risk assessment for the east wing by the twentieth of February.',
  'Dawn Ellery: Thank you both. We meet again on the fifth of March.',
].join('\n');

/** POST /api/write/documents with these form fields as the user (no token for null). */
export async function postTranscript(t: TestApp, user: TestUser | null, fields: Record<string, MultipartValue>) {
  const body = await multipart(fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/write/documents',
    headers: { ...(user?.headers ?? {}), ...body.headers },
    payload: body.payload,
  });
}

/**
 * A worker for the generation jobs and their ready notices, driven by the test (`drain`). The
 * notice is due at once unless `readyNoticeDelayMs` says otherwise.
 */
export function writeWorker(t: TestApp, engine: WriteEngine = builtinWriteEngine, readyNoticeDelayMs = 0): JobWorker {
  return createJobWorker({
    db: t.db,
    handlers: { [WRITE_JOB_KIND]: writeJobHandler({ engine, readyNoticeDelayMs }), [READY_NOTICE_JOB_KIND]: readyNoticeJobHandler() },
    pollIntervalMs: 60_000,
    staleAfterMs: 15 * 60_000,
    retryBaseMs: 30_000,
  });
}

/** Runs every due job of the worker's kinds. */
export async function drain(worker: JobWorker): Promise<void> {
  while (await worker.runOnce()) {
    // Every due job runs.
  }
}

/** GET /api/write/documents/{id} as the user, which must succeed. */
export async function writeDocument(t: TestApp, user: TestUser, id: string): Promise<WriteDocument> {
  const response = await t.app.inject({ method: 'GET', url: `/api/write/documents/${id}`, headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WriteDocument>();
}

/** Uploads a transcript, runs its job, and answers the document as its author then sees it. */
export async function written(
  t: TestApp,
  worker: JobWorker,
  user: TestUser,
  fields: Record<string, MultipartValue>,
): Promise<WriteDocument> {
  const response = await postTranscript(t, user, fields);
  expect(response.statusCode, response.body).toBe(202);
  await drain(worker);
  return writeDocument(t, user, response.json<CreateWriteDocumentResponse>().external_id);
}

export const STORED_FINDINGS: WriteFindings = {
  title: 'Estates compliance meeting',
  meeting_date: '2026-02-05',
  next_meeting_date: '2026-03-05',
  attendees: ['Dawn Ellery', 'Rhys Maddock', 'Nadia Osei'],
  apologies: ['Colin Fairbairn'],
  summary: ['The east wing fire doors are to be repaired first.'],
  topics: [{ title: 'Fire doors', points: ['Eleven east wing doors need new strips.'], from_line: 3, to_line: 6 }],
  decisions: [{ id: 'decision-1', text: 'The east wing doors are repaired before other fire door work.', lines: [4] }],
  actions: [
    {
      id: 'action-1',
      owner: 'Rhys Maddock',
      action: 'Order the strips and repair the eleven doors',
      due: '2026-02-28',
      due_said: 'by the end of February',
      lines: [5],
    },
    {
      id: 'action-2',
      owner: 'Nadia Osei',
      action: 'Update the east wing fire risk assessment',
      due: '2026-02-20',
      due_said: 'by the twentieth of February',
      lines: [6],
    },
  ],
  references: [],
};

export const STORED_CONTENT: WriteContent = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Decisions' }] },
    { type: 'paragraph', content: [{ type: 'text', text: 'The east wing doors are repaired first.' }] },
  ],
};

/** A written document of the owner's, stored directly (ready, version 1) from the meeting above. */
export async function storedWriteDocument(
  t: TestApp,
  owner: TestUser,
  options: { title?: string; kind?: WriteKind } = {},
): Promise<string> {
  const id = newId();
  const lines = MEETING.split('\n').map((line, index) => {
    const [speaker = '', text = ''] = line.split(': ');
    return { n: index + 1, speaker, time: null, text };
  });
  await t.db.insert(writeDocuments).values({
    id,
    organisationId: owner.user.organisationId,
    userId: owner.user.id,
    title: options.title ?? 'Estates compliance meeting',
    kind: options.kind ?? 'minutes',
    meetingDate: '2026-02-05',
    status: 'ready',
    content: STORED_CONTENT,
    version: 1,
    findings: STORED_FINDINGS,
    transcript: { format: 'plain', lines },
    engine: 'builtin',
  });
  return id;
}
