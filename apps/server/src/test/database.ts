import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type DatabaseHandle, openDatabase, snapshotOf } from '../db/connect.ts';
import { newId } from '../lib/ids.ts';

const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));

/**
 * Whether this run's server suites open their databases on the PostgreSQL server named by
 * TEST_DATABASE_URL (the `server-postgres` project of vitest.config.ts) rather than in PGlite.
 */
export const onPostgres = process.env.VERITY_TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway
 * database on the PostgreSQL server named by TEST_DATABASE_URL when VERITY_TEST_DB=postgres.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const handle =
    onPostgres && serverUrl
      ? await openThrowawayPostgres(serverUrl, 'verity_test', await migratedTemplate(serverUrl))
      : await openDatabase({ dataDir: 'memory', snapshot: await migratedSnapshot() });
  // Nothing to apply on a snapshot or a copy; kept so one that is somehow behind is brought up to date.
  await handle.migrate();
  return handle;
}

/**
 * A new database on the PostgreSQL server at serverUrl, empty or a copy of `template`, dropped
 * when the handle closes. `url` reaches the same database, for a second connection pool (as a
 * second process would have).
 */
export async function openThrowawayPostgres(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<DatabaseHandle & { url: string }> {
  const name = `${prefix}_${newId().toLowerCase()}`;
  await asAdmin(serverUrl, (admin) => admin.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  const url = databaseUrl(serverUrl, name);
  const handle = await openDatabase({ url });
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      await asAdmin(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/**
 * A migrated database on the PostgreSQL server, made once per server for each set of migrations
 * and kept there: every test file's database is a copy of it (about 0.1 s) instead of a new one
 * migrated (about 1.1 s). Migrated under a unique name and renamed, so a test file never copies
 * a half-migrated one; when two files make it at once, the second keeps the first's.
 */
const TEMPLATE_PREFIX = 'verity_template_';
// A worker runs many test files (isolate: false in vitest.config.ts): it looks for the template once.
const templates = new Map<string, Promise<string>>();

function migratedTemplate(serverUrl: string): Promise<string> {
  let template = templates.get(serverUrl);
  if (!template) {
    template = makeTemplate(serverUrl);
    templates.set(serverUrl, template);
    template.catch(() => templates.delete(serverUrl));
  }
  return template;
}

async function makeTemplate(serverUrl: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${migrationsDigest()}`;
  const exists = await asAdmin(serverUrl, (admin) =>
    admin.query('select 1 from pg_database where datname = $1', [name]).then((result) => (result.rowCount ?? 0) > 0),
  );
  if (exists) return name;
  const partial = `${name}_${newId().toLowerCase()}`;
  await asAdmin(serverUrl, (admin) => admin.query(`create database ${partial}`));
  const handle = await openDatabase({ url: databaseUrl(serverUrl, partial) });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  await asAdmin(serverUrl, async (admin) => {
    try {
      await admin.query(`alter database ${partial} rename to ${name}`);
    } catch {
      // Another test file made it first.
      await admin.query(`drop database if exists ${partial} with (force)`);
    }
    // Templates of earlier migration sets are never copied again (this set's, and one another
    // file is still migrating, are kept).
    const earlier = await admin.query<{ datname: string }>(
      `select datname from pg_database where starts_with(datname, '${TEMPLATE_PREFIX}') and not starts_with(datname, $1)`,
      [name],
    );
    for (const { datname } of earlier.rows) await admin.query(`drop database if exists ${datname} with (force)`);
  });
  return name;
}

async function asAdmin<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * An empty, migrated embedded database's files, made once per machine for each set of migrations
 * and PGlite version and kept in the temporary folder: every test file starts from it (about 0.4 s)
 * instead of creating a database and migrating it (about 1.7 s, of which 1.4 s is PGlite's initdb).
 * Written under a unique name and renamed, so test files starting together never read half a file.
 */
const SNAPSHOT_PREFIX = 'verity-test-database-';

async function migratedSnapshot(): Promise<Blob> {
  const digest = migrationsDigest();
  const path = join(tmpdir(), `${SNAPSHOT_PREFIX}${digest}.tar`);
  if (existsSync(path)) return new Blob([readFileSync(path)]);
  const handle = await openDatabase({ dataDir: 'memory' });
  try {
    await handle.migrate();
    const snapshot = await snapshotOf(handle);
    const partial = `${path}.${newId()}`;
    writeFileSync(partial, Buffer.from(await snapshot.arrayBuffer()));
    renameSync(partial, path);
    // Snapshots of earlier migration sets are 40 MB each and never read again.
    for (const name of readdirSync(tmpdir())) {
      if (name.startsWith(SNAPSHOT_PREFIX) && name.endsWith('.tar') && !name.includes(digest))
        rmSync(join(tmpdir(), name), { force: true });
    }
    return snapshot;
  } finally {
    await handle.close();
  }
}

function migrationsDigest(): string {
  const hash = createHash('sha256');
  // The PGlite version: its files are only readable by the PostgreSQL build that wrote them.
  hash.update(readFileSync(new URL('../package.json', import.meta.resolve('@electric-sql/pglite'))));
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = join(migrationsFolder, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}
