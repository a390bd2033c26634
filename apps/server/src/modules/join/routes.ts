import { joinEndpoints } from '@verity/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createRateLimiter, rateLimitSource } from '../../lib/rate-limit.ts';
import { route } from '../../lib/route.ts';
import type { RouteDeps } from '../../route-deps.ts';
import { decideDomainRequest, listDomainRequests, ownDomain, requestDomain } from './domains.ts';
import { decideJoinRequest, describeDomain, joinStatus, leave, listJoinRequests, startOrganisation } from './service.ts';

/** Joining an organisation by e-mail domain (docs/security.md, "Joining an organisation"). */
export async function joinRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db, config } = deps;
  const decider = { db, mailer: deps.mailer, appUrl: config.APP_URL };
  const domainDecider = { ...decider, supportEmail: config.SUPPORT_EMAIL };
  // The register page asks once per address typed; counted per client address like sign-up.
  const perAddress = createRateLimiter({
    store: deps.rateLimitStore,
    name: 'join:domain:ip',
    limit: config.AUTH_RATE_LIMIT_PER_IP,
    windowMs: config.AUTH_RATE_LIMIT_WINDOW_MINUTES * 60_000,
  });

  route(app, joinEndpoints.domain, {
    preHandler: async (request: FastifyRequest) => {
      await perAddress.consume(rateLimitSource(request.ip));
    },
    handler: async ({ query }) => describeDomain({ db, email: query.email }),
  });

  route(app, joinEndpoints.status, { handler: async ({ auth }) => joinStatus({ db, caller: auth }) });

  route(app, joinEndpoints.requests, {
    handler: async ({ auth }) => ({ requests: await listJoinRequests({ db, champion: { organisationId: auth.organisationId } }) }),
  });

  route(app, joinEndpoints.approve, {
    handler: async ({ auth, params, body }) =>
      decideJoinRequest({ ...decider, champion: auth, requestId: params.requestId, decision: { status: 'approved', role: body.role } }),
  });

  route(app, joinEndpoints.decline, {
    handler: async ({ auth, params }) =>
      decideJoinRequest({ ...decider, champion: auth, requestId: params.requestId, decision: { status: 'declined' } }),
  });

  route(app, joinEndpoints.startOrganisation, { handler: async ({ auth }) => startOrganisation({ db, caller: auth }) });

  route(app, joinEndpoints.leave, {
    handler: async ({ auth }) => {
      await leave({ db, caller: auth });
      return undefined;
    },
  });

  route(app, joinEndpoints.ownDomain, { handler: async ({ auth }) => ownDomain({ db, champion: auth }) });
  route(app, joinEndpoints.requestDomain, { handler: async ({ auth }) => requestDomain({ db, champion: auth }) });
  route(app, joinEndpoints.domainRequests, { handler: async () => ({ requests: await listDomainRequests({ db }) }) });
  route(app, joinEndpoints.approveDomainRequest, {
    handler: async ({ auth, params }) =>
      decideDomainRequest({ ...domainDecider, administrator: auth, requestId: params.requestId, approve: true }),
  });
  route(app, joinEndpoints.refuseDomainRequest, {
    handler: async ({ auth, params }) =>
      decideDomainRequest({ ...domainDecider, administrator: auth, requestId: params.requestId, approve: false }),
  });
}
