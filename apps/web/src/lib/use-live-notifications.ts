// Screens that show what a notification is about (an invitation, its answer) refresh when one arrives over the
// realtime connection; malformed payloads are logged and skipped.
import { type Notification, NotificationEventSchema } from '@mixdesk/contract/notifications';
import { useEffect, useRef } from 'react';
import { realtime } from './realtime';

export function useLiveNotifications(listener: (notification: Notification) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(
    () =>
      realtime.onLiveEvent('notification:new', (payload) => {
        const parsed = NotificationEventSchema.safeParse(payload);
        if (!parsed.success) return console.warn('Ignoring a malformed notification:new', payload);
        latest.current(parsed.data.notification);
      }),
    [],
  );
}
