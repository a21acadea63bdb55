// Project membership in the browser tests (issue #20): the owner invites an email through the API and the
// member's account (verified: createAccount verifies by default) accepts. Specs about something else use
// `addMember` and get a collaborator the real way.
import { type APIRequestContext, expect } from '@playwright/test';
import { tokenOf } from './account-helpers.ts';
import type { Account } from './fixtures.ts';

export interface InviteTerms {
  permission: 'view' | 'edit';
  role?: string;
}

/** The owner invites `email` to the project; returns the invitation's id. */
export async function invite(
  request: APIRequestContext,
  ownerToken: string,
  projectId: string,
  email: string,
  terms: InviteTerms,
): Promise<string> {
  const res = await request.post(`/api/projects/${projectId}/collaborators`, {
    data: { email, ...terms },
    headers: { authorization: `Bearer ${ownerToken}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.invitation._id as string;
}

/**
 * The owner invites `member`, who accepts: a collaborator from now on. The owner has read the acceptance's
 * notification, so their bell counts only what the spec itself does.
 */
export async function addMember(
  request: APIRequestContext,
  ownerToken: string,
  projectId: string,
  member: Account,
  terms: InviteTerms,
): Promise<void> {
  const id = await invite(request, ownerToken, projectId, member.email, terms);
  const accepted = await request.post(`/api/invitations/${id}/accept`, {
    headers: { authorization: `Bearer ${await tokenOf(request, member)}` },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const read = await request.post('/api/notifications/read', {
    data: { all: true },
    headers: { authorization: `Bearer ${ownerToken}` },
  });
  expect(read.status(), await read.text()).toBe(200);
}

/** `member` accepts the invitation to the project waiting in their list (found the way the panel finds it). */
export async function acceptInvitationTo(
  request: APIRequestContext,
  member: Account,
  projectId: string,
): Promise<void> {
  const headers = { authorization: `Bearer ${await tokenOf(request, member)}` };
  const mine = await request.get('/api/invitations', { headers });
  expect(mine.status()).toBe(200);
  const invitations = (await mine.json()).data.invitations as Array<{
    _id: string;
    project: { _id: string };
  }>;
  const invitation = invitations.find((i) => i.project._id === projectId);
  expect(invitation, `an invitation to ${projectId} for ${member.email}`).toBeDefined();
  const accepted = await request.post(`/api/invitations/${invitation?._id}/accept`, { headers });
  expect(accepted.status(), await accepted.text()).toBe(200);
}
