// The details view's actions, each offered only in the states that allow it (document-rules.ts): send or
// resend the signing links, mark an invoice paid, download, edit, void and delete.
import type { DocumentView } from '@mixdesk/contract/document-responses';
import { Ban, CircleDollarSign, Download, Pencil, Send, Trash2 } from 'lucide-react';
import { Button } from '../../../ui/button';
import { canDelete, canEdit, canMarkPaid, canResend, canSend, canVoid } from '../document-rules';
import type { SendMode } from './send-dialog';

export interface DocumentActionHandlers {
  onDownload: (document: DocumentView) => void;
  onEdit: (document: DocumentView) => void;
  onDelete: (document: DocumentView) => void;
  onSend: (document: DocumentView, mode: SendMode) => void;
  onVoid: (document: DocumentView) => void;
  onMarkPaid: (document: DocumentView) => void;
}

export function DocumentActions({
  document: doc,
  downloading,
  onDownload,
  onEdit,
  onDelete,
  onSend,
  onVoid,
  onMarkPaid,
}: DocumentActionHandlers & { document: DocumentView; downloading: boolean }) {
  const sendable = canSend(doc);
  return (
    <div className="flex flex-wrap gap-2">
      {sendable && (
        <Button variant="primary" onClick={() => onSend(doc, 'send')}>
          <Send aria-hidden="true" />
          Send for signature
        </Button>
      )}
      {canResend(doc) && (
        <Button onClick={() => onSend(doc, 'resend')}>
          <Send aria-hidden="true" />
          Resend links
        </Button>
      )}
      {canMarkPaid(doc) && (
        <Button onClick={() => onMarkPaid(doc)}>
          <CircleDollarSign aria-hidden="true" />
          Mark as paid
        </Button>
      )}
      <Button
        variant={sendable ? 'secondary' : 'primary'}
        loading={downloading}
        onClick={() => onDownload(doc)}
      >
        {!downloading && <Download aria-hidden="true" />}
        Download
      </Button>
      {canEdit(doc) && (
        <Button onClick={() => onEdit(doc)}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
      )}
      {canVoid(doc) && (
        <Button variant="ghost" className="hover:text-danger" onClick={() => onVoid(doc)}>
          <Ban aria-hidden="true" />
          Void
        </Button>
      )}
      {canDelete(doc) && (
        <Button variant="ghost" className="hover:text-danger" onClick={() => onDelete(doc)}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      )}
    </div>
  );
}
