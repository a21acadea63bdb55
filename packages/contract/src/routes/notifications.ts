// The notifications' routes (issue #15), declared once for the server and the web (../routes.ts): mine, newest
// first and paged with the unread count, and marking some or all of them read.
import {
  MarkReadResponseSchema,
  MarkReadSchema,
  NotificationListQuerySchema,
  NotificationListResponseSchema,
} from '../notifications.ts';
import { defineRoutes } from '../routes.ts';

export const notificationRoutes = defineRoutes('notification', {
  list: {
    method: 'GET',
    path: '/api/notifications',
    summary: 'List my notifications',
    query: NotificationListQuerySchema,
    response: NotificationListResponseSchema,
  },
  markRead: {
    method: 'POST',
    path: '/api/notifications/read',
    summary: 'Mark notifications as read',
    body: MarkReadSchema,
    response: MarkReadResponseSchema,
  },
});
