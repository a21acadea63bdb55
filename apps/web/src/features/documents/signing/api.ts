// The signing calls of whoever holds an emailed link (decision 010): no session needed, the token in the
// address is the credential. Parsed with the shared contract.
import { envelope, OkSchema } from '@mixdesk/contract/envelope';
import { SigningViewDataSchema, type SignWithLinkInput } from '@mixdesk/contract/signing';
import { z } from 'zod';
import { api } from '../../../lib/api';

const SigningResponseSchema = envelope(SigningViewDataSchema);
const SignedResponseSchema = envelope(z.object({ status: z.enum(['signed', 'completed']) }));

export const signingKeys = {
  view: (token: string) => ['signing', token] as const,
};

const signingPath = (token: string) => `/api/sign/${encodeURIComponent(token)}`;

/** Where the frame and the Open PDF link load the document as it stands. */
export const signingPdfUrl = (token: string) => api.url(`${signingPath(token)}/pdf`);

/** What the signer is shown; the first opening records 'viewed'. */
export async function fetchSigning(token: string, signal?: AbortSignal) {
  return (await api.get(signingPath(token), { schema: SigningResponseSchema, signal, auth: false })).data
    .signing;
}

/** 'completed' when this was the last signature (the final copy is then mailed to everyone). */
export async function signWithLink(token: string, input: SignWithLinkInput) {
  return (await api.post(signingPath(token), input, { schema: SignedResponseSchema, auth: false })).data
    .status;
}

export async function declineWithLink(token: string, reason: string) {
  await api.post(`${signingPath(token)}/reject`, { reason }, { schema: OkSchema, auth: false });
}
