import { dashboardEndpoints } from '@verity/shared';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../route-deps.ts';
import { route } from '../../lib/route.ts';
import { type DashboardViewer, dashboardOrganisation } from '../../core/policies/dashboard.ts';
import { dashboardDocuments, dashboardMetrics, dashboardTasks, messageCount, organisationUsers, subdomainUsage } from './service.ts';

/**
 * The champion dashboard: always the caller's own organisation (there is no organisation parameter).
 * Its list of pending invitations is served by the invitations area (modules/invitations/routes.ts).
 */
export async function dashboardRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db } = deps;
  const scope = (auth: DashboardViewer, query: { days: 7 | 30 | 90 | 365 }) => ({
    db,
    organisationId: dashboardOrganisation(auth),
    days: query.days,
  });

  route(app, dashboardEndpoints.users, { handler: async ({ auth, query }) => organisationUsers(scope(auth, query)) });
  route(app, dashboardEndpoints.metrics, { handler: async ({ auth, query }) => dashboardMetrics(scope(auth, query)) });
  route(app, dashboardEndpoints.messages, { handler: async ({ auth, query }) => messageCount(scope(auth, query)) });
  route(app, dashboardEndpoints.subdomainUsage, { handler: async ({ auth, query }) => subdomainUsage(scope(auth, query)) });
  route(app, dashboardEndpoints.documents, { handler: async ({ auth, query }) => dashboardDocuments(scope(auth, query)) });
  route(app, dashboardEndpoints.tasks, { handler: async ({ auth, query }) => dashboardTasks(scope(auth, query)) });
}
