// Declining to sign (POST /api/sign/:token/reject): the reason is required and goes to the sender; the
// document is then rejected and every link to it stops working.
import { REJECT_REASON_MAX, RejectWithLinkSchema } from '@mixdesk/contract/signing';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';
import { Field } from '../../../ui/field';
import { Textarea } from '../../../ui/input';
import { declineWithLink } from './api';
import { isDeadEnd, signingErrorMessage } from './errors';

const DECLINE_FAILED = 'Your answer could not be sent. Please try again.';
const FORM_ID = 'decline-form';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  token: string;
  title: string;
  /** Who sent the document (and is told). */
  from: string;
  onDeclined: () => void;
  onDeadEnd: (error: unknown) => void;
}

export function DeclineDialog({ open, onOpenChange, token, title, from, onDeclined, onDeadEnd }: Props) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (open) setError(null);
  }, [open]);

  const mutation = useMutation({
    mutationFn: (why: string) => declineWithLink(token, why),
    onSuccess: () => {
      onOpenChange(false);
      onDeclined();
    },
    onError: (failure) => {
      console.error(DECLINE_FAILED, failure);
      if (isDeadEnd(failure)) {
        onOpenChange(false);
        onDeadEnd(failure);
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = RejectWithLinkSchema.safeParse({ reason });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Say why you decline to sign');
      reasonRef.current?.focus();
      return;
    }
    mutation.mutate(checked.data.reason);
  };

  const failure =
    mutation.isError && !isDeadEnd(mutation.error)
      ? signingErrorMessage(mutation.error, DECLINE_FAILED)
      : null;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !mutation.isPending && onOpenChange(next)}
      title="Decline to sign"
      description={`${from} will be told you declined “${title}”, with your reason. Nobody can sign it after that.`}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} variant="danger" loading={mutation.isPending}>
            Decline to sign
          </Button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field
          label="Why do you decline?"
          error={error}
          hint="For example: the fee is wrong, or this is not mine to sign."
        >
          {(control) => (
            <Textarea
              {...control}
              ref={reasonRef}
              required
              rows={4}
              maxLength={REJECT_REASON_MAX}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
        {failure && <Alert type="error">{failure}</Alert>}
      </form>
    </Modal>
  );
}
