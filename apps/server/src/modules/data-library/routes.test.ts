import type {
  ApiErrorBody,
  CompareResponse,
  DataLibraryDocument,
  DataLibraryResponse,
  FilterDataResponse,
  LibraryJob,
  Review,
  SearchResponse,
} from '@verity/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { setFlag } from '../../core/flags.ts';
import { documents, events, files } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { ask, newSession } from '../../test/chat.ts';
import { buildDocument, buildOrganisation, buildUser, type TestUser } from '../../test/factories.ts';
import { ingestWorker } from '../../test/ingest.ts';
import { multipart } from '../../test/multipart.ts';
import { accepted, postPolicy, readReview, reviewWorker } from '../../test/review.ts';
import type { JobWorker } from '../../jobs/worker.ts';

let t: TestApp;
let worker: JobWorker;
let reviews: JobWorker;
let organisationA: string;
let organisationB: string;
let author: TestUser;
let colleague: TestUser;
let champion: TestUser;
let outsider: TestUser;

/** A procedure of organisation A's own, with words found nowhere else. */
const PROCEDURE = `# Riverside thermostatic mixing valve procedure

## Servicing

Each thermostatic mixing valve on the Riverside wards is serviced by the Riverside estates team every twelve months, and its outlet temperature is logged in the Riverside valve register.
`;

beforeAll(async () => {
  t = await buildTestApp();
  worker = ingestWorker(t.db);
  reviews = reviewWorker(t);
  organisationA = (await buildOrganisation(t, 'Riverside Health')).id;
  organisationB = (await buildOrganisation(t, 'Hillside Care')).id;
  author = await buildUser(t, { organisationId: organisationA, firstname: 'Ada' });
  colleague = await buildUser(t, { organisationId: organisationA, firstname: 'Cal' });
  champion = await buildUser(t, { organisationId: organisationA, roles: ['standard', 'champion'] });
  outsider = await buildUser(t, { organisationId: organisationB, roles: ['standard', 'champion'] });
});

afterAll(async () => {
  await t.close();
});

const drain = async (which: JobWorker = worker) => {
  while (await which.runOnce()) {
    // Every due job runs.
  }
};

async function upload(who: TestUser | null, fields: Record<string, string | Blob>, url = '/api/data-library/documents') {
  const body = await multipart(fields);
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...(who?.headers ?? {}) } });
}

const get = (who: TestUser | null, url: string) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });

/** Uploads as the member, runs the job, and answers the stored document's id. */
async function added(who: TestUser, name: string, text: string, fields: Record<string, string> = {}): Promise<string> {
  const response = await upload(who, { file: new File([text], name), ...fields });
  expect(response.statusCode, response.body).toBe(202);
  await drain();
  const job = (await get(who, `/api/data-library/jobs/${response.json<LibraryJob>().id}`)).json<LibraryJob>();
  expect(job.status, JSON.stringify(job)).toBe('succeeded');
  return job.document?.id as string;
}

let procedureId: string;

