// The audit trail (GET /api/documents/:id/audit): every event on the document, newest first, with when it
// happened and who did it.
import type { AuditEvent } from '@mixdesk/contract/document-responses';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../ui/alert';
import { Skeleton } from '../../../ui/skeleton';
import { documentKeys, fetchAudit } from '../api';
import { formatMoment } from '../document-labels';

const EVENT_LABEL: Record<AuditEvent['type'], string> = {
  created: 'Generated',
  updated: 'Edited',
  sent: 'Sent',
  viewed: 'Viewed',
  signed: 'Signed',
  rejected: 'Rejected',
  completed: 'Completed',
  downloaded: 'Downloaded',
  voided: 'Voided',
  paid: 'Marked paid',
};

export function AuditTrail({ documentId }: { documentId: string }) {
  const audit = useQuery({
    queryKey: documentKeys.audit(documentId),
    queryFn: ({ signal }) => fetchAudit(documentId, signal),
  });
  if (audit.isPending)
    return (
      <div className="flex flex-col gap-2">
        <p role="status" className="sr-only">
          Loading the audit trail...
        </p>
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    );
  if (audit.isError) return <Alert type="error">Failed to load the audit trail</Alert>;
  const events = [...audit.data].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <ol aria-label="Audit trail" className="flex flex-col">
      {events.map((e) => (
        <li key={e._id} className="relative flex gap-3 border-l border-border pb-3 pl-4 last:pb-0">
          <span aria-hidden="true" className="absolute top-1.5 -left-[4.5px] size-2 rounded-full bg-accent" />
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <p className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-medium">{EVENT_LABEL[e.type]}</span>
              <time dateTime={e.at} className="font-mono text-xs text-muted tabular-nums">
                {formatMoment(e.at)}
              </time>
            </p>
            <p className="text-sm break-words text-muted">
              {e.actor ? (e.actor.name ? `${e.actor.name} (${e.actor.email})` : e.actor.email) : 'Mixdesk'}
              {e.ip && <span className="text-subtle">{` · ${e.ip}`}</span>}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
