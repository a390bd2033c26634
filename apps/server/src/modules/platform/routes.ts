import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../app.ts';
import { VERSION } from '../../lib/version.ts';
import { evaluateFlags } from '../flags/service.ts';

/** Health, public client configuration and feature flags. */
export async function platformRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { config, database } = deps;

  app.get('/health', async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ok', database: 'ok', database_kind: database.kind, version: VERSION };
    } catch {
      return reply.status(503).send({ status: 'degraded', database: 'unavailable', database_kind: database.kind, version: VERSION });
    }
  });

  app.get('/app-config', async () => ({
    product_name: 'Verity',
    version: VERSION,
    support_email: config.SUPPORT_EMAIL,
    trusted_by: config.TRUSTED_BY_LOGOS ?? [],
    trusted_by_professional: config.TRUSTED_BY_PROFESSIONAL_LOGOS ?? [],
    professional_body_logo: config.PROFESSIONAL_BODY_LOGO ?? null,
    microsoft_sso_enabled: false,
    image_max_bytes: config.IMAGE_MAX_BYTES,
  }));

  app.get('/flags', async () => ({ flags: await evaluateFlags(deps.db) }));
}
