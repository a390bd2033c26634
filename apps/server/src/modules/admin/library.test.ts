import type {
  AdminLibraryDocument,
  AdminLibraryResponse,
  ApiErrorBody,
  LibraryJob,
  LibraryJobsResponse,
  NotificationsResponse,
  SupersedeDocumentResponse,
} from '@verity/shared';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { documentFavourites, documents, documentTerms, events, files, jobs } from '../../db/schema.ts';
import { FAILED_UPLOAD_KEEP_MS, INGEST_JOB_KIND, sweepFailedUploads } from '../../ingest/job.ts';
import { claimNextJob } from '../../jobs/queue.ts';
import type { JobWorker } from '../../jobs/worker.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildDocument, buildOrganisation, buildUser, type TestUser } from '../../test/factories.ts';
import { ingestWorker } from '../../test/ingest.ts';
import { multipart } from '../../test/multipart.ts';
import { buildCorruptPdf } from '../../test/sample-files.ts';

const MAX_BYTES = 200_000;

let t: TestApp;
let worker: JobWorker;
let admin: TestUser;
let standard: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ INGEST_MAX_BYTES: String(MAX_BYTES) });
  worker = ingestWorker(t.db);
  admin = await buildUser(t, { roles: ['verity_admin', 'standard'] });
  standard = await buildUser(t);
});

afterAll(async () => {
  await t.close();
});

const tags = { category: 'Guidance', domain: 'Water', subdomain: 'Legionella' };
const MARKDOWN = '# Flushing little-used outlets\n\nOutlets used less than weekly are flushed for several minutes each week.\n';

async function upload(who: TestUser | null, fields: Record<string, string | Blob>) {
  const body = await multipart(fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/library/documents',
    payload: body.payload,
    headers: { ...body.headers, ...(who?.headers ?? {}) },
  });
}

const drain = async () => {
  while (await worker.runOnce()) {
    // Every due job runs.
  }
};

const get = (who: TestUser | null, url: string) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const post = (who: TestUser | null, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });

async function eventsOf(kind: string, subjectId?: string) {
  return t.db
    .select()
    .from(events)
    .where(and(eq(events.kind, kind), subjectId ? eq(events.subjectId, subjectId) : undefined));
}

async function documentRow(id: string) {
  const [row] = await t.db.select().from(documents).where(eq(documents.id, id));
  return row;
}

async function fileCount() {
  const [row] = await t.db.select({ n: count() }).from(files);
  return Number(row?.n ?? 0);
}

describe('uploading to the shared library', () => {
  test('answers with the job, which the worker completes; the document is the administrator’s ingest, listed with its job', async () => {
    const response = await upload(admin, { file: new File([MARKDOWN], 'flushing.md'), code: 'WS-FLUSH', edition: '2026', ...tags });
    expect(response.statusCode, response.body).toBe(202);
    const accepted = response.json<LibraryJob>();
    expect(accepted).toMatchObject({
      status: 'queued',
      filename: 'flushing.md',
      uploaded_by: `${admin.user.firstname} ${admin.user.surname}`,
      document: null,
      retryable: false,
    });
    expect(response.headers.location).toBe(`/api/admin/library/jobs/${accepted.id}`);

    await drain();
    const done = (await get(admin, `/api/admin/library/jobs/${accepted.id}`)).json<LibraryJob>();
    expect(done).toMatchObject({ status: 'succeeded', progress: { stage: 'done' }, document: { code: 'WS-FLUSH' } });
    const documentId = done.document?.id as string;
    expect(await eventsOf('documents.ingested', documentId)).toEqual([
      expect.objectContaining({ actorUserId: admin.user.id, organisationId: null }),
    ]);

    const listed = (await get(admin, '/api/admin/library?q=ws-flush')).json<AdminLibraryResponse>();
    expect(listed.total).toBe(1);
    expect(listed.documents[0]).toMatchObject({
      id: documentId,
      code: 'WS-FLUSH',
      title: 'Flushing little-used outlets',
      edition: '2026',
      status: 'current',
      source: 'upload',
      elements: 2,
      ...tags,
    });
    const jobsListed = (await get(admin, '/api/admin/library/jobs')).json<LibraryJobsResponse>();
    expect(jobsListed.jobs.map((job) => job.id)).toContain(accepted.id);
    expect(await fileCount()).toBe(0);
  });

  test.each([
    ['no session', null, 401],
    ['a standard user', 'standard', 403],
  ] as const)('refused for %s, storing nothing', async (_label, who, status) => {
    const before = await fileCount();
    const response = await upload(who === 'standard' ? standard : null, { file: new File([MARKDOWN], 'refused.md'), ...tags });
    expect(response.statusCode).toBe(status);
    expect(await fileCount()).toBe(before);
  });

  test.each([
    ['an empty file', () => new File([], 'empty.md'), 422, /empty/],
    ['a file of no supported kind', () => new File([new Uint8Array([0, 1, 2, 3, 255, 254, 0, 0, 7])], 'blob.bin'), 422, /PDF|Word/],
    ['a file over the limit', () => new File(['a'.repeat(MAX_BYTES + 10)], 'huge.txt'), 413, /larger than/],
  ])('%s is refused with a clear message before anything is stored', async (_label, build, status, message) => {
    const before = await fileCount();
    const response = await upload(admin, { file: build(), ...tags });
    expect(response.statusCode).toBe(status);
    expect(response.json<ApiErrorBody>().message + JSON.stringify(response.json<ApiErrorBody>().detail ?? '')).toMatch(message);
    expect(await fileCount()).toBe(before);
  });

  test('the details are required and checked', async () => {
    const response = await upload(admin, { file: new File([MARKDOWN], 'untagged.md') });
    expect(response.statusCode).toBe(422);
    expect(JSON.stringify(response.json<ApiErrorBody>().detail)).toMatch(/Category is required/);
  });
});

