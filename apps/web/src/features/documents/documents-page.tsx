// /documents (SPEC §2 Documents): the heading with Generate Document, the stats tiles, search and filters, the
// document cards with View Details, Sign and Download, pages, the empty state and the SPEC §8 error texts; the
// Generate Document form, the details view, and the dialogs behind its actions (send, void, paid, delete);
// ?new=1 and ?open=<id> in the address open the form or a document (use-address-requests.ts).
import type { DocumentView } from '@mixdesk/contract/document-responses';
import { useQueryClient } from '@tanstack/react-query';
import { Plus, RotateCw } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { PageHeader } from '../../ui/page-header';
import { Pagination } from '../../ui/pagination';
import { Spinner } from '../../ui/spinner';
import { documentKeys, EMPTY_FILTERS } from './api';
import { DeleteDocumentDialog } from './details/delete-document-dialog';
import { DocumentDetailsDialog } from './details/document-details-dialog';
import { MarkPaidDialog } from './details/mark-paid-dialog';
import { SendDialog, type SendMode } from './details/send-dialog';
import { VoidDialog } from './details/void-dialog';
import { DocumentCard } from './document-card';
import { DocumentFilters } from './document-filters';
import { DocumentStats } from './document-stats';
import { EmptyState } from './documents-empty';
import { DocumentsSkeleton } from './documents-skeleton';
import { DocumentFormDialog } from './form/document-form-dialog';
import { useAddressRequests } from './use-address-requests';
import { useDocumentsList } from './use-documents-list';
import { useDownload } from './use-download';
import { useSignAction } from './use-sign-action';

type Form = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; document: DocumentView };

export function DocumentsPage() {
  const list = useDocumentsList();
  const queryClient = useQueryClient();
  const { download, isDownloading } = useDownload();
  const [form, setForm] = useState<Form>({ mode: 'closed' });
  const [viewing, setViewing] = useState<DocumentView | null>(null);
  const [deleting, setDeleting] = useState<DocumentView | null>(null);
  const [sending, setSending] = useState<{ document: DocumentView; mode: SendMode } | null>(null);
  const [voiding, setVoiding] = useState<DocumentView | null>(null);
  const [paying, setPaying] = useState<DocumentView | null>(null);
  const { sign, isSigning } = useSignAction((doc) => setSending({ document: doc, mode: 'not-a-party' }));
  const data = list.data;
  const total = data?.stats.total ?? 0;
  const openCreate = useCallback(() => setForm({ mode: 'create' }), []);
  const { openError, dismissOpenError } = useAddressRequests(openCreate, setViewing);

  /** The server answered with the document as it now stands: the list, the details and its trail follow. */
  const changed = (doc: DocumentView) => {
    void list.refresh();
    queryClient.setQueryData(documentKeys.detail(doc._id), doc);
    void queryClient.invalidateQueries({ queryKey: documentKeys.audit(doc._id) });
    setViewing((v) => (v?._id === doc._id ? doc : v));
  };

  const saved = (doc: DocumentView) => {
    if (form.mode === 'edit') changed(doc);
    else void list.refresh();
  };

  const deleted = (id: string) => {
    setViewing(null);
    queryClient.removeQueries({ queryKey: documentKeys.detail(id) });
    void list.refresh();
  };

  const description = data ? (
    <span className="flex items-center gap-2">
      {`${total.toLocaleString('en-US')} document${total === 1 ? '' : 's'}`}
      {list.refreshing && <Spinner size="sm" label="Updating the list" />}
    </span>
  ) : list.loading ? (
    'Loading documents...'
  ) : null;

  return (
    <>
      <PageHeader
        title="Documents"
        description={description}
        actions={
          <Button variant="primary" onClick={openCreate}>
            <Plus aria-hidden="true" />
            Generate Document
          </Button>
        }
      />
      {openError && (
        <Alert type="error" className="mb-4" onDismiss={dismissOpenError}>
          {openError}
        </Alert>
      )}
      {list.errorMessage && (
        <Alert
          type="error"
          className="mb-4"
          action={
            <Button size="sm" onClick={list.retry}>
              <RotateCw aria-hidden="true" />
              Try Again
            </Button>
          }
        >
          {list.errorMessage}
        </Alert>
      )}
      <DocumentStats stats={data?.stats} failed={list.errorMessage !== null} />
      <DocumentFilters value={list.filters} onChange={list.setFilters} />
      {list.loading ? (
        <DocumentsSkeleton />
      ) : !data ? null : data.documents.length === 0 ? (
        <EmptyState
          filtered={list.filtersActive && total > 0}
          onCreate={openCreate}
          onClear={() => list.setFilters(EMPTY_FILTERS)}
        />
      ) : (
        <section aria-label="Documents" aria-busy={list.refreshing || undefined}>
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {data.documents.map((doc) => (
              <li key={doc._id} className="flex min-w-0 *:flex-1">
                <DocumentCard
                  document={doc}
                  onView={setViewing}
                  onDownload={download}
                  downloading={isDownloading(doc._id)}
                  onSign={sign}
                  signing={isSigning(doc._id)}
                />
              </li>
            ))}
          </ul>
          <Pagination
            page={data.pagination.currentPage}
            totalPages={data.pagination.totalPages}
            onPage={(page) => {
              list.setPage(page);
              window.scrollTo({ top: 0 });
            }}
          />
        </section>
      )}
      <DocumentFormDialog
        open={form.mode !== 'closed'}
        onOpenChange={(open) => !open && setForm({ mode: 'closed' })}
        document={form.mode === 'edit' ? form.document : undefined}
        onSaved={saved}
      />
      <DocumentDetailsDialog
        document={viewing}
        onClose={() => setViewing(null)}
        onDownload={download}
        downloading={viewing ? isDownloading(viewing._id) : false}
        onEdit={(doc) => setForm({ mode: 'edit', document: doc })}
        onDelete={setDeleting}
        onSend={(doc, mode) => setSending({ document: doc, mode })}
        onVoid={setVoiding}
        onMarkPaid={setPaying}
      />
      <DeleteDocumentDialog document={deleting} onClose={() => setDeleting(null)} onDeleted={deleted} />
      <SendDialog target={sending} onClose={() => setSending(null)} onSent={changed} />
      <VoidDialog document={voiding} onClose={() => setVoiding(null)} onVoided={changed} />
      <MarkPaidDialog document={paying} onClose={() => setPaying(null)} onPaid={changed} />
    </>
  );
}

/** The router's `lazy` takes the module's `Component` (one name for every lazily loaded screen). */
export { DocumentsPage as Component };
