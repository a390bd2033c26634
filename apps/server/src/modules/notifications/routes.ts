import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../app.ts';

export async function notificationsRoutes(_app: FastifyInstance, _deps: RouteDeps): Promise<void> {}
