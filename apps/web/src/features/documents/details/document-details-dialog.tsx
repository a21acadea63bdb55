// Document details: what it is and where it stands, the parties, the project, the type's details, the signers,
// the PDF itself and the audit trail; with the actions its state allows (document-actions.tsx). Shown from the
// list's copy at once, then from GET /api/documents/:id.
import type { DocumentView } from '@mixdesk/contract/document-responses';
import { useQuery } from '@tanstack/react-query';
import { FolderOpen } from 'lucide-react';
import { Fragment, useEffect } from 'react';
import { ensureFreshSession } from '../../../lib/upload';
import { Alert } from '../../../ui/alert';
import { Badge } from '../../../ui/badge';
import { Modal } from '../../../ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../ui/tabs';
import { useToast } from '../../../ui/toast';
import { documentKeys, fetchDocument } from '../api';
import {
  formatCalendarDate,
  formatMoment,
  STATUS_LABELS,
  STATUS_TONE,
  TYPE_LABELS,
} from '../document-labels';
import { DETAILS_FAILED } from '../errors';
import { AuditTrail } from './audit-trail';
import { type DocumentActionHandlers, DocumentActions } from './document-actions';
import { DocumentPdf } from './document-pdf';
import { Parties, Signers } from './people';
import { TypeDetails } from './type-details';

interface Props extends DocumentActionHandlers {
  /** The document as the list has it; null closes the view. */
  document: DocumentView | null;
  onClose: () => void;
  downloading: boolean;
}

export function DocumentDetailsDialog({ document: listed, onClose, downloading, ...actions }: Props) {
  const toast = useToast();
  const id = listed?._id ?? '';
  const details = useQuery({
    queryKey: documentKeys.detail(id),
    queryFn: ({ signal }) => fetchDocument(id, signal),
    enabled: listed !== null,
    placeholderData: listed ?? undefined,
    retry: false,
  });

  // The PDF tab loads the PDF with the access cookie: renew it first if it is about to run out.
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
          <StatusLine document={doc} />
          {doc.completionError && <Alert type="error">{doc.completionError}</Alert>}
          {doc.project && (
            <p className="flex items-center gap-2 text-sm">
              <FolderOpen aria-hidden="true" className="size-4 shrink-0 text-accent" />
              <span className="text-muted">Project</span>
              <span className="font-medium">{doc.project.name}</span>
            </p>
          )}
          <DocumentActions document={doc} downloading={downloading} {...actions} />
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
              <DocumentPdf id={doc._id} revision={doc.pdf.revision} />
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

/** Where the document stands: its status badges and the moments that matter (created, sent, completed, paid). */
function StatusLine({ document: doc }: { document: DocumentView }) {
  const moments: Array<[string, string]> = [['Created', doc.createdAt]];
  if (doc.sentAt) moments.push(['Sent', doc.sentAt]);
  if (doc.completedAt) moments.push(['Completed', doc.completedAt]);
  else if (doc.updatedAt !== doc.createdAt && doc.updatedAt !== doc.sentAt)
    moments.push(['Updated', doc.updatedAt]);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge tone={STATUS_TONE[doc.status]}>{STATUS_LABELS[doc.status]}</Badge>
      {doc.overdue && <Badge tone="danger">Overdue</Badge>}
      {doc.paidAt && (
        <span className="text-sm font-medium text-success">Paid on {formatCalendarDate(doc.paidAt)}</span>
      )}
      <span className="text-xs text-muted">
        {moments.map(([label, at], i) => (
          <Fragment key={label}>
            {i > 0 && ' · '}
            <span className="whitespace-nowrap">
              {`${label} `}
              <time dateTime={at}>{formatMoment(at)}</time>
            </span>
          </Fragment>
        ))}
      </span>
    </div>
  );
}
