import { and, eq, type SQL } from 'drizzle-orm';
import { notifications } from '../../db/schema.ts';

/**
 * Whose notifications a user sees and marks read: their own, within their organisation, and no
 * one else's. An id that is someone else's is ignored exactly like an unknown one, so an answer
 * says nothing about other users' notifications.
 */
export interface NotificationReader {
  userId: string;
  organisationId: string;
}

export function ownNotifications(reader: NotificationReader): SQL {
  return and(eq(notifications.userId, reader.userId), eq(notifications.organisationId, reader.organisationId)) as SQL;
}
