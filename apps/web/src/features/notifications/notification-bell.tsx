// The bell in the shell: how many notifications are unread, and the latest ones, each leading to what it is
// about (the comment's version and time, the project). A new one arrives over the realtime connection.
import type { Notification } from '@mixdesk/contract/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { realtime } from '../../lib/realtime';
import { timeAgo } from '../../lib/time-ago';
import { useNow } from '../../lib/use-now';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from '../../ui/menu';
import { BELL_LIST_SIZE, fetchNotifications, markRead, notificationKeys } from './api';

type BellData = Awaited<ReturnType<typeof fetchNotifications>>;

export function NotificationBell() {
  const client = useQueryClient();
  const now = useNow();
  const query = useQuery({
    queryKey: notificationKeys.bell,
    queryFn: ({ signal }) => fetchNotifications(signal),
  });

  useEffect(
    () =>
      realtime.onLiveEvent('notification:new', ({ notification, unreadCount }) => {
        client.setQueryData<BellData>(notificationKeys.bell, (bell) =>
          bell
            ? {
                ...bell,
                unreadCount,
                notifications: [
                  notification,
                  ...bell.notifications.filter((n) => n._id !== notification._id),
                ].slice(0, BELL_LIST_SIZE),
              }
            : bell,
        );
      }),
    [client],
  );

  const read = useMutation({
    mutationFn: (ids: string[] | 'all') => markRead(ids === 'all' ? { all: true } : { ids }),
    onSuccess: (unreadCount, ids) =>
      client.setQueryData<BellData>(notificationKeys.bell, (bell) =>
        bell
          ? {
              ...bell,
              unreadCount,
              notifications: bell.notifications.map((n) =>
                ids === 'all' || ids.includes(n._id) ? { ...n, read: true } : n,
              ),
            }
          : bell,
      ),
  });

  const unread = query.data?.unreadCount ?? 0;
  const list = query.data?.notifications ?? [];
  return (
    <Menu>
      <MenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        >
          <Bell aria-hidden="true" />
          {unread > 0 && (
            <span
              aria-hidden="true"
              data-testid="unread-count"
              className="absolute -top-0.5 -right-0.5 grid h-4 min-w-4 place-items-center rounded-full bg-danger px-1 text-[10px] font-semibold text-danger-fg tabular-nums"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </Button>
      </MenuTrigger>
      <MenuContent className="w-80 max-w-[calc(100vw-1rem)]">
        <div className="flex items-center justify-between">
          <MenuLabel>Notifications</MenuLabel>
          {unread > 0 && (
            <Button size="sm" variant="link" className="mr-2 text-xs" onClick={() => read.mutate('all')}>
              Mark all read
            </Button>
          )}
        </div>
        <MenuSeparator />
        {query.isError ? (
          <p className="px-2 py-3 text-sm text-danger">Could not load your notifications.</p>
        ) : list.length === 0 ? (
          <p className="px-2 py-3 text-sm text-muted">{query.isPending ? 'Loading…' : 'Nothing new.'}</p>
        ) : (
          list.map((n) => <Item key={n._id} n={n} now={now} onOpen={() => !n.read && read.mutate([n._id])} />)
        )}
      </MenuContent>
    </Menu>
  );
}

function Item({ n, now, onOpen }: { n: Notification; now: Date; onOpen: () => void }) {
  return (
    <MenuItem asChild className="h-auto items-start py-2">
      <Link to={n.link} onClick={onOpen}>
        <span
          aria-hidden="true"
          className={cn('mt-1.5 size-2 shrink-0 rounded-full', n.read ? 'bg-transparent' : 'bg-accent')}
        />
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className={cn('text-sm break-words', !n.read && 'font-medium')}>
            {n.title}
            {!n.read && <span className="sr-only"> (unread)</span>}
          </span>
          {n.body && <span className="line-clamp-2 text-xs text-muted">{n.body}</span>}
          <span className="text-xs text-subtle">{timeAgo(n.createdAt, now)}</span>
        </span>
      </Link>
    </MenuItem>
  );
}
