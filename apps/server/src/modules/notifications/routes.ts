import { markNotificationsReadSchema, type MarkNotificationsReadResponse, type NotificationsResponse } from '@verity/shared';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../app.ts';
import { authOf, requireAuth } from '../../lib/auth.ts';
import { parseWith } from '../../lib/validate.ts';
import { listNotifications, markRead, presentNotification } from './service.ts';

/** A user's own notifications; any signed-in role. */
export async function notificationsRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db } = deps;

  app.get('/notifications/user', { onRequest: requireAuth() }, async (request): Promise<NotificationsResponse> => {
    const { userId } = authOf(request);
    const rows = await listNotifications({ db, userId });
    return { notifications: rows.map(presentNotification) };
  });

  app.post('/notifications/mark-as-read', { onRequest: requireAuth() }, async (request): Promise<MarkNotificationsReadResponse> => {
    const { userId } = authOf(request);
    const input = parseWith(markNotificationsReadSchema, request.body);
    return { updated: await markRead({ db, userId, ids: input.notification_ids }) };
  });
}
