// A card's Sign (decision 010): asks the server for a signing link for the signed-in user and opens the signing
// page in this tab. The server answers 403 when the user is not a party still to sign; the owner is then
// offered to resend the links instead. Any other refusal (not their turn yet, say) is an alert.
import type { DocumentView } from '@mixdesk/contract/document-responses';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api';
import { useToast } from '../../ui/toast';
import { fetchSignLink } from './api';
import { refusalOf } from './errors';

export const SIGN_FAILED = 'Failed to open the signing page';

export function useSignAction(onNotAParty: (document: DocumentView) => void) {
  const toast = useToast();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: (doc: DocumentView) => fetchSignLink(doc._id),
    onSuccess: (url) => {
      // Only ever our own signing page, whatever the answer says.
      if (url.startsWith('/sign/')) navigate(url);
      else toast.notify('error', SIGN_FAILED);
    },
    onError: (error, doc) => {
      if (error instanceof ApiError && error.status === 403) return onNotAParty(doc);
      console.error(SIGN_FAILED, error);
      toast.notify('error', refusalOf(error) ?? SIGN_FAILED);
    },
  });
  return {
    sign: (doc: DocumentView) => mutation.mutate(doc),
    isSigning: (id: string) => mutation.isPending && mutation.variables?._id === id,
  };
}
