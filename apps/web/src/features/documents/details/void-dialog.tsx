// Voiding (POST /api/documents/:id/void): asks first; the links sent stop working and nobody can sign any more.
import type { DocumentView } from '@mixdesk/contract/document-responses';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useToast } from '../../../ui/toast';
import { voidDocument } from '../api';
import { failureMessage } from '../errors';

const VOID_FAILED = 'Failed to void the document';

interface Props {
  /** The document to void; null closes the dialog. */
  document: DocumentView | null;
  onClose: () => void;
  onVoided: (document: DocumentView) => void;
}

export function VoidDialog({ document: doc, onClose, onVoided }: Props) {
  const toast = useToast();
  return (
    <ConfirmDialog
      open={doc !== null}
      title="Void Document"
      description={
        doc ? (
          <>
            <strong className="font-semibold text-text">{doc.title}</strong> ({doc.documentId}) will be void:
            nobody can sign it any more and the signing links sent stop working. This cannot be undone.
          </>
        ) : null
      }
      confirmLabel="Void Document"
      onConfirm={() => voidDocument(doc!._id)}
      onClose={onClose}
      errorMessage={(error) => failureMessage(VOID_FAILED, error)}
      onDone={(voided) => {
        toast.notify('success', `${voided.title} voided`);
        onVoided(voided);
      }}
    />
  );
}
