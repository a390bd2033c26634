import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * What the services may know of the request they serve without it being passed down every call:
 * the client's address, which the audit log records with each event. Outside a request (jobs, the
 * command line, the seed step) there is none.
 */
interface RequestContext {
  ip: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs every request's hooks and handler inside its context; registered before any other hook. */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    storage.run({ ip: request.ip }, done);
  });
}

/** The address of the client whose request is being served (as TRUST_PROXY reads it), or null outside a request. */
export function currentRequestIp(): string | null {
  return storage.getStore()?.ip ?? null;
}
