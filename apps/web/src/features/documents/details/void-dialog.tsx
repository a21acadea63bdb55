// Voiding (POST /api/documents/:id/void): asks first; the links sent stop working and nobody can sign any more.
import type { DocumentView } from '@mixdesk/contract/document-responses';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';
import { useToast } from '../../../ui/toast';
import { voidDocument } from '../api';
import { refusalOf } from '../errors';

const VOID_FAILED = 'Failed to void the document';

interface Props {
  /** The document to void; null closes the dialog. */
  document: DocumentView | null;
  onClose: () => void;
  onVoided: (document: DocumentView) => void;
}

export function VoidDialog({ document: doc, onClose, onVoided }: Props) {
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (doc) setFailure(null);
  }, [doc]);

  const mutation = useMutation({
    mutationFn: (id: string) => voidDocument(id),
    onSuccess: (voided) => {
      toast.notify('success', `${voided.title} voided`);
      onVoided(voided);
      onClose();
    },
    onError: (error) => {
      console.error(VOID_FAILED, error);
      const reason = refusalOf(error);
      setFailure(reason ? `${VOID_FAILED}: ${reason}` : VOID_FAILED);
    },
  });

  return (
    <Modal
      open={doc !== null}
      onOpenChange={(open) => !open && !mutation.isPending && onClose()}
      role="alertdialog"
      title="Void Document"
      description={
        doc ? (
          <>
            <strong className="font-semibold text-text">{doc.title}</strong> ({doc.documentId}) will be void:
            nobody can sign it any more and the signing links sent stop working. This cannot be undone.
          </>
        ) : null
      }
      footer={
        <>
          <Button onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={mutation.isPending}
            onClick={() => doc && mutation.mutate(doc._id)}
          >
            Void Document
          </Button>
        </>
      }
    >
      {failure ? <Alert type="error">{failure}</Alert> : null}
    </Modal>
  );
}
