// The signing calls of whoever holds an emailed link (decision 010), as the contract declares them: no
// session needed, the token in the address is the credential.
import { fillPath } from '@mixdesk/contract/routes';
import { signingRoutes as routes } from '@mixdesk/contract/routes/documents';
import type { SignWithLinkInput } from '@mixdesk/contract/signing';
import { api } from '../../../lib/api';
import { call } from '../../../lib/call';

export const signingKeys = {
  view: (token: string) => ['signing', token] as const,
};

/** Where the frame and the Open PDF link load the document as it stands. */
export const signingPdfUrl = (token: string) => api.url(fillPath(routes.pdf.path, { token }));

/** What the signer is shown; the first opening records 'viewed'. */
export async function fetchSigning(token: string, signal?: AbortSignal) {
  return (await call(routes.view, { params: { token } }, { signal, auth: false })).data.signing;
}

/** 'completed' when this was the last signature (the final copy is then mailed to everyone). */
export async function signWithLink(token: string, input: SignWithLinkInput) {
  return (await call(routes.sign, { params: { token }, body: input }, { auth: false })).data.status;
}

export async function declineWithLink(token: string, reason: string) {
  await call(routes.reject, { params: { token }, body: { reason } }, { auth: false });
}
