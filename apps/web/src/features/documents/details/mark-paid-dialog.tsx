// Marking an invoice that went out as paid (POST /api/documents/:id/mark-paid), on a day that defaults to
// today and cannot be in the future.
import type { DocumentView } from '@mixdesk/contract/document-responses';
import { useMutation } from '@tanstack/react-query';
import { CircleDollarSign } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';
import { Field } from '../../../ui/field';
import { Input } from '../../../ui/input';
import { useToast } from '../../../ui/toast';
import { markPaid } from '../api';
import { failureMessage, fieldErrorsOf } from '../errors';

const MARK_PAID_FAILED = 'Failed to mark the invoice as paid';
const FORM_ID = 'mark-paid-form';

/** Today in the browser's time zone, as YYYY-MM-DD. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

interface Props {
  /** The invoice; null closes the dialog. */
  document: DocumentView | null;
  onClose: () => void;
  onPaid: (document: DocumentView) => void;
}

export function MarkPaidDialog({ document: doc, onClose, onPaid }: Props) {
  const toast = useToast();
  const [paidAt, setPaidAt] = useState(today);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (!doc) return;
    setPaidAt(today());
    setFieldError(null);
    setFailure(null);
  }, [doc]);

  const mutation = useMutation({
    mutationFn: (args: { id: string; paidAt: string }) => markPaid(args.id, args.paidAt),
    onSuccess: (paid) => {
      toast.notify('success', 'Invoice marked as paid');
      onPaid(paid);
      onClose();
    },
    onError: (error) => {
      console.error(MARK_PAID_FAILED, error);
      const field = fieldErrorsOf(error).paidAt;
      if (field) return setFieldError(field);
      setFailure(failureMessage(MARK_PAID_FAILED, error));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!doc) return;
    if (!paidAt) return setFieldError('Payment date is required');
    if (paidAt > today()) return setFieldError("Payment date can't be in the future");
    mutation.mutate({ id: doc._id, paidAt });
  };

  return (
    <Modal
      open={doc !== null}
      onOpenChange={(open) => !open && !mutation.isPending && onClose()}
      title="Mark as paid"
      description={doc ? `${doc.title} (${doc.documentId})` : undefined}
      footer={
        <>
          <Button onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} variant="primary" loading={mutation.isPending}>
            {!mutation.isPending && <CircleDollarSign aria-hidden="true" />}
            Mark as paid
          </Button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label="Paid on" error={fieldError}>
          {(control) => (
            <Input
              {...control}
              type="date"
              required
              max={today()}
              value={paidAt}
              onChange={(event) => {
                setPaidAt(event.target.value);
                setFieldError(null);
                setFailure(null);
              }}
            />
          )}
        </Field>
        {failure && <Alert type="error">{failure}</Alert>}
      </form>
    </Modal>
  );
}
