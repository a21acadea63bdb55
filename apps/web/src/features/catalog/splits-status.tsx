// Where a set of splits stands (Draft / Pending agreement / Agreed), each party's answer in the latest round,
// "Request agreement" (the server's 409 said in its words: no party with an email, shares not at 100 %…) and
// the sealed split sheet once everyone agreed.
import {
  type AgreementParty,
  type AgreementRound,
  formatBasisPoints,
  SPLITS_STATUS_LABELS,
  type SplitsStatus as Status,
} from '@mixdesk/contract/catalog';
import { useMutation } from '@tanstack/react-query';
import { FileDown, Send } from 'lucide-react';
import { Alert } from '../../ui/alert';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Button, buttonClasses } from '../../ui/button';
import { useToast } from '../../ui/toast';
import { errorText } from './errors';

const STATUS_TONE: Record<Status, BadgeTone> = { draft: 'neutral', pending: 'warning', agreed: 'success' };
const ANSWER: Record<AgreementParty['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Waiting', tone: 'neutral' },
  accepted: { label: 'Accepted', tone: 'success' },
  declined: { label: 'Declined', tone: 'danger' },
};
const KIND: Record<AgreementParty['kind'], string> = {
  writer: 'Writer',
  publisher: 'Publisher',
  master_owner: 'Master owner',
};

interface Props {
  /** What the splits are of, for the button's name ("the work's splits"). */
  subject: string;
  status: Status;
  agreement: AgreementRound | null;
  canEdit: boolean;
  /** Unsaved edits: a round is asked for on what is saved, so save first. */
  dirty: boolean;
  onRequest: () => Promise<unknown>;
  onRequested: () => void;
  splitSheetUrl: string;
}

export function SplitsStatus({
  subject,
  status,
  agreement,
  canEdit,
  dirty,
  onRequest,
  onRequested,
  splitSheetUrl,
}: Props) {
  const toast = useToast();
  const request = useMutation({
    mutationFn: onRequest,
    onSuccess: () => {
      toast.notify('success', 'Agreement requested: each party with an email got a link');
      onRequested();
    },
  });
  const parties = agreement?.status === 'void' ? [] : (agreement?.parties ?? []);
  return (
    <section
      aria-label={`Agreement on ${subject}`}
      className="flex flex-col gap-2 rounded-md bg-surface-2 p-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 text-sm">
          <span className="font-medium">Splits</span>
          <Badge tone={STATUS_TONE[status]}>{SPLITS_STATUS_LABELS[status]}</Badge>
        </p>
        <div className="flex flex-wrap gap-2">
          {status === 'agreed' && (
            <a
              href={agreement?.splitSheetUrl ?? splitSheetUrl}
              download
              className={buttonClasses({ size: 'sm' })}
            >
              <FileDown aria-hidden="true" />
              Split sheet (PDF)
            </a>
          )}
          {canEdit && status !== 'agreed' && (
            <Button
              size="sm"
              onClick={() => request.mutate()}
              loading={request.isPending}
              disabled={dirty}
              title={dirty ? 'Save your changes first' : undefined}
            >
              <Send aria-hidden="true" />
              {agreement && agreement.status !== 'void' ? 'Request agreement again' : 'Request agreement'}
            </Button>
          )}
        </div>
      </div>
      {dirty && canEdit && status !== 'agreed' && (
        <p className="text-xs text-muted">Save your changes before asking the parties to agree.</p>
      )}
      {request.isError && (
        <Alert type="error">{errorText(request.error, 'The agreement could not be requested')}</Alert>
      )}
      {agreement?.status === 'void' && (
        <p className="text-xs text-muted">
          The splits changed after the last round: everyone needs to agree again.
        </p>
      )}
      {parties.length > 0 && (
        <ul aria-label="Answers" className="flex flex-col divide-y divide-border text-sm">
          {parties.map((p) => (
            <li key={p._id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-1.5">
              <span className="min-w-0 break-words">
                <span className="font-medium">{p.name}</span>{' '}
                <span className="text-muted">
                  {KIND[p.kind]} · {formatBasisPoints(p.shareBasisPoints)}
                </span>
              </span>
              <span className="flex items-center gap-2">
                {p.reason && <span className="text-xs text-muted">“{p.reason}”</span>}
                <Badge tone={ANSWER[p.status].tone}>{ANSWER[p.status].label}</Badge>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
