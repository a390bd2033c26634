import { tutorialsEndpoints } from '@verity/shared';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../route-deps.ts';
import { notFound } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { createTutorial, manageTutorials, reorderTutorials, updateTutorial } from './manage.ts';
import { readScreenshot } from './screenshots.ts';
import { getTutorial, listTutorials } from './service.ts';

/**
 * The tutorials: listed for standard users, opened by anyone signed in (a link shared with a
 * guest); their pictures of the demo's pages are public, as an <img> sends no session. Verity's
 * administrators write, change, publish and order them.
 */
export async function tutorialsRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db } = deps;
  route(app, tutorialsEndpoints.list, { handler: async () => ({ tutorials: await listTutorials(db) }) });
  route(app, tutorialsEndpoints.tutorial, { handler: async ({ params }) => getTutorial(db, params.id) });
  route(app, tutorialsEndpoints.manage, { handler: async () => manageTutorials(db) });
  route(app, tutorialsEndpoints.create, { handler: async ({ auth, body }) => createTutorial({ db, adminId: auth.userId, input: body }) });
  route(app, tutorialsEndpoints.update, {
    handler: async ({ auth, params, body }) => updateTutorial({ db, adminId: auth.userId, tutorialId: params.tutorialId, input: body }),
  });
  route(app, tutorialsEndpoints.reorder, {
    handler: async ({ auth, body }) => reorderTutorials({ db, adminId: auth.userId, ids: body.ids }),
  });
  route(app, tutorialsEndpoints.screenshot, {
    handler: async ({ params, request, reply }) => {
      const shot = await readScreenshot(db, params.name);
      if (!shot) throw notFound('That screenshot has not been taken on this installation.');
      const etag = `"${shot.build}"`;
      reply
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'public, max-age=3600, must-revalidate');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.header('content-type', 'image/png').header('content-length', String(shot.png.length)).send(shot.png);
    },
  });
}
