import { tutorialsEndpoints } from '@verity/shared';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../route-deps.ts';
import { route } from '../../lib/route.ts';
import { getTutorial, listTutorials } from './service.ts';

/** The tutorials: listed for standard users, opened by anyone signed in (a link shared with a guest). */
export async function tutorialsRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db } = deps;
  route(app, tutorialsEndpoints.list, { handler: async () => ({ tutorials: await listTutorials(db) }) });
  route(app, tutorialsEndpoints.tutorial, { handler: async ({ params }) => getTutorial(db, params.id) });
}
