// What the signer is asked to sign and by whom: the sender, the title, number and type, and until when the
// link works.
import type { SigningView } from '@mixdesk/contract/signing';
import { ArrowDown } from 'lucide-react';
import { Button } from '../../../ui/button';
import { formatDay, TYPE_LABELS } from '../document-labels';

interface Props {
  signing: SigningView;
  /** Phones stack the PDF above the panel: a way straight to it. */
  onJumpToSigning: () => void;
}

export function SigningOverview({ signing, onJumpToSigning }: Props) {
  const { document: doc, from } = signing;
  return (
    <div className="mb-6 flex flex-col gap-1.5">
      <p className="text-base text-muted">
        <span className="font-medium text-text">{from.name}</span>{' '}
        <span className="break-all">({from.email})</span> asks you to read and sign
      </p>
      <h1 className="text-2xl font-semibold tracking-tight break-words">{doc.title}</h1>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
        <span className="font-mono">{doc.documentId}</span>
        <span aria-hidden="true">·</span>
        <span>{TYPE_LABELS[doc.documentType]}</span>
        <span aria-hidden="true">·</span>
        <span>
          This link works until <time dateTime={signing.expiresAt}>{formatDay(signing.expiresAt)}</time>
        </span>
      </p>
      <Button variant="primary" className="mt-2 self-start lg:hidden" onClick={onJumpToSigning}>
        <ArrowDown aria-hidden="true" />
        Go to signing
      </Button>
    </div>
  );
}