describe('changing a document’s details', () => {
  test('changes only what differs, records the fields, and clears the replacement when made current again', async () => {
    const id = await buildDocument(t, { code: 'EDIT-1', filename: 'edit-1.md' });
    const changed = await post(admin, `/api/admin/library/${id}`, {
      title: 'Electrical safety',
      category: 'Guidance',
      domain: 'Electrical',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<AdminLibraryDocument>()).toMatchObject({ title: 'Electrical safety', domain: 'Electrical' });
    // Category was already Guidance: only the fields that changed are named.
    expect((await eventsOf('documents.updated', id)).map((event) => event.data)).toEqual([{ fields: ['title', 'domain'] }]);

    expect((await post(admin, `/api/admin/library/${id}`, { title: 'Electrical safety' })).statusCode).toBe(200);
    expect(await eventsOf('documents.updated', id)).toHaveLength(1);

    const superseded = await post(admin, `/api/admin/library/${id}`, { status: 'superseded', superseded_by: 'EDIT-2' });
    expect(superseded.json<AdminLibraryDocument>()).toMatchObject({ status: 'superseded', superseded_by: 'EDIT-2' });
    const current = await post(admin, `/api/admin/library/${id}`, { status: 'current' });
    expect(current.json<AdminLibraryDocument>()).toMatchObject({ status: 'current', superseded_by: null });
  });

  test.each([
    ['superseded without its replacement', { status: 'superseded' }, /needs the code/],
    ['current with a replacement', { superseded_by: 'X-2' }, /current document is not superseded/],
    ['an empty code', { code: '  ' }, /Code must not be empty/],
    ['nothing to change', {}, /at least one/],
    ['an unknown field', { colour: 'red' }, /colour|Unrecognized/i],
  ])('refuses %s and changes nothing', async (_label, payload, message) => {
    const id = await buildDocument(t, { code: 'EDIT-BAD', filename: `edit-bad-${Math.random()}.md` });
    const before = await documentRow(id);
    const response = await post(admin, `/api/admin/library/${id}`, payload);
    expect(response.statusCode).toBe(422);
    expect(JSON.stringify(response.json())).toMatch(message);
    expect(await documentRow(id)).toEqual(before);
    expect(await eventsOf('documents.updated', id)).toEqual([]);
  });

  test('an organisation’s own document is not part of the shared library (404), and a standard user is refused (403)', async () => {
    const trust = await buildOrganisation(t);
    const internal = await buildDocument(t, { code: 'OWN-1', filename: 'own-1.md', organisationId: trust.id });
    for (const url of [`/api/admin/library/${internal}`, `/api/admin/library/${internal}/reindex`]) {
      expect((await post(admin, url, { title: 'Taken' })).statusCode).toBe(url.endsWith('reindex') ? 404 : 404);
    }
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/library/${internal}`, headers: admin.headers })).statusCode).toBe(404);
    const shared = await buildDocument(t, { code: 'SHARED-1', filename: 'shared-1.md' });
    expect((await post(standard, `/api/admin/library/${shared}`, { title: 'Taken' })).statusCode).toBe(403);
    expect((await documentRow(internal))?.title).toBe('OWN-1 title');
    expect((await documentRow(shared))?.title).toBe('SHARED-1 title');
  });
});

describe('marking a document superseded', () => {
  test('sets the link both ways and tells the people who rely on it, once', async () => {
    const old = await buildDocument(t, { code: 'HTM 99-01', filename: 'htm-99-01-2017.md', title: 'Old guidance' });
    const next = await buildDocument(t, { code: 'HTM 99-01 (2026)', filename: 'htm-99-01-2026.md', title: 'New guidance' });
    const reader = await buildUser(t);
    await t.db.insert(documentFavourites).values({ userId: reader.user.id, documentId: old });

    const response = await post(admin, `/api/admin/library/${old}/supersede`, { superseded_by_id: next });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<SupersedeDocumentResponse>();
    expect(body).toMatchObject({ told: 1, document: { status: 'superseded', superseded_by: 'HTM 99-01 (2026)' } });
    expect(body.message).toBe('HTM 99-01 is now superseded by HTM 99-01 (2026). 1 person was told.');
    expect((await documentRow(next))?.supersedes).toEqual(['HTM 99-01']);

    const notifications = (await get(reader, '/api/notifications/user')).json<NotificationsResponse>();
    expect(JSON.stringify(notifications)).toContain('has been superseded by HTM 99-01 (2026)');
    expect((await eventsOf('documents.superseded', old)).map((event) => event.data)).toEqual([{ superseded_by: next, told: 1 }]);

    // Again: nobody is told twice, and the replacement's list does not grow.
    const again = (await post(admin, `/api/admin/library/${old}/supersede`, { superseded_by_id: next })).json<SupersedeDocumentResponse>();
    expect(again.told).toBe(0);
    expect((await documentRow(next))?.supersedes).toEqual(['HTM 99-01']);
  });

  test('refuses itself, a superseded replacement and an unknown one, changing nothing', async () => {
    const a = await buildDocument(t, { code: 'SUP-A', filename: 'sup-a.md' });
    const b = await buildDocument(t, { code: 'SUP-B', filename: 'sup-b.md', status: 'superseded' });
    const before = await documentRow(a);
    expect((await post(admin, `/api/admin/library/${a}/supersede`, { superseded_by_id: a })).statusCode).toBe(409);
    const stale = await post(admin, `/api/admin/library/${a}/supersede`, { superseded_by_id: b });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ApiErrorBody>().message).toBe('SUP-B is itself superseded. Choose the edition that is current.');
    expect((await post(admin, `/api/admin/library/${a}/supersede`, { superseded_by_id: '01ARZ3NDEKTSV4RRFFQ69G5FAV' })).statusCode).toBe(
      404,
    );
    expect((await post(admin, `/api/admin/library/${a}/supersede`, { superseded_by_id: 'nope' })).statusCode).toBe(422);
    expect(await documentRow(a)).toEqual(before);
    expect(await eventsOf('documents.superseded', a)).toEqual([]);
  });
});

describe('re-indexing and deleting', () => {
  test('re-index rebuilds lost search postings and is recorded', async () => {
    const id = await buildDocument(t, {
      code: 'IDX-1',
      filename: 'idx-1.md',
      elements: [{ type: 'paragraph', text: 'Thermostatic mixing valves are serviced every year.' }],
    });
    const postings = async () =>
      (await t.db.select({ lexeme: documentTerms.lexeme }).from(documentTerms).where(eq(documentTerms.documentId, id))).map(
        (row) => row.lexeme,
      );
    const built = (await postings()).sort();
    expect(built).toContain('thermostat');
    await t.db.delete(documentTerms).where(eq(documentTerms.documentId, id));
    expect(await postings()).toEqual([]);

    const response = await post(admin, `/api/admin/library/${id}/reindex`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string }>().message).toBe('The search index of IDX-1 was rebuilt.');
    expect((await postings()).sort()).toEqual(built);
    expect(await eventsOf('documents.reindexed', id)).toHaveLength(1);
  });

  test('deleting an upload removes it and its favourites; the older edition of its file is the newest again', async () => {
    const older = await buildDocument(t, { code: 'DEL-1', filename: 'del-1.md' });
    const newer = await buildDocument(t, { code: 'DEL-1', filename: 'del-1.md', title: 'Newer' });
    expect((await documentRow(older))?.hasNewerEdition).toBe(true);
    await t.db.insert(documentFavourites).values({ userId: standard.user.id, documentId: newer });

    const response = await t.app.inject({ method: 'DELETE', url: `/api/admin/library/${newer}`, headers: admin.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string }>().message).toBe('DEL-1 was deleted from the library.');
    expect(await documentRow(newer)).toBeUndefined();
    expect(await t.db.select().from(documentFavourites).where(eq(documentFavourites.documentId, newer))).toEqual([]);
    expect((await documentRow(older))?.hasNewerEdition).toBe(false);
    expect((await eventsOf('documents.deleted', newer)).map((event) => [event.actorUserId, event.data])).toEqual([
      [admin.user.id, { code: 'DEL-1', title: 'Newer' }],
    ]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/library/${newer}`, headers: admin.headers })).statusCode).toBe(404);
  });

  test('a seed document cannot be deleted (it would return at the next start)', async () => {
    const id = await buildDocument(t, { code: 'SEED-1', filename: 'seed-1.md' });
    await t.db.update(documents).set({ sourceKind: 'corpus' }).where(eq(documents.id, id));
    const response = await t.app.inject({ method: 'DELETE', url: `/api/admin/library/${id}`, headers: admin.headers });
    expect(response.statusCode).toBe(409);
    expect(response.json<ApiErrorBody>().message).toMatch(/built-in library .* Mark it superseded instead/);
    expect(await documentRow(id)).toBeDefined();
    expect(await eventsOf('documents.deleted', id)).toEqual([]);
  });
});

