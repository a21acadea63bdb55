// "Are you sure?" before an action that cannot be undone (a delete, a void): names what goes, runs the action
// when confirmed, and stays open with the reason when it fails. Each feature says what its failures read as.
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Alert } from './alert';
import { Button, type ButtonVariant } from './button';
import { Modal } from './dialog';

export interface ConfirmDialogProps<T> {
  open: boolean;
  title: string;
  description: ReactNode;
  /** The confirm button's text: the action, spelled out ('Delete Track'). */
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  /** The action itself; the dialog shows it running and keeps itself open until it settles. */
  onConfirm: () => Promise<T>;
  onClose: () => void;
  /** Called with the action's result before the dialog closes. */
  onDone: (result: T) => void;
  /** What the person reads when the action fails. */
  errorMessage: (error: unknown) => string;
}

export function ConfirmDialog<T>({
  open,
  title,
  description,
  confirmLabel,
  confirmVariant = 'danger',
  onConfirm,
  onClose,
  onDone,
  errorMessage,
}: ConfirmDialogProps<T>) {
  const mutation = useMutation({
    mutationFn: onConfirm,
    onSuccess: (result) => {
      onDone(result);
      onClose();
    },
    onError: (error) => console.error(errorMessage(error), error),
  });
  // A failure from last time is not shown to the next question.
  const { reset } = mutation;
  useEffect(() => {
    if (open) reset();
  }, [open, reset]);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !mutation.isPending && onClose()}
      role="alertdialog"
      title={title}
      description={description}
      footer={
        <>
          <Button onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button variant={confirmVariant} loading={mutation.isPending} onClick={() => mutation.mutate()}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {mutation.isError ? <Alert type="error">{errorMessage(mutation.error)}</Alert> : null}
    </Modal>
  );
}
