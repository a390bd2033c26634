import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/connect.ts';
import { newId } from '../lib/ids.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway
 * database on the PostgreSQL server named by TEST_DATABASE_URL when VERITY_TEST_DB=postgres.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (process.env.VERITY_TEST_DB !== 'postgres' || !serverUrl) {
    const handle = await openDatabase({ dataDir: 'memory' });
    await handle.migrate();
    return handle;
  }
  const handle = await openThrowawayPostgres(serverUrl, 'verity_test');
  await handle.migrate();
  return handle;
}

/**
 * A new, empty database on the PostgreSQL server at serverUrl, dropped when the handle closes.
 * `url` reaches the same database, for a second connection pool (as a second process would have).
 */
export async function openThrowawayPostgres(serverUrl: string, prefix: string): Promise<DatabaseHandle & { url: string }> {
  const name = `${prefix}_${newId().toLowerCase()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
