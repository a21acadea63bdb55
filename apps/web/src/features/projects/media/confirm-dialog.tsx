// "Are you sure?" for deleting a track, a version or a file: names what goes, says it cannot be undone, and
// stays open with the reason when the delete fails.
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';
import { mediaErrorMessage } from './media-errors';

export function ConfirmDeleteDialog({
  open,
  title,
  description,
  confirmLabel,
  onConfirm,
  onClose,
  onDone,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  onDone: () => void;
}) {
  const mutation = useMutation({
    mutationFn: onConfirm,
    onSuccess: () => {
      onDone();
      onClose();
    },
  });
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
          <Button variant="danger" loading={mutation.isPending} onClick={() => mutation.mutate()}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {mutation.isError ? (
        <Alert type="error">{mediaErrorMessage(mutation.error, 'The delete failed')}</Alert>
      ) : null}
    </Modal>
  );
}
