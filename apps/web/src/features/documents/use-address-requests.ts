// What the address asks of the documents screen: ?new=1 opens the Generate Document form (the dashboard's
// Generate Docs), ?open=<id> opens that document's details (the dashboard's activity links). Each parameter is
// read once and then leaves the address (replaced, so Back does not ask again).
import type { DocumentView } from '@mixdesk/contract/document-responses';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { documentKeys, fetchDocument } from './api';
import { DETAILS_FAILED, UNREACHABLE } from './errors';

const NEW_PARAM = 'new';
const OPEN_PARAM = 'open';
export const DOCUMENT_NOT_FOUND =
  "The document could not be found. It may have been deleted, or it isn't shared with you.";

function openErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0 || error.status === 408) return UNREACHABLE;
    if (error.status >= 400 && error.status < 500) return DOCUMENT_NOT_FOUND;
  }
  return DETAILS_FAILED;
}

/** `onCreate` and `onOpen` must keep their identity across renders (state setters, or callbacks). */
export function useAddressRequests(onCreate: () => void, onOpen: (document: DocumentView) => void) {
  const [params, setParams] = useSearchParams();
  const askedForNew = params.get(NEW_PARAM) === '1';
  const askedToOpen = params.get(OPEN_PARAM);
  const [openId, setOpenId] = useState<string | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);

  useEffect(() => {
    if (!askedForNew && askedToOpen === null) return;
    if (askedForNew) onCreate();
    if (askedToOpen !== null) {
      setOpenError(null);
      if (askedToOpen.trim()) setOpenId(askedToOpen.trim());
      else setOpenError(DOCUMENT_NOT_FOUND);
    }
    setParams(
      (next) => {
        next.delete(NEW_PARAM);
        next.delete(OPEN_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [askedForNew, askedToOpen, onCreate, setParams]);

  const found = useQuery({
    queryKey: documentKeys.detail(openId ?? ''),
    queryFn: ({ signal }) => fetchDocument(openId ?? '', signal),
    enabled: openId !== null,
    retry: false,
  });

  useEffect(() => {
    if (openId === null) return;
    if (found.data) {
      onOpen(found.data);
      setOpenId(null);
    } else if (found.isError) {
      console.warn(`Document ${openId} from the address could not be opened`, found.error);
      setOpenError(openErrorMessage(found.error));
      setOpenId(null);
    }
  }, [openId, found.data, found.isError, found.error, onOpen]);

  return { openError, dismissOpenError: () => setOpenError(null) };
}
