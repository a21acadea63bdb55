// The delete confirmation: offered only while nobody has signed; on failure the dialog stays open and says why.
import type { DocumentView } from '@mixdesk/contract/document-responses';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';
import { useToast } from '../../../ui/toast';
import { deleteDocument } from '../api';
import { DELETE_FAILED, refusalOf } from '../errors';

interface Props {
  /** The document to delete; null closes the dialog. */
  document: DocumentView | null;
  onClose: () => void;
  onDeleted: (id: string) => void;
}

export function DeleteDocumentDialog({ document: doc, onClose, onDeleted }: Props) {
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (doc) setFailure(null);
  }, [doc]);

  const mutation = useMutation({
    mutationFn: async (target: DocumentView) => {
      await deleteDocument(target._id);
      return target;
    },
    onSuccess: (target) => {
      toast.notify('success', `${target.title} deleted`);
      onDeleted(target._id);
      onClose();
    },
    onError: (error) => {
      console.error(DELETE_FAILED, error);
      const reason = refusalOf(error);
      setFailure(reason ? `${DELETE_FAILED}: ${reason}` : DELETE_FAILED);
    },
  });

  return (
    <Modal
      open={doc !== null}
      onOpenChange={(open) => !open && !mutation.isPending && onClose()}
      role="alertdialog"
      title="Delete Document"
      description={
        doc ? (
          <>
            <strong className="font-semibold text-text">{doc.title}</strong> ({doc.documentId}) and its PDF
            will be deleted. This cannot be undone.
          </>
        ) : null
      }
      footer={
        <>
          <Button onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button variant="danger" loading={mutation.isPending} onClick={() => doc && mutation.mutate(doc)}>
            Delete Document
          </Button>
        </>
      }
    >
      {failure ? <Alert type="error">{failure}</Alert> : null}
    </Modal>
  );
}
