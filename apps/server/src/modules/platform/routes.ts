import { type Health, platformEndpoints, type Readiness } from '@verity/shared';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../route-deps.ts';
import { forumEnabled, microsoftEnabled } from '../../config.ts';
import { route } from '../../lib/route.ts';
import { VERSION } from '../../lib/version.ts';
import { evaluateFlags } from '../../core/flags.ts';
import { openApiDocument } from './openapi.ts';
import { renderReference } from './reference.ts';

/** Health, public client configuration, feature flags and the API's own description. */
export async function platformRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { config, database } = deps;

  route(app, platformEndpoints.health, {
    handler: async ({ reply }): Promise<Health> => {
      // Redis down is degraded service, not an outage: limits fall back to the database (200).
      const answers = await deps.rateLimitStore.reachable?.();
      const redis: Health['redis'] = answers === undefined ? 'not_configured' : answers ? 'ok' : 'unreachable';
      const status = redis === 'unreachable' ? 'degraded' : 'ok';
      try {
        await database.ping();
        return { status, database: 'ok', database_kind: database.kind, redis, version: VERSION };
      } catch {
        reply.status(503);
        return { status: 'degraded', database: 'unavailable', database_kind: database.kind, redis, version: VERSION };
      }
    },
  });

  route(app, platformEndpoints.ready, {
    handler: async ({ reply }): Promise<Readiness> => {
      if (deps.lifecycle.draining) {
        reply.status(503);
        return { status: 'draining' };
      }
      try {
        await database.ping();
        return { status: 'ready' };
      } catch {
        reply.status(503);
        return { status: 'unavailable' };
      }
    },
  });

  route(app, platformEndpoints.appConfig, {
    handler: async () => ({
      product_name: 'Verity',
      version: VERSION,
      support_email: config.SUPPORT_EMAIL,
      trusted_by: config.TRUSTED_BY_LOGOS ?? [],
      trusted_by_professional: config.TRUSTED_BY_PROFESSIONAL_LOGOS ?? [],
      professional_body_logo: config.PROFESSIONAL_BODY_LOGO ?? null,
      microsoft_sso_enabled: microsoftEnabled(config),
      forum_url: forumEnabled(config) ? (config.FORUM_URL as string) : null,
      // PostHog records sessions when configured; only then is there anything to ask consent for.
      session_recording_enabled: config.POSTHOG_KEY !== undefined,
      posthog: config.POSTHOG_KEY ? { key: config.POSTHOG_KEY, host: config.POSTHOG_HOST.replace(/\/+$/, '') } : null,
      image_max_bytes: config.IMAGE_MAX_BYTES,
    }),
  });

  // For the caller's organisation and roles when a session comes with the request; else the global values.
  route(app, platformEndpoints.flags, { handler: async ({ auth }) => ({ flags: await evaluateFlags(deps.db, auth) }) });

  // Built once, on first request: the descriptors do not change while the server runs.
  let document: ReturnType<typeof openApiDocument> | undefined;
  const described = () => {
    document ??= openApiDocument({ version: VERSION });
    return document;
  };

  route(app, platformEndpoints.openApi, { handler: async () => described() });

  route(app, platformEndpoints.reference, {
    handler: async ({ reply }) =>
      reply
        .type('text/html; charset=utf-8')
        // The page is static text: no script runs on it, and it may not be framed.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
        .header('cache-control', 'no-cache')
        .send(renderReference(described())),
  });
}
