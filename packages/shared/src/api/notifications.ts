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

/** POST /api/notifications/mark-as-read. */
export interface MarkNotificationsReadRequest {
  notification_ids: string[];
}

export interface MarkNotificationsReadResponse {
  updated: number;
}
