// A webhook's delivery log (loaded when first opened): each event sent, newest first, with its status, the
// receiver's answer, how long the last try took, how many tries and when the next one is due, and Redeliver,
// which sends the event again (same id) at once. Refreshed every few seconds while open, so a retry shows.
import type { Webhook, WebhookDelivery } from '@mixdesk/contract/webhooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw, Send } from 'lucide-react';
import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { timeAgo } from '../../lib/time-ago';
import { Alert } from '../../ui/alert';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast';
import { deliveriesQueryKey, eventLabel, fetchDeliveries, redeliver } from './webhooks-api';

const REFRESH_MS = 5000;
const clock = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

function statusOf(d: WebhookDelivery): { label: string; tone: BadgeTone } {
  if (d.status === 'succeeded') return { label: 'Delivered', tone: 'success' };
  if (d.status === 'failed') return { label: 'Given up', tone: 'danger' };
  return d.attempts > 0 && d.error
    ? { label: 'Retrying', tone: 'warning' }
    : { label: 'Pending', tone: 'neutral' };
}

/** When the next try is due, in words ("in 5 minutes", "now"). */
function nextTry(iso: string | null, now: Date): string {
  if (!iso) return '—';
  const ms = Date.parse(iso) - now.getTime();
  if (ms <= 1000) return 'now';
  if (ms < 60_000) return `in ${Math.round(ms / 1000)} s`;
  if (ms < 3_600_000) return `in ${Math.round(ms / 60_000)} min`;
  return clock.format(new Date(iso));
}

function DeliveryRow({
  delivery,
  now,
  onRedeliver,
  sending,
}: {
  delivery: WebhookDelivery;
  now: Date;
  onRedeliver: () => void;
  sending: boolean;
}) {
  const status = statusOf(delivery);
  const facts: [string, string][] = [
    ['Response', delivery.responseCode === null ? 'None' : String(delivery.responseCode)],
    ['Duration', delivery.durationMs === null ? '—' : `${delivery.durationMs} ms`],
    ['Tries', String(delivery.attempts)],
    ['Next try', nextTry(delivery.nextAttemptAt, now)],
  ];
  return (
    <li className="flex flex-col gap-2 px-3 py-2.5">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={status.tone}>{status.label}</Badge>
        <span className="font-medium">{eventLabel(delivery.eventType)}</span>
        <span className="text-sm text-muted">{timeAgo(delivery.createdAt, now)}</span>
        {delivery.redeliveryOf && <Badge tone="info">Redelivery</Badge>}
        <Button
          size="sm"
          className="ml-auto"
          onClick={onRedeliver}
          loading={sending}
          aria-label={`Redeliver ${eventLabel(delivery.eventType)} ${delivery.eventId}`}
        >
          <Send aria-hidden="true" />
          Redeliver
        </Button>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        {facts.map(([term, value]) => (
          <div key={term} className="flex flex-col">
            <dt className="text-muted">{term}</dt>
            <dd className="font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="font-mono text-xs break-all text-subtle">{delivery.eventId}</p>
      {delivery.error && <p className="text-sm text-danger">{delivery.error}</p>}
    </li>
  );
}

export function WebhookDeliveriesDialog({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const toast = useToast();
  const queryClient = useQueryClient();
  const log = useQuery({
    queryKey: deliveriesQueryKey(webhook._id, page),
    queryFn: () => fetchDeliveries(webhook._id, page),
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
  });
  const again = useMutation({
    mutationFn: (deliveryId: string) => redeliver(webhook._id, deliveryId),
    onSuccess: () => {
      toast.notify('success', 'Sent again: the new try is at the top of the log');
      setPage(1);
    },
    onError: (err) => toast.notify('error', err instanceof ApiError ? err.message : 'Failed to redeliver'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['webhooks', webhook._id, 'deliveries'] }),
  });
  const now = new Date();
  const pages = log.data?.pagination.totalPages ?? 1;

  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title="Deliveries"
      description={<span className="break-all">{webhook.url}</span>}
      className="max-w-3xl"
      footer={
        <>
          <span className="mr-auto self-center text-sm text-subtle">
            {log.data
              ? `${log.data.pagination.total} ${log.data.pagination.total === 1 ? 'delivery' : 'deliveries'}`
              : ''}
          </span>
          <Button onClick={() => setPage((p) => p - 1)} disabled={page <= 1}>
            Newer
          </Button>
          <Button onClick={() => setPage((p) => p + 1)} disabled={page >= pages}>
            Older
          </Button>
          <Button onClick={() => void log.refetch()} loading={log.isFetching && !log.isPending}>
            <RefreshCw aria-hidden="true" />
            Refresh
          </Button>
        </>
      }
    >
      {log.data ? (
        log.data.deliveries.length > 0 ? (
          <ul
            aria-label="Deliveries"
            className="flex flex-col divide-y divide-border rounded-md border border-border"
          >
            {log.data.deliveries.map((d) => (
              <DeliveryRow
                key={d._id}
                delivery={d}
                now={now}
                sending={again.isPending && again.variables === d._id}
                onRedeliver={() => again.mutate(d._id)}
              />
            ))}
          </ul>
        ) : (
          <p className="text-base text-muted">
            Nothing sent yet. Events you may see are sent here as they happen.
          </p>
        )
      ) : log.isError ? (
        <Alert type="error">
          {log.error instanceof ApiError ? log.error.message : 'Failed to load the deliveries'}
        </Alert>
      ) : (
        <Spinner label="Loading deliveries..." />
      )}
    </Modal>
  );
}
