// Settings › Webhooks (issue #38): URLs of yours that are sent every event of your projects and documents as a
// signed POST. New Webhook makes one and shows its signing secret once, to copy; each one can be turned off and
// on, edited, deleted after a confirmation, and its delivery log opened (loaded when first opened) to see each
// try and send an event again.
import { type CreatedWebhook, WEBHOOKS_PER_USER_MAX, type Webhook } from '@mixdesk/contract/webhooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { History, Pencil, Plus, Power, PowerOff, Trash2, Webhook as WebhookIcon } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { ApiError } from '../../lib/api';
import { timeAgo } from '../../lib/time-ago';
import { useNow } from '../../lib/use-now';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { CopyOnceField } from '../../ui/copy-once-field';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast';
import { WebhookFormDialog } from './webhook-form-dialog';
import {
  deleteWebhook,
  eventsSummary,
  fetchWebhooks,
  updateWebhook,
  WEBHOOKS_QUERY_KEY,
} from './webhooks-api';

const WebhookDeliveriesDialog = lazy(() =>
  import('./webhook-deliveries-dialog').then((m) => ({ default: m.WebhookDeliveriesDialog })),
);

/** The signing secret, shown once after the webhook is made: the server never answers it again. */
function SecretPanel({ created, onDone }: { created: CreatedWebhook; onDone: () => void }) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-md border border-accent/60 bg-accent-soft/40 p-4"
    >
      <div className="flex flex-col gap-0.5">
        <h3 id={`${id}-title`} className="text-base font-semibold break-all">
          Signing secret for {created.webhook.url}
        </h3>
        <p className="text-sm text-muted">
          Copy it now: you won’t see it again. Your server checks each delivery with it.
        </p>
      </div>
      <CopyOnceField label="Signing secret" value={created.secret} what="secret" onDone={onDone}>
        <p className="text-sm text-muted">
          Each delivery carries <code className="font-mono text-text">Mixdesk-Signature: t=…,v1=…</code>:{' '}
          <code className="font-mono text-text">v1</code> is the hex HMAC-SHA256 of{' '}
          <code className="font-mono text-text">t.body</code> with this secret.
        </p>
      </CopyOnceField>
    </section>
  );
}

