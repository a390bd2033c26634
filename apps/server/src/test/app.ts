import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Database, DatabaseHandle } from '../db/connect.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createMailer } from '../mail/transport.ts';
import { openTestDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  config: Config;
  /** Resolves when every e-mail handed to the mailer so far is in the outbox (mail is sent in the background). */
  mailIdle(): Promise<void>;
  close(): Promise<void>;
}

/** The real application on a fresh database, quiet, with no SMTP (mail lands in the outbox). */
export async function buildTestApp(
  env: Record<string, string> = {},
  deps: Pick<AppDeps, 'mailer' | 'logStream' | 'rateLimitStore' | 'readsInFlight' | 'chatEngine' | 'lifecycle'> & {
    /** An already open database (a restart, or a second process on it): closing the app leaves it open. */
    database?: DatabaseHandle;
  } = {},
): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: 'http://verity.test', ...env });
  const database = deps.database ?? (await openTestDatabase());
  // The real mailer needs the app's logger, which exists only once the app is built; it is first
  // used by a request, so the app gets a forwarder and the mailer is filled in right after.
  let real: Mailer | undefined = deps.mailer;
  const mailer = (): Mailer => {
    if (!real) throw new Error('mailer used before the test app was built');
    return real;
  };
  const forwarder: Mailer = {
    send: (message) => mailer().send(message),
    idle: () => mailer().idle(),
    later: (label, work) => mailer().later(label, work),
    close: () => mailer().close(),
    check: (timeoutMs) => mailer().check(timeoutMs),
  };
  const app = await buildApp({
    config,
    database,
    logStream: deps.logStream,
    mailer: forwarder,
    rateLimitStore: deps.rateLimitStore,
    readsInFlight: deps.readsInFlight,
    chatEngine: deps.chatEngine,
    lifecycle: deps.lifecycle,
  });
  real ??= createMailer({ config, db: database.db, log: app.log });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    mailIdle: () => forwarder.idle(),
    close: async () => {
      await app.close();
      if (!deps.database) await database.close();
    },
  };
}

/**
 * The base URL of the test app on a real local port (listening from the first call on), for tests
 * that need a connection `app.inject` cannot give: streams hung up mid-way, health polled while
 * other requests run.
 */
export async function baseUrlOf(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the test app is not listening on a port');
  return `http://127.0.0.1:${address.port}`;
}
