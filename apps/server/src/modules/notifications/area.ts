// The notifications area: each user's notifications, and the sweep that emails the unread ones.
import type { Area } from '../../platform/area.ts';
import { scheduleNotificationEmails } from './email-sweep.ts';
import { notificationsRoutes } from './routes.ts';
import { notificationsUserData } from './user-data.ts';

export const notificationsArea: Area = {
  name: 'notifications',
  routes: [{ prefix: '/api/notifications', plugin: notificationsRoutes }],
  userData: notificationsUserData,
  start: scheduleNotificationEmails,
};
