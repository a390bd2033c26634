import { analyticsEndpoints } from '@verity/shared';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../route-deps.ts';
import { route } from '../../lib/route.ts';
import { createAnalyticsLimiter, recordAnalyticsEvents } from './service.ts';

/** The web app's analytics events, recorded as the caller's usage events. */
export async function analyticsRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db } = deps;
  const limiter = createAnalyticsLimiter(deps.rateLimitStore);

  route(app, analyticsEndpoints.record, {
    handler: async ({ auth, body }) => {
      await limiter.consume(`${auth.organisationId}:${auth.userId}`);
      await recordAnalyticsEvents({ db, user: { id: auth.userId, organisationId: auth.organisationId }, events: body.events });
      return undefined;
    },
  });
}
