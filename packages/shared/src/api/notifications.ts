import { z } from 'zod';

export const MARK_READ_MAX_IDS = 500;

/** One item of GET /api/notifications/user (newest first). */
export const userNotificationSchema = z.object({
  id: z.string(),
  status: z.enum(['unread', 'read']),
  title: z.string(),
  message: z.string(),
  created_at: z.string(),
  /** Where opening it takes the user: an in-app path such as /review/{id}; absent when it leads nowhere. */
  link: z.string().optional(),
});
export type UserNotification = z.infer<typeof userNotificationSchema>;
export type NotificationStatus = UserNotification['status'];

export const notificationsResponseSchema = z.object({ notifications: z.array(userNotificationSchema) });
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

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

export const markNotificationsReadResponseSchema = z.object({ updated: z.number().int() });
export type MarkNotificationsReadResponse = z.infer<typeof markNotificationsReadResponseSchema>;
