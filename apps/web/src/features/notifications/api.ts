// The notification calls (packages/contract/src/notifications.ts), parsed with the shared contract, and the
// cached list kept live from notification:new.
import {
  type MarkReadInput,
  MarkReadResponseSchema,
  type NotificationListData,
  NotificationListResponseSchema,
} from '@mixdesk/contract/notifications';
import { api } from '../../lib/api';

/** How many the bell's list shows. */
export const BELL_LIST_SIZE = 10;

export const notificationKeys = { bell: ['notifications', 'bell'] as const };

export async function fetchNotifications(signal?: AbortSignal): Promise<NotificationListData> {
  return (
    await api.get('/api/notifications', {
      query: { limit: BELL_LIST_SIZE },
      schema: NotificationListResponseSchema,
      signal,
    })
  ).data;
}

export async function markRead(input: MarkReadInput): Promise<number> {
  return (await api.post('/api/notifications/read', input, { schema: MarkReadResponseSchema })).data
    .unreadCount;
}
