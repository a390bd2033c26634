import type { ApiErrorBody, MyFavouritesResponse, SetFavouriteResponse } from '@verity/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { documentFavourites, documents } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildDocument, buildUser, type TestUser } from '../../test/factories.ts';

let t: TestApp;
let standard: TestUser;
let colleague: TestUser;
let outsider: TestUser;
let guest: TestUser;
let external: string;
let externalOld: string;

beforeAll(async () => {
  t = await buildTestApp();
  standard = await buildUser(t);
  colleague = await buildUser(t, { organisationId: standard.user.organisationId });
  outsider = await buildUser(t);
  guest = await buildUser(t, { roles: ['guest'] });
  external = await insertDocument({ code: 'HTM 06-01', filename: 'htm-06-01.md', status: 'current' });
  externalOld = await insertDocument({ code: 'HTM 06-01 (2007)', filename: 'htm-06-01-2007.md', status: 'superseded' });
});

afterAll(async () => {
  await t.close();
});

function insertDocument(options: { code: string; filename: string; status: 'current' | 'superseded'; organisationId?: string }) {
  return buildDocument(t, options);
}

function setFavourite(user: TestUser | null, payload: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/docs/set_favourite', headers: user?.headers ?? {}, payload: payload as object });
}

function myFavourites(user: TestUser | null) {
  return t.app.inject({ method: 'GET', url: '/api/docs/my-favourites', headers: user?.headers ?? {} });
}

async function favouriteIds(user: TestUser): Promise<string[]> {
  const response = await myFavourites(user);
  expect(response.statusCode).toBe(200);
  return response.json<MyFavouritesResponse>().favourites.map((reference) => reference.short_id);
}

describe('authentication', () => {
  test('without a token both endpoints are a 401', async () => {
    expect((await setFavourite(null, { external_id: external, like: true })).statusCode).toBe(401);
    expect((await myFavourites(null)).statusCode).toBe(401);
  });

  test('a guest is refused with a 403', async () => {
    expect((await setFavourite(guest, { external_id: external, like: true })).statusCode).toBe(403);
    expect((await myFavourites(guest)).statusCode).toBe(403);
  });
});

describe('POST /api/docs/set_favourite and GET /api/docs/my-favourites', () => {
  test('like lists the document; liking again keeps one; unlike removes it', async () => {
    const user = await buildUser(t);
    const liked = await setFavourite(user, { external_id: external, like: true });
    expect(liked.statusCode).toBe(200);
    expect(liked.json<SetFavouriteResponse>()).toEqual({ external_id: external, like: true });

    const response = await myFavourites(user);
    expect(response.json<MyFavouritesResponse>().favourites).toEqual([
      {
        short_id: external,
        code: 'HTM 06-01',
        title: 'HTM 06-01 title',
        tags: { category: 'Guidance', domain: 'HTM', subdomain: 'HTM 06 Electrical services' },
        status: 'current',
        edition: '2017',
      },
    ]);

    const again = await setFavourite(user, { external_id: external, like: true });
    expect(again.json<SetFavouriteResponse>()).toEqual({ external_id: external, like: true });
    expect(await favouriteIds(user)).toEqual([external]);

    const unliked = await setFavourite(user, { external_id: external, like: false });
    expect(unliked.statusCode).toBe(200);
    expect(unliked.json<SetFavouriteResponse>()).toEqual({ external_id: external, like: false });
    expect(await favouriteIds(user)).toEqual([]);

    const unlikedAgain = await setFavourite(user, { external_id: external, like: false });
    expect(unlikedAgain.json<SetFavouriteResponse>()).toEqual({ external_id: external, like: false });
  });

  test('favourites are listed newest first', async () => {
    const user = await buildUser(t);
    await setFavourite(user, { external_id: externalOld, like: true });
    await setFavourite(user, { external_id: external, like: true });
    expect(await favouriteIds(user)).toEqual([external, externalOld]);
  });

  test("another organisation's internal document is a 404 like a missing one, and nothing is stored", async () => {
    const internal = await insertDocument({
      code: 'INT policy',
      filename: 'internal-policy.md',
      status: 'current',
      organisationId: outsider.user.organisationId,
    });
    const refused = await setFavourite(standard, { external_id: internal, like: true });
    const missing = await setFavourite(standard, { external_id: newId(), like: true });
    expect(refused.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(refused.json<ApiErrorBody>().message).toBe(missing.json<ApiErrorBody>().message);
    const stored = await t.db.select().from(documentFavourites).where(eq(documentFavourites.documentId, internal));
    expect(stored).toEqual([]);
  });

  test("an internal document of the caller's organisation may be liked; it disappears from the list once invisible", async () => {
    const internal = await insertDocument({
      code: 'INT own',
      filename: 'own-policy.md',
      status: 'current',
      organisationId: standard.user.organisationId,
    });
    const user = await buildUser(t, { organisationId: standard.user.organisationId });
    expect((await setFavourite(user, { external_id: internal, like: true })).statusCode).toBe(200);
    expect(await favouriteIds(user)).toEqual([internal]);
    // The document moves to another organisation: it is no longer visible, so no longer listed.
    await t.db.update(documents).set({ organisationId: outsider.user.organisationId }).where(eq(documents.id, internal));
    expect(await favouriteIds(user)).toEqual([]);
  });

  test("another user's favourites are never listed, even in the same organisation", async () => {
    await setFavourite(colleague, { external_id: external, like: true });
    expect(await favouriteIds(colleague)).toEqual([external]);
    expect(await favouriteIds(standard)).not.toContain(external);
    expect(await favouriteIds(outsider)).toEqual([]);
  });

  test.each([
    ['no body', undefined, ['body', 'external_id']],
    ['external_id missing', { like: true }, ['body', 'external_id']],
    ['like missing', { external_id: 'x'.repeat(26) }, ['body', 'like']],
    ['like not a boolean', { external_id: 'x'.repeat(26), like: 'yes' }, ['body', 'like']],
    ['external_id not a document id', { external_id: 'not-an-id', like: true }, ['body', 'external_id']],
    ['external_id not a string', { external_id: 42, like: true }, ['body', 'external_id']],
  ])('%s is a 422 naming the field', async (_name, payload, loc) => {
    const response = await setFavourite(standard, payload);
    expect(response.statusCode).toBe(422);
    const body = response.json<ApiErrorBody>();
    expect(body.detail?.map((detail) => detail.loc)).toContainEqual(loc);
  });
});
