import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Database, DatabaseHandle } from '../db/connect.ts';
import { openTestDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/** The real application on a fresh database, quiet, with no SMTP (mail lands in the outbox). */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: 'http://verity.test', ...env });
  const database = await openTestDatabase();
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
