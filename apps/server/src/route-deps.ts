import type { ChatEngine } from './ai/engine.ts';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/connect.ts';
import type { JobSignal } from './jobs/queue.ts';
import type { RateLimitStore } from './lib/rate-limit.ts';
import type { ReadLimits } from './lib/read-limits.ts';
import type { Mailer } from './mail/mailer.ts';

/**
 * What every route module receives, built once by buildApp (app.ts). Its own file, so the route
 * modules that take it do not import app.ts, which imports them.
 */
export interface RouteDeps {
  config: Config;
  db: Database;
  database: DatabaseHandle;
  mailer: Mailer;
  /** One store for every rate limit: shared by every process on the same database (or Redis). */
  rateLimitStore: RateLimitStore;
  /** The per-user limits on expensive reads (search, compare, exports), one set per process. */
  readLimits: ReadLimits;
  jobSignal: JobSignal;
  chatEngine: ChatEngine;
  /** Set when the process has been told to stop: /api/ready answers 503 so load balancers move on. */
  lifecycle: Lifecycle;
}

export interface Lifecycle {
  draining: boolean;
}
