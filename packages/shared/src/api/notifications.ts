import { z } from 'zod';

export type NotificationStatus = 'unread' | 'read';

/** One item of GET /api/notifications/user (newest first). */
export interface UserNotification {
  id: string;
  status: NotificationStatus;
  title: string;
  message: string;
  created_at: string;
}

export interface NotificationsResponse {
  notifications: UserNotification[];
}

export const MARK_READ_MAX_IDS = 500;

/** POST /api/notifications/mark-as-read (JSON). */
export const markNotificationsReadSchema = z.object({
  notification_ids: z
    .array(
      z.string().min(1, 'A notification id is empty').max(64, 'A notification id is too long'),
      'notification_ids must be a list of ids',
    )
    .min(1, 'Give at least one notification id')
    .max(MARK_READ_MAX_IDS, `Give at most ${MARK_READ_MAX_IDS} notification ids at a time`),
});

export interface MarkNotificationsReadResponse {
  updated: number;
}
