import { markNotificationsReadResponseSchema, markNotificationsReadSchema, notificationsResponseSchema } from '../api/notifications.ts';
import { defineEndpoint, json, SIGNED_IN } from '../contract/endpoint.ts';

/** A user's own notifications; any signed-in role. */

export const list = defineEndpoint({
  id: 'notifications.list',
  summary: "The caller's notifications",
  description: 'Newest first, at most 100.',
  method: 'GET',
  path: '/notifications/user',
  access: SIGNED_IN,
  status: 200,
  response: json(notificationsResponseSchema),
  background: true,
});

export const markRead = defineEndpoint({
  id: 'notifications.markRead',
  summary: 'Mark notifications read',
  description: "The caller's unread ones among the ids become read; other ids are ignored.",
  method: 'POST',
  path: '/notifications/mark-as-read',
  access: SIGNED_IN,
  body: markNotificationsReadSchema,
  status: 200,
  response: json(markNotificationsReadResponseSchema),
});
