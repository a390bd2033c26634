import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/connect.ts';
import type { Mailer } from './mailer.ts';

// Placeholder replaced by the mail implementation.
export function createMailer(_options: { config: Config; db: Database; log: FastifyBaseLogger }): Mailer {
  return { send: async () => {}, close: async () => {} };
}
