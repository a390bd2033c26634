import { AUTH_TOKEN_HEADER, hasAnyRole, type Role } from '@verity/shared';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Database } from '../db/connect.ts';
import { type AuthContext, resolveSession, type SessionPolicy } from '../modules/auth/sessions.ts';
import { forbidden, unauthorised } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** Reads the auth-token header once per request; routes decide what they require. */
export function registerAuthentication(app: FastifyInstance, options: { db: Database; policy: SessionPolicy }): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers[AUTH_TOKEN_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token || !request.url.startsWith('/api/')) return;
    request.auth = await resolveSession({ db: options.db, token, policy: options.policy });
  });
}

/** A signed-in user is required (401); with roles, one of them too (403). */
export function requireAuth(roles?: readonly Role[]): preHandlerAsyncHookHandler {
  return async (request) => {
    authOf(request, roles);
  };
}

/** The request's auth context, checked: use inside handlers after `requireAuth`. */
export function authOf(request: FastifyRequest, roles?: readonly Role[]): AuthContext {
  const auth = request.auth;
  if (!auth) throw unauthorised();
  if (roles && !hasAnyRole(auth.roles, roles)) throw forbidden();
  return auth;
}
