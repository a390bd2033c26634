import type { UserNotification } from '@verity/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { notifications } from '../../db/schema.ts';
import { type NotificationReader, ownNotifications } from '../policies/notifications.ts';
import { newId } from '../../lib/ids.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/** The most a user is shown at once; older ones stay stored but are not listed. */
export const NOTIFICATIONS_LIST_LIMIT = 100;

/**
 * The one way the system creates a notification (welcome, reviews finished, broadcasts...), so
 * every notification belongs to one user and carries that user's organisation.
 */
export async function notify(options: {
  db: Database;
  userId: string;
  organisationId: string;
  title: string;
  message: string;
  /** An in-app path (starting with a single /) that opening the notification leads to. */
  link?: string;
}): Promise<NotificationRow> {
  const { db, userId, organisationId, title, message, link } = options;
  if (link !== undefined && !isInAppPath(link)) throw new Error('a notification link must be an in-app path');
  const [row] = await db
    .insert(notifications)
    .values({ id: newId(), userId, organisationId, title, message, link: link ?? null })
    .returning();
  if (!row) throw new Error('notification insert returned nothing');
  return row;
}

/** A new account's first notification, sent by createAccount (so sign-up, the seed and invitations all get it). */
export async function sendWelcomeNotification(options: {
  db: Database;
  user: { id: string; organisationId: string; firstname: string };
}): Promise<NotificationRow> {
  const { db, user } = options;
  return notify({
    db,
    userId: user.id,
    organisationId: user.organisationId,
    title: 'Welcome to Verity',
    message: `Hello ${user.firstname}, your Verity account is ready. You can update your details, photo and password from Profile in the menu under your avatar.`,
  });
}

/** The user's own notifications, newest first. */
export async function listNotifications(options: { db: Database; reader: NotificationReader; limit?: number }): Promise<NotificationRow[]> {
  // created_at has microsecond precision; the id only breaks exact ties deterministically.
  return options.db
    .select()
    .from(notifications)
    .where(ownNotifications(options.reader))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit ?? NOTIFICATIONS_LIST_LIMIT);
}

/**
 * Mark the given notifications read and say how many changed. Ids that are not the caller's,
 * unknown or already read are ignored without comment, so the answer reveals nothing about
 * other users' notifications.
 */
export async function markRead(options: { db: Database; reader: NotificationReader; ids: readonly string[] }): Promise<number> {
  const ids = [...new Set(options.ids)];
  if (ids.length === 0) return 0;
  const changed = await options.db
    .update(notifications)
    .set({ status: 'read' })
    .where(and(ownNotifications(options.reader), eq(notifications.status, 'unread'), inArray(notifications.id, ids)))
    .returning({ id: notifications.id });
  return changed.length;
}

export function presentNotification(row: NotificationRow): UserNotification {
  return {
    id: row.id,
    status: row.status,
    title: row.title,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    ...(row.link === null ? {} : { link: row.link }),
  };
}

/** A path inside the app: one leading slash (never //host), no scheme. */
function isInAppPath(link: string): boolean {
  return /^\/(?![/\\])/.test(link);
}