describe('adding documents', () => {
  test('a member uploads a file: it becomes the organisation’s own document, with its uploader, listed for its members', async () => {
    procedureId = await added(author, 'riverside-tmv-procedure.md', PROCEDURE, { category: 'Procedure', domain: 'Water' });
    const [row] = await t.db.select().from(documents).where(eq(documents.id, procedureId));
    expect(row).toMatchObject({
      organisationId: organisationA,
      uploadedBy: author.user.id,
      category: 'Procedure',
      domain: 'Water',
      subdomain: 'General',
    });
    expect(await t.db.select().from(files)).toEqual([]);

    const listed = (await get(colleague, '/api/data-library/documents')).json<DataLibraryResponse>();
    expect(listed.documents).toEqual([
      expect.objectContaining({
        id: procedureId,
        title: 'Riverside thermostatic mixing valve procedure',
        versions: 1,
        uploaded_by: { id: author.user.id, name: 'Ada Morgan' },
        may_manage: false,
      }),
    ]);
    expect((await get(author, '/api/data-library/documents?q=water')).json<DataLibraryResponse>().documents[0]?.may_manage).toBe(true);
    expect((await get(champion, '/api/data-library/documents')).json<DataLibraryResponse>().documents[0]?.may_manage).toBe(true);
    expect((await get(colleague, '/api/data-library/documents?q=nothing-like-it')).json<DataLibraryResponse>().total).toBe(0);
    const [ingested] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.kind, 'documents.ingested'), eq(events.subjectId, procedureId)));
    expect(ingested).toMatchObject({ organisationId: organisationA, actorUserId: author.user.id });
  });

  test('a new version replaces it under the same name, keeping its title and tags', async () => {
    const response = await upload(
      author,
      { file: new File([`${PROCEDURE}\nValves are also checked after any repair.\n`], 'tmv-v2.md') },
      `/api/data-library/documents/${procedureId}/versions`,
    );
    expect(response.statusCode, response.body).toBe(202);
    await drain();
    const job = (await get(author, `/api/data-library/jobs/${response.json<LibraryJob>().id}`)).json<LibraryJob>();
    const newest = job.document?.id as string;
    expect(newest).not.toBe(procedureId);
    const listed = (await get(author, '/api/data-library/documents')).json<DataLibraryResponse>().documents;
    expect(listed).toEqual([
      expect.objectContaining({ id: newest, filename: 'riverside-tmv-procedure.md', versions: 2, category: 'Procedure' }),
    ]);
    procedureId = newest;
  });

  test('a file name the shared library uses is refused, storing nothing', async () => {
    await buildDocument(t, { code: 'SHARED-NAME', filename: 'shared-name.md' });
    const response = await upload(author, { file: new File(['# Ours'], 'shared-name.md') });
    expect(response.statusCode).toBe(409);
    expect(response.json<ApiErrorBody>().message).toMatch(/already has a document called shared-name\.md/);
    expect(await t.db.select().from(files)).toEqual([]);
  });

  test('refusals: no session, a guest, an empty or unsupported file, and the flag turned off', async () => {
    expect((await upload(null, { file: new File(['# A'], 'a.md') })).statusCode).toBe(401);
    expect(
      (await upload(await buildUser(t, { organisationId: organisationA, roles: ['guest'] }), { file: new File(['# A'], 'a.md') }))
        .statusCode,
    ).toBe(403);
    expect((await upload(author, { file: new File([], 'empty.md') })).statusCode).toBe(422);
    expect((await upload(author, { file: new File([new Uint8Array([0, 1, 2, 255, 0, 7])], 'blob.bin') })).statusCode).toBe(422);
    const elsewhere = await buildOrganisation(t);
    const member = await buildUser(t, { organisationId: elsewhere.id });
    await setFlag({
      db: t.db,
      flag: 'data-library',
      target: { scope: 'organisation', organisationId: elsewhere.id },
      enabled: false,
      by: { via: 'command_line' },
    });
    const off = await upload(member, { file: new File(['# A'], 'a.md') });
    expect(off.statusCode).toBe(404);
    expect(off.json<ApiErrorBody>().message).toBe('The data library is not turned on for your organisation.');
    expect((await get(member, '/api/data-library/documents')).statusCode).toBe(404);
    expect(await t.db.select().from(files)).toEqual([]);
  });
});

