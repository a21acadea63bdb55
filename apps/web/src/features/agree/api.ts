// The calls of whoever holds an emailed agreement link, as the contract declares them: no session needed, the
// token in the address is the credential.
import { agreeRoutes as routes } from '@mixdesk/contract/routes/catalog';
import { call } from '../../lib/call';

export const agreeKeys = {
  view: (token: string) => ['agree', token] as const,
};

/** The whole split as sent, and where this party and the round stand. */
export async function fetchAgreement(token: string, signal?: AbortSignal) {
  return (await call(routes.view, { params: { token } }, { signal, auth: false })).data;
}

/** 'agreed' when this acceptance was the last one. */
export async function acceptAgreement(token: string) {
  return (await call(routes.accept, { params: { token } }, { auth: false })).data;
}

export async function declineAgreement(token: string, reason: string) {
  return (await call(routes.decline, { params: { token }, body: { reason } }, { auth: false })).data;
}
