// Who a document is between (SPEC §3 parties) and who signs it, with where each signer stands.
import type { DocumentView } from '@mixdesk/contract/document-responses';
import { Badge, type BadgeTone } from '../../../ui/badge';
import { cn } from '../../../ui/cn';
import { formatMoment } from '../document-labels';
import { DetailsSection } from './facts';

type Signer = DocumentView['signers'][number];

const SIGNER_TONE: Record<Signer['status'], BadgeTone> = {
  pending: 'neutral',
  sent: 'info',
  viewed: 'info',
  signed: 'success',
  rejected: 'danger',
};
const ROLE_LABEL = {
  primary: 'Primary party',
  secondary: 'Secondary party',
  writer: 'Writer',
  publisher: 'Publisher',
};

export function Parties({
  document: doc,
  className,
}: {
  document: Pick<DocumentView, 'parties'>;
  /** Extra classes for the grid (a narrow column stacks the two). */
  className?: string;
}) {
  return (
    <DetailsSection title="Parties">
      <div className={cn('grid grid-cols-1 gap-3 sm:grid-cols-2', className)}>
        {(['primary', 'secondary'] as const).map((role) => {
          const p = doc.parties[role];
          return (
            <div
              key={role}
              className="flex min-w-0 flex-col gap-0.5 rounded-md border border-border bg-surface-2 px-3 py-2.5"
            >
              <p className="text-xs text-muted">{ROLE_LABEL[role]}</p>
              <p className="font-medium break-words">{p.name}</p>
              <a href={`mailto:${p.email}`} className="text-sm break-all text-muted hover:text-accent">
                {p.email}
              </a>
              {p.phone && <p className="text-sm text-muted">{p.phone}</p>}
              {p.address && <p className="text-sm whitespace-pre-line text-muted">{p.address}</p>}
            </div>
          );
        })}
      </div>
    </DetailsSection>
  );
}

/** When a signer reached their status: the document's send for 'sent', their own moment otherwise. */
function momentOf(s: Signer, sentAt: string | null): string | null {
  if (s.status === 'signed') return s.signedAt;
  if (s.status === 'rejected') return s.rejectedAt;
  if (s.status === 'viewed') return s.viewedAt;
  if (s.status === 'sent') return sentAt;
  return null;
}

export const signerStatusLabel = (status: Signer['status']) =>
  status === 'rejected' ? 'Declined' : status.charAt(0).toUpperCase() + status.slice(1);

/** Everyone who signs, each with where they stand and since when; `you` marks the person looking. */
export function Signers({
  document: doc,
  you,
}: {
  document: Pick<DocumentView, 'signers' | 'sentAt'>;
  you?: string;
}) {
  if (doc.signers.length === 0) return null;
  return (
    <DetailsSection title="Signers">
      <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
        {doc.signers.map((s) => {
          const when = momentOf(s, doc.sentAt);
          return (
            <li key={s._id} className="flex items-start gap-3 px-3 py-2">
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium">
                  {s.name}
                  {s._id === you && <span className="font-normal text-muted"> (you)</span>}
                </span>
                <span className="truncate text-xs text-muted" title={s.email}>
                  {ROLE_LABEL[s.role]} · {s.email}
                </span>
              </div>
              <span className="flex shrink-0 flex-col items-end gap-0.5">
                <Badge tone={SIGNER_TONE[s.status]}>{signerStatusLabel(s.status)}</Badge>
                {when && (
                  <time dateTime={when} className="text-xs whitespace-nowrap text-muted">
                    {formatMoment(when)}
                  </time>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </DetailsSection>
  );
}
