import { loadCorpus } from '@verity/corpus';
import type { ApiErrorBody, DocumentResponse, FilterDataResponse } from '@verity/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { documentElements, documents } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import type { TestApp } from '../../test/app.ts';
import { buildDocument, buildLibraryTestApp, buildOrganisation, buildUser, type TestUser } from '../../test/factories.ts';

let t: TestApp;
let standard: TestUser;
let guest: TestUser;

beforeAll(async () => {
  ({ t, standard, guest } = await buildLibraryTestApp());
});

afterAll(async () => {
  await t.close();
});

function get(user: TestUser | null, url: string) {
  return t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
}

async function documentByCode(code: string) {
  const [row] = await t.db.select().from(documents).where(eq(documents.code, code));
  if (!row) throw new Error(`no document ${code}`);
  return row;
}

async function filterData(user: TestUser): Promise<FilterDataResponse> {
  const response = await get(user, '/api/chat/filter_data');
  expect(response.statusCode).toBe(200);
  return response.json<FilterDataResponse>();
}

/** An internal document of the user's organisation with two elements. */
function insertInternal(user: TestUser, filename: string) {
  return buildDocument(t, {
    code: `INT ${filename}`,
    filename,
    title: 'Our electrical safety policy',
    organisationId: user.user.organisationId,
    elements: [
      { type: 'title', text: 'Our electrical safety policy' },
      { type: 'paragraph', text: 'Internal text.' },
    ],
  });
}

