// Document details: what it is and where it stands, the parties, the project, the type's details, the signers,
// the PDF itself and the audit trail; with Download, Edit (only while 'generated') and Delete (only while
// nobody has signed). Shown from the list's copy at once, then from GET /api/documents/:id.
import type { DocumentView } from '@mixdesk/contract/document-responses';
import { useQuery } from '@tanstack/react-query';
import { Download, FolderOpen, Pencil, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { ensureFreshSession } from '../../../lib/upload';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../ui/tabs';
import { useToast } from '../../../ui/toast';
import { documentKeys, fetchDocument } from '../api';
import { formatMoment, hasSignatures, STATUS_LABELS, STATUS_TONE, TYPE_LABELS } from '../document-labels';
import { DETAILS_FAILED } from '../errors';
import { AuditTrail } from './audit-trail';
import { PdfFrame } from './pdf-frame';
import { Parties, Signers } from './people';
import { TypeDetails } from './type-details';

interface Props {
  /** The document as the list has it; null closes the view. */
  document: DocumentView | null;
  onClose: () => void;
  onDownload: (document: DocumentView) => void;
  downloading: boolean;
  onEdit: (document: DocumentView) => void;
  onDelete: (document: DocumentView) => void;
}

export const canEdit = (doc: DocumentView) => doc.status === 'generated' && !hasSignatures(doc);
export const canDelete = (doc: DocumentView) =>
  !hasSignatures(doc) && doc.status !== 'completed' && doc.status !== 'paid';

export function DocumentDetailsDialog({
  document: listed,
  onClose,
  onDownload,
  downloading,
  onEdit,
  onDelete,
}: Props) {
  const toast = useToast();
  const id = listed?._id ?? '';
  const details = useQuery({
    queryKey: documentKeys.detail(id),
    queryFn: ({ signal }) => fetchDocument(id, signal),
    enabled: listed !== null,
    placeholderData: listed ?? undefined,
    retry: false,
  });

  // The frame loads the PDF with the access cookie: renew it first if it is about to run out.
  useEffect(() => {
    if (listed) void ensureFreshSession();
  }, [listed]);

  useEffect(() => {
    if (!details.isError || !listed) return;
    console.error(DETAILS_FAILED, details.error);
    toast.notify('error', DETAILS_FAILED);
    onClose();
  }, [details.isError, details.error, listed, toast, onClose]);

  const doc = details.data ?? listed;
  return (
    <Modal
      open={listed !== null}
      onOpenChange={(open) => !open && onClose()}
      title={doc?.title ?? 'Document'}
      description={doc ? `${doc.documentId} · ${TYPE_LABELS[doc.documentType]}` : undefined}
      className="sm:max-w-3xl"
    >
      {doc && (
        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={STATUS_TONE[doc.status]}>{STATUS_LABELS[doc.status]}</Badge>
            {doc.overdue && <Badge tone="danger">Overdue</Badge>}
            <span className="text-xs text-muted">
              Created <time dateTime={doc.createdAt}>{formatMoment(doc.createdAt)}</time>
              {doc.updatedAt !== doc.createdAt && (
                <>
                  {' · Updated '}
                  <time dateTime={doc.updatedAt}>{formatMoment(doc.updatedAt)}</time>
                </>
              )}
            </span>
          </div>
          {doc.project && (
            <p className="flex items-center gap-2 text-sm">
              <FolderOpen aria-hidden="true" className="size-4 shrink-0 text-accent" />
              <span className="text-muted">Project</span>
              <span className="font-medium">{doc.project.name}</span>
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button variant="primary" loading={downloading} onClick={() => onDownload(doc)}>
              {!downloading && <Download aria-hidden="true" />}
              Download
            </Button>
            {canEdit(doc) && (
              <Button onClick={() => onEdit(doc)}>
                <Pencil aria-hidden="true" />
                Edit
              </Button>
            )}
            {canDelete(doc) && (
              <Button variant="ghost" className="hover:text-danger" onClick={() => onDelete(doc)}>
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            )}
          </div>
          <Tabs defaultValue="details" className="flex flex-col gap-4">
            <TabsList fullWidth>
              <TabsTrigger value="details">Details</TabsTrigger>
              <TabsTrigger value="pdf">PDF</TabsTrigger>
              <TabsTrigger value="audit">Audit trail</TabsTrigger>
            </TabsList>
            <TabsContent value="details" className="flex flex-col gap-6">
              <Parties document={doc} />
              <TypeDetails document={doc} />
              <Signers document={doc} />
            </TabsContent>
            <TabsContent value="pdf">
              <PdfFrame id={doc._id} revision={doc.pdf.revision} />
            </TabsContent>
            <TabsContent value="audit">
              <AuditTrail documentId={doc._id} />
            </TabsContent>
          </Tabs>
        </div>
      )}
    </Modal>
  );
}
