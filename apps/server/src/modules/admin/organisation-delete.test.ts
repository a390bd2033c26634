import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rowsOf } from '../../db/connect.ts';
import { featureFlagRules, files, mailOutbox, microsoftTenants, ssoIdentities } from '../../db/schema.ts';
import { approveDomain } from '../../core/identity/organisations.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { newId } from '../../lib/ids.ts';
import { setPhoto } from '../account/service.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { pngImage } from '../../test/png.ts';
import { ask, newSession } from '../../test/chat.ts';
import { listEvents } from '../../test/events.ts';
import { buildDocument, buildOrganisation, buildUser, type TestUser } from '../../test/factories.ts';
import { inviteByLink } from '../../test/invitations.ts';
import { storedReview } from '../../test/review.ts';
import { storedWriteDocument } from '../../test/write.ts';

const PNG = pngImage();

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildUser(t, { roles: ['verity_admin', 'standard'] });
});

afterAll(async () => {
  await t?.close();
});

/** An organisation with something in every part of the product, made the way its people make it. */
async function populatedOrganisation(name: string) {
  const organisation = await buildOrganisation(t, name);
  const champion = await buildUser(t, { organisationId: organisation.id, roles: ['champion', 'standard'] });
  const member = await buildUser(t, { organisationId: organisation.id });
  await setPhoto({ db: t.db, userId: member.user.id, bytes: PNG, maxBytes: t.config.IMAGE_MAX_BYTES });
  await approveDomain({
    db: t.db,
    organisationId: organisation.id,
    domain: `${organisation.id.toLowerCase()}.test`,
    approvedBy: 'test',
    via: 'command_line',
  });
  await inviteByLink(t, { userId: champion.user.id, organisationId: organisation.id });
  const documentId = await buildDocument(t, {
    code: `OWN ${organisation.id.slice(-6)}`,
    filename: `own-${organisation.id}.md`,
    organisationId: organisation.id,
    elements: [{ type: 'paragraph', text: 'Our own legionella procedure: flush little-used outlets weekly.' }],
  });
  await t.db.insert(files).values({
    id: newId(),
    organisationId: organisation.id,
    filename: 'procedure.md',
    sha256: 'a'.repeat(64),
    size: 5,
    format: 'markdown',
    bytes: Buffer.from('hello'),
  });
  await enqueueJob({ db: t.db, kind: 'ingest', payload: { organisation_id: organisation.id, filename: 'procedure.md' }, maxAttempts: 1 });
  const session = await newSession(t, member, 'Legionella');
  await ask(t, member, session.id, { content: 'How often should little-used outlets be flushed?' });
  await storedWriteDocument(t, member);
  await storedReview(t, member);
  await t.db.insert(featureFlagRules).values({ id: newId(), key: 'data-library', organisationId: organisation.id, enabled: true });
  const tenantId = randomUUID();
  await t.db.insert(microsoftTenants).values({ tenantId, organisationId: organisation.id });
  await t.db.insert(ssoIdentities).values({ provider: 'microsoft', subject: `${tenantId}:${randomUUID()}`, userId: member.user.id });
  await t.db.insert(mailOutbox).values({ id: newId(), toAddress: member.email, subject: 'Hello', textBody: 'Hello', transport: 'outbox' });
  return { organisation, champion, member, documentId };
}

/** How many rows of each table hold this text anywhere (an id): the schema's own list of tables. */
async function rowsCarrying(text: string): Promise<Record<string, number>> {
  const tables = rowsOf<{ name: string }>(
    await t.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    ),
  );
  const found: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = rowsOf<{ n: number }>(
      await t.db.execute(sql.raw(`select count(*)::int as n from "${name}" t where strpos(t::text, '${text.replaceAll("'", "''")}') > 0`)),
    );
    if (Number(row?.n ?? 0) > 0) found[name] = Number(row?.n);
  }
  return found;
}

const deleteOrganisation = (who: TestUser | null, id: string, name: string) =>
  t.app.inject({ method: 'POST', url: `/api/admin/organisations/${id}/delete`, headers: who?.headers ?? {}, payload: { name } });

const deactivate = (id: string) =>
  t.app.inject({ method: 'POST', url: `/api/admin/organisations/${id}`, headers: admin.headers, payload: { active: false } });

describe('deleting an organisation', () => {
  test('removes every row that carries its id or its members’, and nothing of another organisation', async () => {
    const doomed = await populatedOrganisation('Closing Care Homes Ltd');
    const kept = await populatedOrganisation('Staying Trust');
    const keptBefore = await rowsCarrying(kept.organisation.id);
    const doomedBefore = await rowsCarrying(doomed.organisation.id);
    // The fixture reaches the tables that matter, so an empty result below means something.
    for (const table of [
      'users',
      'documents',
      'files',
      'events',
      'chat_sessions',
      'write_documents',
      'reviews',
      'invitations',
      'jobs',
      'microsoft_tenants',
    ]) {
      expect(doomedBefore[table], table).toBeGreaterThan(0);
    }

    expect((await deactivate(doomed.organisation.id)).statusCode).toBe(200);
    const response = await deleteOrganisation(admin, doomed.organisation.id, ' Closing Care Homes Ltd ');
    expect(response.statusCode, response.body).toBe(200);
    const { rows, message } = response.json<{ rows: number; message: string }>();
    expect(rows).toBeGreaterThan(20);
    expect(message).toBe(`Closing Care Homes Ltd deleted: ${rows.toLocaleString('en-GB')} records removed.`);

    expect(await rowsCarrying(doomed.organisation.id)).toEqual({});
    for (const person of [doomed.champion, doomed.member]) {
      expect(await rowsCarrying(person.user.id), person.email).toEqual({});
      expect(await rowsCarrying(person.email), person.email).toEqual({});
    }
    expect(await rowsCarrying(doomed.documentId)).toEqual({});
    expect(await rowsCarrying(kept.organisation.id)).toEqual(keptBefore);

    const deleted = await listEvents({ db: t.db, organisationId: null, kind: 'organisations.deleted' });
    expect(deleted.map((event) => [event.actorUserId, event.data])).toEqual([
      [admin.user.id, { name: 'Closing Care Homes Ltd', members: 3, rows }],
    ]);
  });

  test('refusals change nothing: active 409, a wrong name 422, unknown 404, others 403, nobody 401', async () => {
    const target = await populatedOrganisation('Careful Trust');
    const before = await rowsCarrying(target.organisation.id);
    expect((await deleteOrganisation(admin, target.organisation.id, 'Careful Trust')).statusCode).toBe(409);
    expect((await deactivate(target.organisation.id)).statusCode).toBe(200);
    const afterDeactivating = await rowsCarrying(target.organisation.id);
    const wrong = await deleteOrganisation(admin, target.organisation.id, 'careful trust');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ message: 'Type the organisation’s name exactly to confirm.' });
    expect((await deleteOrganisation(admin, 'no-such-organisation', 'Careful Trust')).statusCode).toBe(404);
    const champion = await buildUser(t, { roles: ['champion', 'standard'] });
    expect((await deleteOrganisation(champion, target.organisation.id, 'Careful Trust')).statusCode).toBe(403);
    expect((await deleteOrganisation(null, target.organisation.id, 'Careful Trust')).statusCode).toBe(401);
    expect(await rowsCarrying(target.organisation.id)).toEqual(afterDeactivating);
    expect(Object.keys(afterDeactivating).sort()).toEqual(Object.keys(before).sort());
  });
});
