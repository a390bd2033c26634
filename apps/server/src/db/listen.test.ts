import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { onPostgres, openTestDatabase } from '../test/database.ts';
import { type DatabaseHandle, rowsOf } from './connect.ts';

/** `DatabaseHandle.listen` on the database the suite runs on (PGlite, or PostgreSQL in the postgres project). */
describe('listening for notifications', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  test('delivers what is notified, once committed, and nothing after it is closed', async () => {
    const heard: string[] = [];
    const listener = await database.listen('listen_test', { onMessage: (payload) => heard.push(payload), onGap: () => undefined });
    expect(listener.listening()).toBe(true);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('listen_test', 'first')`);
      await tx.execute(sql`select pg_notify('elsewhere', 'not for us')`);
      expect(heard).toEqual([]);
    });
    await expect.poll(() => heard, { timeout: 2_000, interval: 10 }).toEqual(['first']);
    await listener.close();
    await database.db.execute(sql`select pg_notify('listen_test', 'second')`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual(['first']);
  });

  test.runIf(onPostgres)('on PostgreSQL a lost connection is reported as a gap, opened again, and delivers again', async () => {
    const heard: string[] = [];
    let gaps = 0;
    const listener = await database.listen('listen_lost', { onMessage: (payload) => heard.push(payload), onGap: () => gaps++ });
    try {
      const gapsAtStart = gaps;
      const ended = rowsOf<{ ended: boolean }>(
        await database.db.execute(
          sql`select pg_terminate_backend(pid) as ended from pg_stat_activity where query = 'LISTEN "listen_lost"' and datname = current_database()`,
        ),
      );
      expect(ended).toEqual([{ ended: true }]);
      await expect.poll(() => listener.listening(), { timeout: 2_000, interval: 10 }).toBe(false);
      expect(gaps).toBeGreaterThan(gapsAtStart);
      await expect.poll(() => listener.listening(), { timeout: 5_000, interval: 50 }).toBe(true);
      await database.db.execute(sql`select pg_notify('listen_lost', 'after')`);
      await expect.poll(() => heard, { timeout: 2_000, interval: 10 }).toEqual(['after']);
    } finally {
      await listener.close();
    }
  });
});
