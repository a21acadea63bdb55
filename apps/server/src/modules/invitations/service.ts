// Invitations (issue #20): the owner invites an email with a permission and a role; a verified account with that
// email accepts (and becomes a collaborator) or declines; the owner may revoke while it waits; it dies after
// INVITATION_DAYS. The owner's answer is the same whether or not the email has an account, and nothing about an
// invited person (their name, profile, list) reaches the owner before they accept.
import { INVITATION_DAYS, type MyInvitation, type ProjectInvitation } from '@mixdesk/contract/invitations';
import type { AddCollaboratorSchema } from '@mixdesk/contract/projects';
import { COLLABORATORS_MAX } from '@mixdesk/contract/projects';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/sql-helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import { announceActivities, newestActivityOf } from '../activity/public.ts';
import { findUserByEmail, findUserById, joinUserContact } from '../auth/public.ts';
import { announce, notify, recipientOf } from '../notifications/public.ts';
import {
  addCollaboratorIfAbsent,
  collaboratorsOfProject,
  isProjectId,
  lockProject,
  requireProjectAccess,
  touchProject,
} from '../projects/public.ts';
import { sendInvitationEmail } from './emails.ts';
import * as repo from './repo.ts';

type InviteInput = z.output<typeof AddCollaboratorSchema>;

const DAY_MS = 86_400_000;
export const INVITATION_NOT_FOUND = 'Invitation not found';
export const VERIFY_FIRST = 'Verify your email address before accepting an invitation.';

/** POST /api/projects/:id/collaborators: the owner invites an email; 201 with the pending invitation. */
export async function inviteCollaborator(
  ctx: AppContext,
  callerId: string,
  projectId: string,
  input: InviteInput,
): Promise<ProjectInvitation> {
  const { project } = await requireProjectAccess(ctx, callerId, projectId, 'owner');
  if (input.email === project.owner_email) throw badRequest('You own this project already.');
  const now = nowIso();
  const row = {
    id: newId(),
    project_id: project.id,
    email: input.email,
    permission: input.permission,
    role: input.role,
    invited_by: callerId,
    status: 'pending' as const,
    created_at: now,
    expires_at: new Date(Date.parse(now) + INVITATION_DAYS * DAY_MS).toISOString(),
    responded_at: null,
  };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      // Under the project's lock, so two invitations racing for the last seat cannot both take it.
      await lockProject(trx, ctx.dialect, project.id);
      const member = await collaboratorsOfProject(trx, 'c', project.id)
        .$call((q) => joinUserContact(q, 'u', 'c.user_id'))
        .select('u.name')
        .where('u.email', '=', input.email)
        .executeTakeFirst();
      if (member) throw conflict(`${member.name} is already a collaborator on this project.`);
      // An expired invitation to the same email makes way for the new one.
      await trx
        .deleteFrom('project_invitations')
        .where('project_id', '=', project.id)
        .where('email', '=', input.email)
        .where('status', '=', 'pending')
        .where('expires_at', '<=', now)
        .execute();
      if ((await repo.seatsTaken(trx, project.id, now)) >= COLLABORATORS_MAX)
        throw new AppError(
          'UNPROCESSABLE',
          `A project can have at most ${COLLABORATORS_MAX} collaborators, counting pending invitations.`,
        );
      await trx.insertInto('project_invitations').values(row).execute();
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict(`${input.email} has been invited already and has not answered yet.`);
    throw err;
  }
  await tellInvitee(ctx, { ...row, projectTitle: project.title, ownerName: project.owner_name });
  return repo.presentProjectInvitation(row);
}

/** The in-app notification (when the email has an account) and the email (unless they turned invites off). */
async function tellInvitee(
  ctx: AppContext,
  inv: repo.InvitationRow & { projectTitle: string; ownerName: string },
): Promise<void> {
  try {
    const account = await findUserByEmail(ctx.db, inv.email);
    if (account) {
      const created = await notify(ctx, ctx.db, {
        userId: account.id,
        kind: 'invitation',
        actorId: inv.invited_by,
        actorName: inv.ownerName,
        projectId: inv.project_id,
        title: `${inv.ownerName} invited you to ${inv.projectTitle}`,
        body: `Accept to ${inv.permission === 'edit' ? 'edit' : 'view'} it${inv.role ? ` as ${inv.role}` : ''}.`,
        link: `/invitations/${inv.id}`,
      });
      await announce(ctx, created);
      const recipient = await recipientOf(ctx.db, account.id);
      if (recipient && !(recipient.emailNotifications && recipient.collaborationNotifications)) return;
    }
    await sendInvitationEmail(ctx, {
      id: inv.id,
      to: inv.email,
      toName: account?.name ?? null,
      inviter: inv.ownerName,
      projectTitle: inv.projectTitle,
      permission: inv.permission,
      role: inv.role,
      expiresAt: inv.expires_at,
    });
  } catch (err) {
    // The invitation is stored and shown to the invitee in the app; a mail failure must not undo it.
    ctx.log.error({ service: 'invitations', err }, 'Could not send an invitation');
  }
}

