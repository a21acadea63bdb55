// Screens that show what a notification is about (an invitation, its answer) refresh when one arrives over the
// realtime connection; malformed payloads are logged and skipped.
import type { Notification } from '@mixdesk/contract/notifications';
import { useEffect, useRef } from 'react';
import { realtime } from './realtime';

export function useLiveNotifications(listener: (notification: Notification) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(
    () => realtime.onLiveEvent('notification:new', ({ notification }) => latest.current(notification)),
    [],
  );
}
