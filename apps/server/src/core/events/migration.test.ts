import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type DatabaseHandle, openDatabase, rowsOf } from '../../db/connect.ts';
import { onPostgres, openThrowawayPostgres } from '../../test/database.ts';
import { listEvents } from '../../test/events.ts';

const folder = fileURLToPath(new URL('../../db/migrations/', import.meta.url));
const migrations = readdirSync(folder)
  .filter((name) => name.endsWith('.sql'))
  .sort();
const EVENTS_MIGRATION = '0011_events.sql';

let database: DatabaseHandle;

/** An empty database: the migrations are applied by hand here, to stop before the events one. */
async function openEmptyDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (onPostgres && url) return openThrowawayPostgres(url, 'verity_events');
  return openDatabase({ dataDir: 'memory' });
}

async function apply(name: string): Promise<void> {
  const statements = readFileSync(`${folder}${name}`, 'utf8').split('--> statement-breakpoint');
  for (const statement of statements) {
    if (statement.trim()) await database.db.execute(sql.raw(statement));
  }
}

beforeAll(async () => {
  database = await openEmptyDatabase();
});

afterAll(async () => {
  await database.close();
});

test('the events migration keeps every usage event, as chat.question_asked with its documents and subdomains', async () => {
  expect(migrations).toContain(EVENTS_MIGRATION);
  for (const name of migrations.slice(0, migrations.indexOf(EVENTS_MIGRATION))) await apply(name);
  const { db } = database;
  await db.execute(sql`insert into organisations (id, name) values ('org-1', 'Trust One'), ('org-2', 'Trust Two')`);
  await db.execute(sql`insert into users (id, external_id, organisation_id, email, firstname, surname)
    values ('user-1', 'ext-1', 'org-1', 'one@example.org', 'Ann', 'One')`);
  await db.execute(sql`insert into usage_events (id, organisation_id, user_id, tool, kind, subdomains, document_ids, created_at) values
    ('01EVENT0000000000000000001', 'org-1', 'user-1', 'chat', 'question_asked', '{HTM 06 Electrical services}', '{doc-a,doc-b}', '2026-01-02T03:04:05Z'),
    ('01EVENT0000000000000000002', 'org-2', null, 'chat', 'question_asked', '{}', '{}', '2026-01-03T00:00:00Z')`);

  await apply(EVENTS_MIGRATION);
  // And the later ones, as an upgrade applies them, so the rows are read through today's schema.
  for (const name of migrations.slice(migrations.indexOf(EVENTS_MIGRATION) + 1)) await apply(name);

  const [first] = await listEvents({ db, organisationId: 'org-1' });
  expect(first).toEqual({
    id: '01EVENT0000000000000000001',
    kind: 'chat.question_asked',
    organisationId: 'org-1',
    actorUserId: 'user-1',
    subject: null,
    data: {},
    tool: 'chat',
    documentIds: ['doc-a', 'doc-b'],
    subdomains: ['HTM 06 Electrical services'],
    createdAt: new Date('2026-01-02T03:04:05Z'),
  });
  const second = await listEvents({ db, organisationId: 'org-2', tool: 'chat', kind: 'chat.question_asked' });
  expect(second.map((event) => [event.id, event.actorUserId, event.documentIds])).toEqual([['01EVENT0000000000000000002', null, []]]);
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.tables where table_name = 'usage_events'`),
  );
  expect(tables).toEqual([]);
});
