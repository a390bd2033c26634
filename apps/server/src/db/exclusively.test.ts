import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from './connect.ts';
import type { DatabaseHandle } from './connect.ts';
import { onPostgres, openThrowawayPostgres } from '../test/database.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * Start-up work (migrating, seeding) from processes started together runs one at a time: here two
 * connection pools on one PostgreSQL database stand for two processes.
 */
describe.runIf(onPostgres)('work done exclusively at start', () => {
  let first: DatabaseHandle & { url: string };
  let second: DatabaseHandle;
  beforeAll(async () => {
    first = await openThrowawayPostgres(serverUrl as string, 'verity_exclusive');
    second = await openDatabase({ url: first.url });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  test('never overlaps across processes, and both migrate the same fresh database at once', async () => {
    const events: string[] = [];
    const work = (name: string) => async () => {
      events.push(`${name} starts`);
      await new Promise((resolve) => setTimeout(resolve, 150));
      events.push(`${name} ends`);
      return name;
    };
    const answers = await Promise.all([first.exclusively(work('one')), second.exclusively(work('two'))]);
    expect(answers).toEqual(['one', 'two']);
    for (let i = 0; i < events.length; i += 2) expect(events[i]?.replace('starts', 'ends')).toBe(events[i + 1]);
    await Promise.all([first.migrate(), second.migrate()]);
  });

  test('lets go when the work fails', async () => {
    await expect(first.exclusively(async () => Promise.reject(new Error('seed failed')))).rejects.toThrow('seed failed');
    expect(await second.exclusively(async () => 'after')).toBe('after');
  });
});
