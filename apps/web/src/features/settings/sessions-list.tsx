// The account's signed-in devices (device, address, last used), with Sign out for each and for all others.
import type { SessionInfo } from '@mixdesk/contract/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Laptop } from 'lucide-react';
import { ApiError } from '../../lib/api';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { useToast } from '../../ui/toast';
import { SESSIONS_QUERY_KEY, signOutOtherSessions, signOutSession } from './api';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function SessionsList({ sessions }: { sessions: SessionInfo[] }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const refresh = () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
  const failed = (err: unknown) =>
    toast.notify('error', err instanceof ApiError ? err.message : 'Failed to sign the session out');
  const one = useMutation({
    mutationFn: signOutSession,
    onSuccess: () => toast.notify('success', 'Session signed out'),
    onError: failed,
    onSettled: refresh,
  });
  const others = useMutation({
    mutationFn: signOutOtherSessions,
    onSuccess: (res) => toast.notify('success', res.message),
    onError: failed,
    onSettled: refresh,
  });
  const hasOthers = sessions.some((s) => !s.current);

  return (
    <div className="flex flex-col gap-3">
      <ul
        aria-label="Active sessions"
        className="flex flex-col divide-y divide-border rounded-md border border-border"
      >
        {sessions.map((s) => (
          <li key={s._id} className="flex flex-wrap items-center gap-3 px-3 py-2.5">
            <Laptop aria-hidden="true" className="size-4 shrink-0 text-muted" />
            <div className="flex min-w-0 flex-1 flex-col">
              <span className="flex flex-wrap items-center gap-2 font-medium">
                {s.device}
                {s.current && <Badge tone="success">This device</Badge>}
              </span>
              <span className="text-sm text-muted">
                {s.ip ?? 'Unknown address'} · Last used {when.format(new Date(s.lastUsedAt))}
              </span>
            </div>
            {!s.current && (
              <Button
                size="sm"
                onClick={() => one.mutate(s._id)}
                loading={one.isPending && one.variables === s._id}
                aria-label={`Sign out ${s.device}, last used ${when.format(new Date(s.lastUsedAt))}`}
              >
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Button
        className="self-start"
        variant="danger"
        size="sm"
        disabled={!hasOthers}
        loading={others.isPending}
        onClick={() => others.mutate()}
      >
        Sign out all other sessions
      </Button>
    </div>
  );
}
