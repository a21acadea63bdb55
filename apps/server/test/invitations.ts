// Test factories for project membership, which now takes an invitation and its acceptance (issue #20): the
// owner invites through the API, the member's account is verified through its mailed link, and the member
// accepts. Tests that are about something else use `addMember` and get a collaborator the real way.
import type { FastifyInstance } from 'fastify';
import { bearer, lastMailedToken, type SignedIn } from './helper.ts';

/** Verifies an account through the link its registration mailed (once; later calls do nothing). */
export async function verifyUser(app: FastifyInstance, who: SignedIn): Promise<void> {
  if (who.user.verified) return;
  const token = await lastMailedToken(app, who.user.email, 'verify_email');
  const res = await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
  if (res.statusCode !== 200) throw new Error(`verify failed: ${res.statusCode} ${res.body}`);
  who.user.verified = true;
}

/** The owner invites `email`; returns the invitation's id. */
export async function invite(
  app: FastifyInstance,
  ownerToken: string,
  projectId: string,
  email: string,
  opts: { permission?: 'view' | 'edit'; role?: string } = {},
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/collaborators`,
    headers: bearer(ownerToken),
    payload: { email, ...opts },
  });
  if (res.statusCode !== 201) throw new Error(`invite failed: ${res.statusCode} ${res.body}`);
  return res.json().data.invitation._id;
}

/** The owner invites `member`, whose verified account accepts: they are a collaborator now. */
export async function addMember(
  app: FastifyInstance,
  ownerToken: string,
  projectId: string,
  member: SignedIn,
  opts: { permission?: 'view' | 'edit'; role?: string } = {},
): Promise<void> {
  const id = await invite(app, ownerToken, projectId, member.user.email, opts);
  await verifyUser(app, member);
  const res = await app.inject({
    method: 'POST',
    url: `/api/invitations/${id}/accept`,
    headers: bearer(member.token),
  });
  if (res.statusCode !== 200) throw new Error(`accept failed: ${res.statusCode} ${res.body}`);
}
