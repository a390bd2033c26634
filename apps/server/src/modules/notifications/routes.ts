import { notificationsEndpoints } from '@verity/shared';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../route-deps.ts';
import { route } from '../../lib/route.ts';
import { listNotifications, markRead, presentNotification } from '../../core/notifications/service.ts';

/** A user's own notifications. */
export async function notificationsRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db } = deps;

  route(app, notificationsEndpoints.list, {
    handler: async ({ auth }) => {
      const rows = await listNotifications({ db, reader: auth });
      return { notifications: rows.map(presentNotification) };
    },
  });

  route(app, notificationsEndpoints.markRead, {
    handler: async ({ auth, body }) => ({ updated: await markRead({ db, reader: auth, ids: body.notification_ids }) }),
  });
}
