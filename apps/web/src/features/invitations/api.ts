// The invitee's invitation calls (issue #20, packages/contract/src/invitations.ts), as the contract declares
// them, and their query keys. The owner's side (invite, list, revoke) lives with the project calls.
import { invitationRoutes as routes } from '@mixdesk/contract/routes/invitations';
import { call } from '../../lib/call';

export const invitationKeys = {
  mine: ['invitations', 'mine'] as const,
  one: (id: string) => ['invitations', 'one', id] as const,
};

/** The pending invitations addressed to the signed-in account's email. */
export async function fetchMyInvitations(signal?: AbortSignal) {
  return (await call(routes.mine, {}, { signal })).data.invitations;
}

export async function fetchInvitation(id: string, signal?: AbortSignal) {
  return (await call(routes.get, { params: { id } }, { signal })).data.invitation;
}

/** Joins the project; answers with its id, now open to the caller. */
export async function acceptInvitation(id: string) {
  return (await call(routes.accept, { params: { id } })).data;
}

export async function declineInvitation(id: string) {
  await call(routes.decline, { params: { id } });
}
