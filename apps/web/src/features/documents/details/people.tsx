// Who a document is between (SPEC §3 parties) and who signs it, with where each signer stands.
import type { DocumentView } from '@mixdesk/contract/document-responses';
import { Badge, type BadgeTone } from '../../../ui/badge';
import { formatMoment } from '../document-labels';
import { DetailsSection } from './facts';

const SIGNER_TONE: Record<DocumentView['signers'][number]['status'], BadgeTone> = {
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

export function Parties({ document: doc }: { document: DocumentView }) {
  return (
    <DetailsSection title="Parties">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
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

export function Signers({ document: doc }: { document: DocumentView }) {
  if (doc.signers.length === 0) return null;
  return (
    <DetailsSection title="Signers">
      <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
        {doc.signers.map((s) => {
          const when = s.signedAt ?? s.rejectedAt ?? s.viewedAt;
          return (
            <li key={s._id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium">{s.name}</span>
                <span className="truncate text-xs text-muted">
                  {ROLE_LABEL[s.role]} · {s.email}
                </span>
              </div>
              {when && (
                <time dateTime={when} className="text-xs text-subtle">
                  {formatMoment(when)}
                </time>
              )}
              <Badge tone={SIGNER_TONE[s.status]}>
                {s.status.charAt(0).toUpperCase() + s.status.slice(1)}
              </Badge>
            </li>
          );
        })}
      </ul>
    </DetailsSection>
  );
}
