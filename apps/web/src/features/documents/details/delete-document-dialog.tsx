// The delete confirmation: offered only while nobody has signed; on failure the dialog stays open and says why.
import type { DocumentView } from '@mixdesk/contract/document-responses';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useToast } from '../../../ui/toast';
import { deleteDocument } from '../api';
import { DELETE_FAILED, failureMessage } from '../errors';

interface Props {
  /** The document to delete; null closes the dialog. */
  document: DocumentView | null;
  onClose: () => void;
  onDeleted: (id: string) => void;
}

export function DeleteDocumentDialog({ document: doc, onClose, onDeleted }: Props) {
  const toast = useToast();
  return (
    <ConfirmDialog
      open={doc !== null}
      title="Delete Document"
      description={
        doc ? (
          <>
            <strong className="font-semibold text-text">{doc.title}</strong> ({doc.documentId}) and its PDF
            will be deleted. This cannot be undone.
          </>
        ) : null
      }
      confirmLabel="Delete Document"
      onConfirm={async () => {
        const target = doc!;
        await deleteDocument(target._id);
        return target;
      }}
      onClose={onClose}
      errorMessage={(error) => failureMessage(DELETE_FAILED, error)}
      onDone={(deleted) => {
        toast.notify('success', `${deleted.title} deleted`);
        onDeleted(deleted._id);
      }}
    />
  );
}