describe('authentication', () => {
  test.each(['/api/chat/filter_data', `/api/docs/document/${'0'.repeat(26)}`, '/api/docs/newest-document-by-filename/x.md'])(
    'GET %s without a token is a JSON 401',
    async (url) => {
      const response = await get(null, url);
      expect(response.statusCode).toBe(401);
      expect(response.json<ApiErrorBody>().request_id).toBe(response.headers['x-request-id']);
    },
  );

  test('a guest may not load filter data but may open a document', async () => {
    expect((await get(guest, '/api/chat/filter_data')).statusCode).toBe(403);
    const doc = await documentByCode('HTM 06-01');
    const response = await get(guest, `/api/docs/document/${doc.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<DocumentResponse>().code).toBe('HTM 06-01');
    expect((await get(guest, `/api/docs/newest-document-by-filename/${doc.filename}`)).statusCode).toBe(200);
  });
});

describe('GET /api/chat/filter_data', () => {
  test('references every library document with its tags, status and edition', async () => {
    const body = await filterData(standard);
    expect(body.references).toHaveLength(loadCorpus().length);
    const current = body.references.find((r) => r.code === 'HTM 06-01');
    expect(current).toEqual({
      short_id: (await documentByCode('HTM 06-01')).id,
      code: 'HTM 06-01',
      title: 'Electrical services supply and distribution',
      tags: { category: 'Guidance', domain: 'HTM', subdomain: 'HTM 06 Electrical services' },
      status: 'current',
      edition: '2017',
    });
    const old = body.references.find((r) => r.code === 'HTM 06-01 (2007)');
    expect(old?.status).toBe('superseded');
    expect(old?.tags.domain).toBe('HTM');
    expect(body.default_categories).toEqual([...new Set(body.default_categories)].sort());
    expect(body.default_categories).toEqual(expect.arrayContaining(['Guidance', 'Legislation']));
  });
});

describe('GET /api/docs/document/:id', () => {
  test('returns the elements in order and flags exactly the requested ones', async () => {
    const doc = await documentByCode('HTM 06-01');
    const elements = await t.db
      .select()
      .from(documentElements)
      .where(eq(documentElements.documentId, doc.id))
      .orderBy(asc(documentElements.position));
    const wanted = [elements[2]?.id ?? '', elements[5]?.id ?? ''];
    const response = await get(standard, `/api/docs/document/${doc.id}?element_ids=${wanted[0]}&element_ids=${wanted[1]}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<DocumentResponse>();
    expect(body).toMatchObject({
      id: doc.id,
      code: 'HTM 06-01',
      filename: 'htm-06-01-electrical-services.md',
      tags: { category: 'Guidance', domain: 'HTM', subdomain: 'HTM 06 Electrical services' },
      edition: '2017',
      status: 'current',
      superseded_by: null,
    });
    expect(body.supersedes).toContain('HTM 06-01 (2007)');
    expect(body.elements.map((e) => e.id)).toEqual(elements.map((e) => e.id));
    expect(body.elements.filter((e) => e.highlighted).map((e) => e.id)).toEqual(wanted);
    expect(body.elements.some((e) => e.type === 'heading' && e.heading_path.length === 0)).toBe(true);

    const single = (await get(standard, `/api/docs/document/${doc.id}?element_ids=${wanted[1]}`)).json<DocumentResponse>();
    expect(single.elements.filter((e) => e.highlighted).map((e) => e.id)).toEqual([wanted[1]]);
  });

  test('a superseded edition links to the current document', async () => {
    const old = await documentByCode('HTM 06-01 (2007)');
    const body = (await get(standard, `/api/docs/document/${old.id}`)).json<DocumentResponse>();
    expect(body.status).toBe('superseded');
    const current = await documentByCode('HTM 06-01');
    expect(body.superseded_by).toEqual({ id: current.id, code: 'HTM 06-01', title: current.title });
    expect(body.replaced_by).toEqual([body.superseded_by]);
  });

  test('an edition split into parts names every part that replaced it, the main one first', async () => {
    const old = await documentByCode('HTM 04-01 (2006)');
    const body = (await get(standard, `/api/docs/document/${old.id}`)).json<DocumentResponse>();
    expect(body.replaced_by.map((link) => link.code)).toEqual(['HTM 04-01 Part A', 'HTM 04-01 Part B']);
    expect(body.superseded_by?.code).toBe('HTM 04-01 Part A');
    // Another organisation's internal document claiming to replace it is not offered.
    const elsewhere = await buildOrganisation(t);
    await buildDocument(t, { code: 'LOCAL 1', filename: 'local-water.md', organisationId: elsewhere.id, supersedes: ['HTM 04-01 (2006)'] });
    const again = (await get(standard, `/api/docs/document/${old.id}`)).json<DocumentResponse>();
    expect(again.replaced_by.map((link) => link.code)).toEqual(['HTM 04-01 Part A', 'HTM 04-01 Part B']);
    const current = (await get(standard, `/api/docs/document/${(await documentByCode('HTM 04-01 Part B')).id}`)).json<DocumentResponse>();
    expect(current.replaced_by).toEqual([]);
  });

  test('a malformed id is a 422; an unknown 26-character id is a 404', async () => {
    expect((await get(standard, '/api/docs/document/not-an-id')).statusCode).toBe(422);
    expect((await get(standard, `/api/docs/document/${'A'.repeat(25)}-`)).statusCode).toBe(422);
    const missing = await get(standard, `/api/docs/document/${newId()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ApiErrorBody>().message.length).toBeGreaterThan(0);
  });

  test('too many or too long element_ids are a 422', async () => {
    const doc = await documentByCode('HTM 06-01');
    const many = Array.from({ length: 201 }, (_, i) => `element_ids=e${i}`).join('&');
    expect((await get(standard, `/api/docs/document/${doc.id}?${many}`)).statusCode).toBe(422);
    const exactly = Array.from({ length: 200 }, (_, i) => `element_ids=e${i}`).join('&');
    expect((await get(standard, `/api/docs/document/${doc.id}?${exactly}`)).statusCode).toBe(200);
    expect((await get(standard, `/api/docs/document/${doc.id}?element_ids=${'x'.repeat(65)}`)).statusCode).toBe(422);
  });

  test('an internal document is visible to its organisation only', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const id = await insertInternal(a, 'our-electrical-policy.md');

    const forA = await get(a, `/api/docs/document/${id}`);
    expect(forA.statusCode).toBe(200);
    expect(forA.json<DocumentResponse>().elements.map((e) => e.text)).toEqual(['Our electrical safety policy', 'Internal text.']);
    expect((await filterData(a)).references.map((r) => r.short_id)).toContain(id);
    expect((await get(a, '/api/docs/newest-document-by-filename/our-electrical-policy.md')).statusCode).toBe(200);

    const forB = await get(b, `/api/docs/document/${id}`);
    expect(forB.statusCode).toBe(404);
    expect(forB.json<ApiErrorBody>().message).toBe((await get(b, `/api/docs/document/${newId()}`)).json<ApiErrorBody>().message);
    expect((await filterData(b)).references.map((r) => r.short_id)).not.toContain(id);
    expect((await get(b, '/api/docs/newest-document-by-filename/our-electrical-policy.md')).statusCode).toBe(404);
  });
});

describe('what the reader is told about a document', () => {
  test('a library document carries its issuer, edition, origin and official sources with https addresses', async () => {
    const doc = await documentByCode('HTM 06-01');
    const body = (await get(standard, `/api/docs/document/${doc.id}`)).json<DocumentResponse>();
    expect(body).toMatchObject({ issuer: 'Department of Health', edition: '2017', origin: 'verity_summary' });
    expect(body.sources.length).toBeGreaterThan(0);
    expect(body.sources[0]).toEqual({
      title: expect.stringContaining('Health Technical Memorandum 06-01'),
      url: 'https://www.england.nhs.uk/estates/',
    });
    // Legislation links to its official text.
    const regs = (await get(standard, `/api/docs/document/${(await documentByCode('LOLER 1998')).id}`)).json<DocumentResponse>();
    expect(regs.sources.map((source) => source.url)).toContain('https://www.legislation.gov.uk/uksi/1998/2307/contents');
    for (const source of [...body.sources, ...regs.sources]) if (source.url) expect(source.url).toMatch(/^https:\/\//);
  });

  test('a superseded edition carries the same fields, and a source without a known address has none', async () => {
    const old = await documentByCode('HTM 06-01 (2007)');
    const body = (await get(guest, `/api/docs/document/${old.id}`)).json<DocumentResponse>();
    expect(body).toMatchObject({ status: 'superseded', issuer: 'Department of Health', edition: '2007', origin: 'verity_summary' });
    expect(body.sources.some((source) => !('url' in source))).toBe(true);
  });

  test("an organisation's own document says so, has no sources, and another organisation still gets a 404", async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const id = await insertInternal(a, 'our-reader-fields-policy.md');
    const forA = await get(a, `/api/docs/document/${id}`);
    expect(forA.statusCode).toBe(200);
    expect(forA.json<DocumentResponse>()).toMatchObject({ origin: 'organisation_upload', issuer: 'Test issuer', sources: [] });
    const forB = await get(b, `/api/docs/document/${id}`);
    expect(forB.statusCode).toBe(404);
    expect(forB.body).not.toContain('Test issuer');
    expect((await get(b, '/api/docs/newest-document-by-filename/our-reader-fields-policy.md')).statusCode).toBe(404);
  });

  test('a file added to the shared library is a library upload', async () => {
    const id = await buildDocument(t, {
      code: 'UP 1',
      filename: 'uploaded-library-file.md',
      elements: [{ type: 'title', text: 'Uploaded' }],
    });
    expect((await get(standard, `/api/docs/document/${id}`)).json<DocumentResponse>()).toMatchObject({
      origin: 'library_upload',
      sources: [],
    });
  });
});

describe('GET /api/docs/newest-document-by-filename/:filename', () => {
  test('returns the newest document with that file name, with element_ids flagged', async () => {
    const doc = await documentByCode('HTM 06-01');
    const [element] = await t.db.select().from(documentElements).where(eq(documentElements.documentId, doc.id)).limit(1);
    const response = await get(standard, `/api/docs/newest-document-by-filename/${doc.filename}?element_ids=${element?.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<DocumentResponse>();
    expect(body.id).toBe(doc.id);
    expect(body.elements.filter((e) => e.highlighted).map((e) => e.id)).toEqual([element?.id]);
  });

  test('a newer row with the same file name wins', async () => {
    const user = await buildUser(t);
    const older = await insertInternal(user, 'policy-editions.md');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newer = await insertInternal(user, 'policy-editions.md');
    expect(older).not.toBe(newer);
    const body = (await get(user, '/api/docs/newest-document-by-filename/policy-editions.md')).json<DocumentResponse>();
    expect(body.id).toBe(newer);
    const refs = (await filterData(user)).references.filter((r) => r.code === 'INT policy-editions.md');
    expect(refs.map((r) => r.short_id)).toEqual([newer]);
  });

  test('an unknown file name is a 404', async () => {
    expect((await get(standard, '/api/docs/newest-document-by-filename/no-such-file.md')).statusCode).toBe(404);
  });
});
