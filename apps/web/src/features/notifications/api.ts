// The notification calls (packages/contract/src/routes/notifications.ts), parsed with the shared contract, and
// the cached list kept live from notification:new.
import type { MarkReadInput, NotificationListData } from '@mixdesk/contract/notifications';
import { notificationRoutes as routes } from '@mixdesk/contract/routes/notifications';
import { call } from '../../lib/call';

/** How many the bell's list shows. */
export const BELL_LIST_SIZE = 10;

export const notificationKeys = { bell: ['notifications', 'bell'] as const };

export async function fetchNotifications(signal?: AbortSignal): Promise<NotificationListData> {
  return (await call(routes.list, { query: { limit: BELL_LIST_SIZE } }, { signal })).data;
}

export async function markRead(input: MarkReadInput): Promise<number> {
  return (await call(routes.markRead, { body: input })).data.unreadCount;
}
