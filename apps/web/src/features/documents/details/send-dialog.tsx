// Sending a document for signature, or sending fresh links (POST /api/documents/:id/send): who gets one, and
// the signing order. Once someone has signed the order is fixed, so the document's own order is kept. Also what a card's Sign offers an owner who is not a party ('You are not a party to this document').
import type { DocumentView } from '@mixdesk/contract/document-responses';
import type { SigningOrder } from '@mixdesk/contract/signing';
import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';
import { RadioGroup, RadioOption } from '../../../ui/radio-group';
import { useToast } from '../../../ui/toast';
import { sendDocument } from '../api';
import { hasSignatures } from '../document-labels';
import { failureMessage } from '../errors';

export type SendMode = 'send' | 'resend' | 'not-a-party';
export const LINKS_SENT = 'Signing links sent';
const SEND_FAILED = 'Failed to send the signing links';

const COPY: Record<SendMode, { title: string; action: string }> = {
  send: { title: 'Send for signature', action: 'Send for signature' },
  resend: { title: 'Resend signing links', action: 'Resend links' },
  'not-a-party': { title: 'You are not a party to this document', action: 'Resend signing links' },
};

interface Props {
  /** The document and why the dialog opened; null closes it. */
  target: { document: DocumentView; mode: SendMode } | null;
  onClose: () => void;
  onSent: (document: DocumentView) => void;
}

export function SendDialog({ target, onClose, onSent }: Props) {
  const toast = useToast();
  const doc = target?.document;
  const orderId = useId();
  const [order, setOrder] = useState<SigningOrder>('parallel');
  const [failure, setFailure] = useState<string | null>(null);
  const locked = doc ? hasSignatures(doc) : false;

  useEffect(() => {
    if (!target) return;
    setFailure(null);
    setOrder(target.document.signingOrder);
  }, [target]);

  const mutation = useMutation({
    mutationFn: (args: { id: string; order: SigningOrder }) => sendDocument(args.id, args.order),
    onSuccess: (sent) => {
      toast.notify('success', LINKS_SENT);
      onSent(sent);
      onClose();
    },
    onError: (error) => {
      console.error(SEND_FAILED, error);
      setFailure(failureMessage(SEND_FAILED, error));
    },
  });

  const copy = COPY[target?.mode ?? 'send'];
  const waiting = doc?.signers.filter((s) => s.status !== 'signed' && s.status !== 'rejected') ?? [];
  const secondIs =
    doc?.documentType === 'split_sheet' ? 'each next person on the sheet' : 'the secondary party';
  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => !open && !mutation.isPending && onClose()}
      title={copy.title}
      description={
        target?.mode === 'not-a-party'
          ? 'Only the people named on it can sign. You can mail each party a fresh signing link instead; the links sent before stop working.'
          : target?.mode === 'resend'
            ? 'Each party still to sign gets a fresh link by email; the links sent before stop working.'
            : 'Each party gets their own signing link by email. They need no Mixdesk account.'
      }
      footer={
        <>
          <Button onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button
            variant="primary"
            loading={mutation.isPending}
            onClick={() => doc && mutation.mutate({ id: doc._id, order })}
          >
            {!mutation.isPending && <Send aria-hidden="true" />}
            {copy.action}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {waiting.length > 0 && (
          <div className="flex flex-col gap-1.5">
            <p className="text-sm font-medium">Links go to</p>
            <ul className="flex flex-col gap-0.5 text-sm text-muted">
              {waiting.map((s) => (
                <li key={s._id} className="break-all">
                  <span className="font-medium text-text">{s.name}</span> · {s.email}
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="flex flex-col gap-2">
          <p id={orderId} className="text-sm font-medium">
            Signing order
          </p>
          <RadioGroup
            aria-labelledby={orderId}
            value={order}
            onValueChange={(v) => setOrder(v as SigningOrder)}
          >
            <RadioOption
              value="parallel"
              label="All at once"
              description="Everyone gets their link now and signs in any order."
              disabled={locked && order !== 'parallel'}
            />
            <RadioOption
              value="sequential"
              label="In order: primary first"
              description={`The primary party signs first; ${secondIs} gets a link after the one before has signed.`}
              disabled={locked && order !== 'sequential'}
            />
          </RadioGroup>
          {locked && <p className="text-xs text-muted">The order can't change once someone has signed.</p>}
        </div>
        {failure && <Alert type="error">{failure}</Alert>}
      </div>
    </Modal>
  );
}