describe('changing and deleting', () => {
  test('only the uploader or a champion may change one; a change is recorded', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/data-library/documents/${procedureId}`,
      headers: colleague.headers,
      payload: { title: 'Taken over' },
    });
    expect(refused.statusCode).toBe(403);
    const changed = await t.app.inject({
      method: 'POST',
      url: `/api/data-library/documents/${procedureId}`,
      headers: champion.headers,
      payload: { title: 'TMV servicing', subdomain: 'Legionella' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<DataLibraryDocument>()).toMatchObject({ title: 'TMV servicing', subdomain: 'Legionella', versions: 2 });
    const [recorded] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.kind, 'documents.updated'), eq(events.subjectId, procedureId)));
    expect(recorded).toMatchObject({
      organisationId: organisationA,
      actorUserId: champion.user.id,
      data: { fields: ['title', 'subdomain'] },
    });
  });

  test('deleting removes every version; another member may not', async () => {
    const id = await added(author, 'to-delete.md', '# A short-lived note\n\nIt will be deleted.\n');
    await upload(
      author,
      { file: new File(['# A short-lived note\n\nSecond version.\n'], 'x.md') },
      `/api/data-library/documents/${id}/versions`,
    );
    await drain();
    const remove = (who: TestUser) => t.app.inject({ method: 'DELETE', url: `/api/data-library/documents/${id}`, headers: who.headers });
    expect((await remove(colleague)).statusCode).toBe(403);
    expect((await remove(author)).statusCode).toBe(200);
    expect(await t.db.select().from(documents).where(eq(documents.filename, 'to-delete.md'))).toEqual([]);
  });
});

describe('another organisation never sees it', () => {
  test('not in its list, the wiki, search, filters, compare or by file name', async () => {
    expect((await get(outsider, '/api/data-library/documents')).json<DataLibraryResponse>().total).toBe(0);
    expect((await get(outsider, `/api/docs/document/${procedureId}`)).statusCode).toBe(404);
    expect((await get(colleague, `/api/docs/document/${procedureId}`)).statusCode).toBe(200);
    expect((await get(outsider, '/api/docs/newest-document-by-filename/riverside-tmv-procedure.md')).statusCode).toBe(404);

    const search = (who: TestUser) => get(who, '/api/docs/search?q=riverside%20thermostatic%20valve%20register');
    expect((await search(colleague)).json<SearchResponse>().results.map((result) => result.reference.short_id)).toContain(procedureId);
    expect(JSON.stringify((await search(outsider)).json<SearchResponse>())).not.toContain(procedureId);

    const filters = (who: TestUser) => get(who, '/api/chat/filter_data');
    expect(JSON.stringify((await filters(colleague)).json<FilterDataResponse>())).toContain(procedureId);
    expect(JSON.stringify((await filters(outsider)).json<FilterDataResponse>())).not.toContain(procedureId);

    const shared = await buildDocument(t, { code: 'CMP-1', filename: 'cmp-1.md', elements: [{ type: 'paragraph', text: 'Shared text.' }] });
    expect((await get(outsider, `/api/docs/compare?left=${shared}&right=${procedureId}`)).statusCode).toBe(404);
    expect((await get(colleague, `/api/docs/compare?left=${shared}&right=${procedureId}`)).json<CompareResponse>()).toBeTruthy();
    // Its id is not usable to update or delete it either.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/data-library/documents/${procedureId}`,
          headers: outsider.headers,
          payload: { title: 'X' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/data-library/documents/${procedureId}`, headers: outsider.headers })).statusCode,
    ).toBe(404);
  });

  test('nor its job', async () => {
    const response = await upload(author, { file: new File(['# Job owner\n\nA job of A.\n'], 'job-owner.md') });
    const { id } = response.json<LibraryJob>();
    expect((await get(outsider, `/api/data-library/jobs/${id}`)).statusCode).toBe(404);
    expect((await get(colleague, `/api/data-library/jobs/${id}`)).statusCode).toBe(200);
    await drain();
  });

  test('chat cites it for its own organisation only', async () => {
    const question = { content: 'How often is each Riverside thermostatic mixing valve serviced, and where is its temperature logged?' };
    const mine = await ask(t, colleague, (await newSession(t, colleague)).id, question);
    expect(mine.citations.map((citation) => citation.document_id)).toContain(procedureId);
    const theirs = await ask(t, outsider, (await newSession(t, outsider)).id, question);
    expect(theirs.citations.map((citation) => citation.document_id)).not.toContain(procedureId);
    expect(JSON.stringify(theirs)).not.toContain('Riverside valve register');
  });

  test('a policy review checks against it for its own organisation only', async () => {
    const policy = [
      '# Hot water safety policy',
      '',
      '## Purpose',
      '',
      'Thermostatic mixing valves are serviced every twelve months by the estates team and logged in the valve register, as the Riverside thermostatic mixing valve procedure sets out.',
      '',
    ].join('\n');
    const review = async (who: TestUser) => {
      const { id } = accepted(await postPolicy(t, who, { file: new File([policy], 'hot-water-policy.md') }));
      await drain(reviews);
      return readReview(t, who, id);
    };
    const evidenceOf = (done: Review) => done.findings.flatMap((finding) => finding.evidence.map((evidence) => evidence.document_id));
    expect(evidenceOf(await review(outsider))).not.toContain(procedureId);
  });
});
