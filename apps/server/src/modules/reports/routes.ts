import { reportsEndpoints, type WorkforceReport } from '@verity/shared';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../core/identity/sessions.ts';
import { requireFlag } from '../../core/flags.ts';
import { reportScope } from '../../core/policies/reports.ts';
import { route } from '../../lib/route.ts';
import type { RouteDeps } from '../../route-deps.ts';
import { exportName, workforceCsv, workforcePdf } from './export.ts';
import { workforceReport } from './workforce.ts';

/**
 * Reports, while the workforce-reports flag is on for the caller (otherwise they do not exist:
 * 404): the workforce performance report as figures, CSV and PDF, for the organisation or the
 * person the report policy allows (core/policies/reports.ts).
 */
export async function reportsRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db } = deps;

  async function report(auth: AuthContext, query: { days: 7 | 30 | 90 | 365; organisation_id?: string }): Promise<WorkforceReport> {
    await requireFlag(db, auth, 'workforce-reports', 'Reports are not turned on for your organisation.');
    return workforceReport({ db, scope: reportScope(auth, query.organisation_id), days: query.days });
  }

  route(app, reportsEndpoints.workforce, { handler: async ({ auth, query }) => report(auth, query) });

  route(app, reportsEndpoints.workforceCsv, {
    handler: async ({ auth, query, reply }) => {
      const figures = await report(auth, query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportName(figures, 'csv')}"`)
        .header('x-content-type-options', 'nosniff')
        .send(workforceCsv(figures));
    },
  });

  route(app, reportsEndpoints.workforcePdf, {
    handler: async ({ auth, query, reply }) => {
      const figures = await report(auth, query);
      const pdf = await workforcePdf(figures);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${exportName(figures, 'pdf')}"`)
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(pdf));
    },
  });
}