/** GET /api/projects/:id/invitations: the live invitations of a project, for its owner. */
export async function listProjectInvitations(
  ctx: AppContext,
  callerId: string,
  projectId: string,
): Promise<ProjectInvitation[]> {
  const { project } = await requireProjectAccess(ctx, callerId, projectId, 'owner');
  const rows = await repo.liveInvitationsOfProject(ctx.db, project.id, nowIso());
  return rows.map(repo.presentProjectInvitation);
}

/** DELETE /api/projects/:id/invitations/:invitationId: the owner withdraws one that waits. */
export async function revokeInvitation(
  ctx: AppContext,
  callerId: string,
  projectId: string,
  invitationId: string,
): Promise<void> {
  const { project } = await requireProjectAccess(ctx, callerId, projectId, 'owner');
  const closed =
    isProjectId(invitationId) &&
    (await repo.closeInvitation(
      ctx.db,
      { id: invitationId.toLowerCase(), projectId: project.id },
      'revoked',
      nowIso(),
    ));
  if (!closed) throw notFound('Invitation');
}

async function caller(ctx: AppContext, userId: string) {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound('User');
  return user;
}

/** One of my live invitations, or the one 404 for every other case (someone else's, answered, gone, malformed). */
async function myLiveInvitation(ctx: AppContext, me: { email: string }, id: string, now = nowIso()) {
  const row = isProjectId(id)
    ? await repo.liveInvitationFor(ctx.db, id.toLowerCase(), me.email, now)
    : undefined;
  if (!row) throw new AppError('NOT_FOUND', INVITATION_NOT_FOUND);
  return row;
}

/** Tells the project's owner how their invitation was answered (in the answer's transaction). */
function tellOwner(
  ctx: AppContext,
  trx: Parameters<typeof notify>[1],
  me: { id: string; name: string },
  row: repo.MyInvitationRow,
  answer: 'accepted' | 'declined',
) {
  return notify(ctx, trx, {
    userId: row.owner_id,
    kind: 'invitation_answered',
    actorId: me.id,
    actorName: me.name,
    projectId: row.project_id,
    title: `${me.name} ${answer} your invitation to ${row.project_title}`,
    link: `/projects/${row.project_id}`,
  });
}

/** GET /api/invitations: the live invitations addressed to my email, newest first. */
export async function listMyInvitations(ctx: AppContext, userId: string): Promise<MyInvitation[]> {
  const me = await caller(ctx, userId);
  const rows = await repo.liveInvitationsFor(ctx.db, me.email, nowIso());
  return rows.map(repo.presentMyInvitation);
}

/** GET /api/invitations/:id: one of mine that is still live (the page the email's links open). */
export async function getMyInvitation(ctx: AppContext, userId: string, id: string): Promise<MyInvitation> {
  const me = await caller(ctx, userId);
  return repo.presentMyInvitation(await myLiveInvitation(ctx, me, id));
}

/**
 * POST /api/invitations/:id/accept: a verified account whose email the invitation names joins the project with
 * the invitation's permission and role. Someone else's, answered, revoked or expired invitations are 404.
 */
export async function acceptInvitation(ctx: AppContext, userId: string, id: string): Promise<MyInvitation> {
  const me = await caller(ctx, userId);
  const row = await myLiveInvitation(ctx, me, id);
  if (!me.verified) throw new AppError('FORBIDDEN', VERIFY_FIRST);
  if (row.owner_id === me.id) throw badRequest('You own this project already.');
  const joinedAt = nowIso();
  const accepted = await ctx.db.transaction().execute(async (trx) => {
    await lockProject(trx, ctx.dialect, row.project_id);
    // Whoever closes it first wins: a second accept at the same moment finds nothing to close.
    if (!(await repo.closeInvitation(trx, { id: row.id, email: me.email }, 'accepted', joinedAt)))
      return null;
    await addCollaboratorIfAbsent(trx, {
      project_id: row.project_id,
      user_id: me.id,
      permission: row.permission,
      role: row.role,
      created_at: joinedAt,
    });
    await touchProject(trx, row.project_id);
    return tellOwner(ctx, trx, me, row, 'accepted');
  });
  if (!accepted) throw new AppError('NOT_FOUND', INVITATION_NOT_FOUND);
  await announce(ctx, accepted);
  // The collaborator row's trigger stored the activity (migration 0012): push it to the project's room.
  const joined = await newestActivityOf(ctx, {
    kind: 'collaborator_added',
    projectId: row.project_id,
    actorId: me.id,
  });
  if (joined) await announceActivities(ctx, [joined]);
  return repo.presentMyInvitation(row);
}

/** POST /api/invitations/:id/decline: the invitee says no; the owner is told. */
export async function declineInvitation(ctx: AppContext, userId: string, id: string): Promise<void> {
  const me = await caller(ctx, userId);
  const now = nowIso();
  const row = await myLiveInvitation(ctx, me, id, now);
  const created = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.closeInvitation(trx, { id: row.id, email: me.email }, 'declined', now))) return null;
    return tellOwner(ctx, trx, me, row, 'declined');
  });
  if (!created) throw new AppError('NOT_FOUND', INVITATION_NOT_FOUND);
  await announce(ctx, created);
}
