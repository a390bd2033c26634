import { AUTH_TOKEN_HEADER } from '@verity/shared';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/connect.ts';
import { type AuthContext, resolveSession, type SessionPolicy } from '../core/identity/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** Reads the auth-token header once per request; each route's descriptor decides what it requires (lib/route.ts). */
export function registerAuthentication(app: FastifyInstance, options: { db: Database; policy: SessionPolicy }): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers[AUTH_TOKEN_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token || !request.url.startsWith('/api/')) return;
    request.auth = await resolveSession({ db: options.db, token, policy: options.policy });
  });
}
