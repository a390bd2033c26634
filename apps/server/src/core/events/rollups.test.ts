import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../../db/connect.ts';
import { recordActivity } from '../../seed/activity.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildDocument, buildOrganisation, buildUser } from '../../test/factories.ts';
import { rebuildUsageRollups } from './rollups.ts';

const TABLES = ['usage_days', 'usage_subdomain_days', 'usage_documents', 'usage_user_days', 'usage_users'];

/** Every rollup row as text, sorted: two databases (or two moments) with the same rollups give the same lists. */
async function rollups(db: Database): Promise<Record<string, string[]>> {
  const snapshot: Record<string, string[]> = {};
  for (const table of TABLES) {
    snapshot[table] = rowsOf<{ row: string }>(await db.execute(sql.raw(`select t::text as row from ${table} t order by 1`))).map(
      (r) => r.row,
    );
  }
  return snapshot;
}

describe('kept by recordEvents', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('agree with a rebuild from the events alone, whatever order the events were recorded in', async () => {
    const organisationId = (await buildOrganisation(t)).id;
    const first = await buildUser(t, { organisationId });
    const second = await buildUser(t, { organisationId });
    const elsewhere = await buildUser(t);
    const external = await buildDocument(t, { code: 'HTM 04-01', filename: 'htm-04-01-rollups.pdf' });
    const internal = await buildDocument(t, { code: 'OWN 9', filename: 'own-9-rollups.md', organisationId });
    const at = (iso: string) => new Date(iso);
    // Live use first, then history recorded afterwards (backdated, out of order), across the clocks changing.
    await recordActivity(t.db, first.user, [
      { kind: 'signIn', at: at('2026-11-20T09:00:00Z') },
      { kind: 'question', at: at('2026-11-20T09:05:00Z'), documentIds: [external, internal] },
    ]);
    await recordActivity(t.db, first.user, [
      { kind: 'signIn', at: at('2026-03-29T23:30:00Z') },
      { kind: 'question', at: at('2026-03-29T23:40:00Z'), documentIds: [external] },
      { kind: 'review', at: at('2026-06-01T10:00:00Z'), documentIds: [internal] },
      { kind: 'signIn', at: at('2026-01-10T08:00:00Z') },
    ]);
    await recordActivity(t.db, second.user, [
      { kind: 'write', at: at('2026-10-24T23:30:00Z'), documentIds: [external] },
      { kind: 'signIn', at: at('2026-10-25T23:30:00Z') },
      { kind: 'signIn', at: at('2026-10-25T23:45:00Z') },
    ]);
    await recordActivity(t.db, elsewhere.user, [{ kind: 'question', at: at('2026-02-01T12:00:00Z'), documentIds: [external, internal] }]);
    for (let day = 1; day <= 12; day++) {
      await recordActivity(t.db, second.user, [{ kind: 'signIn', at: at(`2026-05-${String(day).padStart(2, '0')}T07:00:00Z`) }]);
    }

    const kept = await rollups(t.db);
    await rebuildUsageRollups(t.db);
    expect(await rollups(t.db)).toEqual(kept);

    // Spot checks: London days, running totals, the five latest sign-ins, no document another organisation cannot see.
    expect(kept.usage_user_days).toContain(`(${organisationId},${first.user.id},2026-03-30,1,1,2,1)`);
    expect(kept.usage_days).toContain(`(${organisationId},2026-10-25,0,1,0,0)`);
    const recent = rowsOf<{ n: number }>(
      await t.db.execute(sql`select cardinality(recent_sign_ins) as n from usage_users where user_id = ${second.user.id}`),
    );
    expect(recent).toEqual([{ n: 5 }]);
    expect((kept.usage_documents ?? []).filter((row) => row.includes(elsewhere.user.organisationId))).toEqual([
      expect.stringContaining(external),
    ]);
  });
});

it('the migration that adds them computes them from the events already recorded, as a rebuild does', async () => {
  const folder = fileURLToPath(new URL('../../db/migrations/', import.meta.url));
  const migrations = readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  const rollupsMigration = migrations.findIndex((name) => name.endsWith('_usage_rollups.sql'));
  const database = await openDatabase({ dataDir: 'memory' });
  const apply = async (name: string) => {
    for (const statement of readFileSync(`${folder}${name}`, 'utf8').split('--> statement-breakpoint')) {
      if (statement.trim()) await database.db.execute(sql.raw(statement));
    }
  };
  try {
    for (const name of migrations.slice(0, rollupsMigration)) await apply(name);
    const { db } = database;
    await db.execute(sql`insert into organisations (id, name) values ('org-1', 'Trust One')`);
    await db.execute(sql`insert into users (id, external_id, organisation_id, email, firstname, surname)
      values ('user-1', 'ext-1', 'org-1', 'one@example.org', 'Ann', 'One')`);
    await db.execute(sql`insert into documents (id, code, title, filename, category, domain, subdomain, issuer, edition, status, source_kind, content_hash)
      values ('doc-a', 'HTM 06-01', 'Electrical services', 'htm-06-01.pdf', 'Guidance', 'HTM', 'HTM 06 Electrical services', 'NHS England', '2017', 'current', 'corpus', 'hash-a')`);
    await db.execute(sql`insert into events (id, organisation_id, actor_user_id, kind, subject_type, subject_id, data, tool, document_ids, subdomains, created_at) values
      ('e1', 'org-1', 'user-1', 'auth.signed_in', 'user', 'user-1', '{"method":"password"}', null, '{}', '{}', '2026-03-29T23:30:00Z'),
      ('e2', 'org-1', 'user-1', 'chat.question_asked', null, null, '{}', 'chat', '{doc-a,doc-gone}', '{HTM 06 Electrical services}', '2026-03-29T23:40:00Z'),
      ('e3', 'org-1', null, 'chat.question_asked', null, null, '{}', 'chat', '{}', '{}', '2026-04-02T10:00:00Z'),
      ('e4', 'org-1', 'user-1', 'write.generated', 'write_document', 'w1', '{}', 'write', '{doc-a}', '{HTM 06 Electrical services}', '2026-04-03T10:00:00Z')`);
    await apply(migrations[rollupsMigration] ?? '');
    const migrated = await rollups(db);
    expect(migrated.usage_days).toEqual(['(org-1,2026-03-30,1,0,0,0)', '(org-1,2026-04-02,1,0,0,0)', '(org-1,2026-04-03,0,1,0,0)']);
    for (const name of migrations.slice(rollupsMigration + 1)) await apply(name);
    await rebuildUsageRollups(db);
    expect(await rollups(db)).toEqual(migrated);
  } finally {
    await database.close();
  }
});
