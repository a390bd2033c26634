import { isPublicRoute, ROUTES, type RouteAccess } from '@verity/shared';
import type { FastifyInstance } from 'fastify';

/**
 * Public pages that carry a one-time code or an SSO answer in their address: nothing there is
 * worth indexing, and the addresses must not be kept.
 */
const ONE_TIME_PAGES = ['/auth/action-handler', '/microsoft-auth-callback'];

/** The address a route's pages start with: its path up to the first parameter ('/chat/:sessionId' → '/chat/'). */
function prefixOf(path: string): string {
  const parameter = path.indexOf('/:');
  return parameter === -1 ? path : path.slice(0, parameter + 1);
}

/**
 * /robots.txt: crawlers may read the sign-in and sign-up pages and nothing else: not the API, not
 * the pages that need a session (every signed-in row of the ROUTES table, so a new page is
 * covered when its row is added), and not the one-time link pages.
 */
export function robotsTxt(routes: readonly RouteAccess[] = ROUTES): string {
  const prefixes = ['/api/', ...routes.filter((route) => !isPublicRoute(route)).map((route) => prefixOf(route.path)), ...ONE_TIME_PAGES];
  const distinct = [...new Set(prefixes)].sort();
  // '/chat' already covers '/chat/': robots rules match by prefix.
  const needed = distinct.filter((prefix) => !distinct.some((other) => other !== prefix && prefix.startsWith(other)));
  return ['User-agent: *', ...needed.map((prefix) => `Disallow: ${prefix}`), 'Allow: /', ''].join('\n');
}

/** Served by the server itself (not the SPA fallback), whether or not the web app is built. */
export function registerRobots(app: FastifyInstance): void {
  const body = robotsTxt();
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(body),
  );
}
