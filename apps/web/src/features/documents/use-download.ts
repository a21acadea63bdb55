// Download from a card or the details view: one at a time per document, the alert 'Failed to download document'
// when it fails, and the audit trail reloaded (a download is recorded there).
import type { DocumentView } from '@mixdesk/contract/document-responses';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useToast } from '../../ui/toast';
import { documentKeys } from './api';
import { DOWNLOAD_FAILED, downloadDocument } from './download';

export function useDownload() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  const download = useCallback(
    async (doc: DocumentView) => {
      setBusy((s) => new Set(s).add(doc._id));
      try {
        await downloadDocument(doc._id);
        void queryClient.invalidateQueries({ queryKey: documentKeys.audit(doc._id) });
      } catch (error) {
        console.error(DOWNLOAD_FAILED, error);
        toast.notify('error', DOWNLOAD_FAILED);
      } finally {
        setBusy((s) => {
          const next = new Set(s);
          next.delete(doc._id);
          return next;
        });
      }
    },
    [queryClient, toast],
  );

  return { download, isDownloading: (id: string) => busy.has(id) };
}