function WebhookRow({
  webhook,
  now,
  onEdit,
  onDelete,
  onDeliveries,
}: {
  webhook: Webhook;
  now: Date;
  onEdit: () => void;
  onDelete: () => void;
  onDeliveries: () => void;
}) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: () => updateWebhook(webhook._id, { enabled: !webhook.enabled }),
    onSuccess: (saved) => toast.notify('success', saved.enabled ? 'Webhook turned on' : 'Webhook turned off'),
    onError: (err) =>
      toast.notify('error', err instanceof ApiError ? err.message : 'Failed to change the webhook'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
  const name = webhook.description || webhook.url;
  return (
    <li className="flex flex-col gap-2 px-3 py-3">
      <div className="flex min-w-0 flex-col gap-1">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="min-w-0 font-mono text-sm font-medium break-all">{webhook.url}</span>
          <Badge tone={webhook.enabled ? 'success' : webhook.disabledReason ? 'danger' : 'neutral'}>
            {webhook.enabled ? 'On' : 'Off'}
          </Badge>
          {webhook.enabled && webhook.failingSince && (
            <Badge tone="warning">Failing since {timeAgo(webhook.failingSince, now)}</Badge>
          )}
        </span>
        {webhook.description && <span className="text-base break-words">{webhook.description}</span>}
        <span className="text-sm text-muted">{eventsSummary(webhook.events)}</span>
        {!webhook.enabled && webhook.disabledReason && (
          <span className="text-sm text-danger">Turned off: {webhook.disabledReason}.</span>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onDeliveries} aria-label={`Deliveries of ${name}`}>
          <History aria-hidden="true" />
          Deliveries
        </Button>
        <Button size="sm" onClick={onEdit} aria-label={`Edit ${name}`}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button
          size="sm"
          onClick={() => toggle.mutate()}
          loading={toggle.isPending}
          aria-label={`${webhook.enabled ? 'Turn off' : 'Turn on'} ${name}`}
        >
          {webhook.enabled ? <PowerOff aria-hidden="true" /> : <Power aria-hidden="true" />}
          {webhook.enabled ? 'Turn off' : 'Turn on'}
        </Button>
        <Button size="sm" onClick={onDelete} aria-label={`Delete ${name}`}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </li>
  );
}

export function WebhooksCard() {
  const titleId = useId();
  const now = useNow();
  const toast = useToast();
  const queryClient = useQueryClient();
  const webhooks = useQuery({ queryKey: WEBHOOKS_QUERY_KEY, queryFn: fetchWebhooks });
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY });
  const count = webhooks.data?.length;

  return (
    <Card aria-labelledby={titleId} className="flex flex-col lg:col-span-2">
      <CardHeader className="flex-row items-start gap-3">
        <span className="mt-0.5 grid size-9 shrink-0 place-items-center rounded-md bg-accent-soft text-accent [&_svg]:size-5">
          <WebhookIcon aria-hidden="true" />
        </span>
        <div className="flex min-w-0 flex-col gap-0.5">
          <CardTitle id={titleId}>Webhooks</CardTitle>
          <CardDescription>
            Send what happens in your projects and documents to your own server as it happens: each event a
            signed POST, tried again for two days until your server answers 2xx.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        {created && <SecretPanel created={created} onDone={() => setCreated(null)} />}
        {webhooks.data ? (
          webhooks.data.length > 0 ? (
            <ul
              aria-label="Webhooks"
              className="flex flex-col divide-y divide-border rounded-md border border-border"
            >
              {webhooks.data.map((webhook) => (
                <WebhookRow
                  key={webhook._id}
                  webhook={webhook}
                  now={now}
                  onEdit={() => setEditing(webhook)}
                  onDelete={() => setDeleting(webhook)}
                  onDeliveries={() => setLogOf(webhook)}
                />
              ))}
            </ul>
          ) : (
            <p className="text-base text-muted">
              No webhooks yet. Add one to keep a catalogue, a chat or your own tools in step with Mixdesk.
            </p>
          )
        ) : webhooks.isError ? (
          <Alert
            type="error"
            action={
              <Button size="sm" onClick={() => webhooks.refetch()} loading={webhooks.isFetching}>
                Try Again
              </Button>
            }
          >
            {webhooks.error instanceof ApiError ? webhooks.error.message : 'Failed to load your webhooks'}
          </Alert>
        ) : (
          <Spinner label="Loading webhooks..." />
        )}
      </CardContent>
      <CardFooter className="flex-wrap justify-between">
        <span className="text-sm text-subtle">
          {count === undefined ? '' : `${count} of ${WEBHOOKS_PER_USER_MAX} webhooks`}
        </span>
        <Button variant="primary" onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          New Webhook
        </Button>
      </CardFooter>
      <WebhookFormDialog
        open={editing !== null}
        webhook={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onCreated={(made) => {
          setCreated(made);
          toast.notify('success', 'Webhook created');
          void refresh();
        }}
        onSaved={() => {
          toast.notify('success', 'Webhook saved');
          void refresh();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this webhook?"
        description={
          <span className="break-all">
            Events stop going to {deleting?.url ?? ''}, and its delivery log is deleted. This cannot be
            undone.
          </span>
        }
        confirmLabel="Delete Webhook"
        onConfirm={() => deleteWebhook(deleting?._id ?? '')}
        onClose={() => setDeleting(null)}
        onDone={() => {
          if (created?.webhook._id === deleting?._id) setCreated(null);
          toast.notify('success', 'Webhook deleted');
          void refresh();
        }}
        errorMessage={(err) => (err instanceof ApiError ? err.message : 'Failed to delete the webhook')}
      />
      {logOf && (
        <Suspense fallback={<Spinner label="Loading deliveries..." />}>
          <WebhookDeliveriesDialog webhook={logOf} onClose={() => setLogOf(null)} />
        </Suspense>
      )}
    </Card>
  );
}
