// The invitee's invitation calls (issue #20, packages/contract/src/invitations.ts), parsed with the shared
// contract, and their query keys. The owner's side (invite, list, revoke) lives with the project calls.
import { OkSchema } from '@mixdesk/contract/envelope';
import {
  InvitationAcceptedResponseSchema,
  MyInvitationResponseSchema,
  MyInvitationsResponseSchema,
} from '@mixdesk/contract/invitations';
import { api } from '../../lib/api';

export const invitationKeys = {
  mine: ['invitations', 'mine'] as const,
  one: (id: string) => ['invitations', 'one', id] as const,
};

const path = (id: string) => `/api/invitations/${encodeURIComponent(id)}`;

/** The pending invitations addressed to the signed-in account's email. */
export async function fetchMyInvitations(signal?: AbortSignal) {
  return (await api.get('/api/invitations', { schema: MyInvitationsResponseSchema, signal })).data
    .invitations;
}

export async function fetchInvitation(id: string, signal?: AbortSignal) {
  return (await api.get(path(id), { schema: MyInvitationResponseSchema, signal })).data.invitation;
}

/** Joins the project; answers with its id, now open to the caller. */
export async function acceptInvitation(id: string) {
  return (await api.post(`${path(id)}/accept`, undefined, { schema: InvitationAcceptedResponseSchema })).data;
}

export async function declineInvitation(id: string) {
  await api.post(`${path(id)}/decline`, undefined, { schema: OkSchema });
}