describe('failed ingestions', () => {
  test('a file the parser refused is not kept: nothing to retry', async () => {
    const response = await upload(admin, { file: new File([new Uint8Array(await buildCorruptPdf())], 'corrupt.pdf'), ...tags });
    expect(response.statusCode, response.body).toBe(202);
    await drain();
    const job = (await get(admin, `/api/admin/library/jobs/${response.json<LibraryJob>().id}`)).json<LibraryJob>();
    expect(job).toMatchObject({ status: 'failed', retryable: false, filename: 'corrupt.pdf' });
    expect(job.error).toMatch(/damaged|corrupt|could not be read/i);
    const retried = await post(admin, `/api/admin/library/jobs/${job.id}/retry`);
    expect(retried.statusCode).toBe(409);
    expect(retried.json<ApiErrorBody>().message).toBe('The file of this ingestion is no longer kept. Upload it again.');
  });

  test('one whose process died keeps its file; retried, it runs again and stores the document', async () => {
    const response = await upload(admin, { file: new File([MARKDOWN], 'interrupted.md'), code: 'INT-1', ...tags });
    const { id } = response.json<LibraryJob>();
    await claimNextJob({ db: t.db, kinds: [INGEST_JOB_KIND], now: new Date() });
    const later = new Date(Date.now() + 16 * 60_000);
    const restarted = ingestWorker(t.db, () => later);
    expect(await restarted.recoverStale()).toEqual({ failed: 1 });
    expect((await get(admin, `/api/admin/library/jobs/${id}`)).json<LibraryJob>()).toMatchObject({ status: 'failed', retryable: true });
    // A standard user cannot retry it.
    expect((await post(standard, `/api/admin/library/jobs/${id}/retry`)).statusCode).toBe(403);

    const retried = await post(admin, `/api/admin/library/jobs/${id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<LibraryJob>()).toMatchObject({ status: 'queued', attempts: 0, retryable: false });
    expect(retried.json<LibraryJob>().error).toBeUndefined();
    expect((await eventsOf('jobs.retried')).map((event) => [event.actorUserId, event.data])).toContainEqual([
      admin.user.id,
      { job_id: id, job_kind: INGEST_JOB_KIND },
    ]);
    // Only a failed one can be retried.
    expect((await post(admin, `/api/admin/library/jobs/${id}/retry`)).statusCode).toBe(409);

    await drain();
    const done = (await get(admin, `/api/admin/library/jobs/${id}`)).json<LibraryJob>();
    expect(done).toMatchObject({ status: 'succeeded', document: { code: 'INT-1' } });
    expect(await t.db.select().from(files).where(eq(files.filename, 'interrupted.md'))).toEqual([]);
  });

  test('a kept file is removed a week after its job failed', async () => {
    const response = await upload(admin, { file: new File([MARKDOWN], 'swept.md'), ...tags });
    const { id } = response.json<LibraryJob>();
    const failedAt = new Date();
    await t.db.update(jobs).set({ status: 'failed', error: 'Something went wrong', updatedAt: failedAt }).where(eq(jobs.id, id));
    expect(await sweepFailedUploads(t.db, new Date(failedAt.getTime() + FAILED_UPLOAD_KEEP_MS - 60_000))).toBe(0);
    expect(await sweepFailedUploads(t.db, new Date(failedAt.getTime() + FAILED_UPLOAD_KEEP_MS + 60_000))).toBe(1);
    expect((await get(admin, `/api/admin/library/jobs/${id}`)).json<LibraryJob>().retryable).toBe(false);
    expect((await post(admin, `/api/admin/library/jobs/${id}/retry`)).statusCode).toBe(409);
  });

  test('an unknown job is 404; a malformed id 422', async () => {
    expect((await get(admin, '/api/admin/library/jobs/01ARZ3NDEKTSV4RRFFQ69G5FAV')).statusCode).toBe(404);
    expect((await post(admin, '/api/admin/library/jobs/01ARZ3NDEKTSV4RRFFQ69G5FAV/retry')).statusCode).toBe(404);
    expect((await get(admin, '/api/admin/library/jobs/x')).statusCode).toBe(422);
  });
});
