// Project collaborators: people join by accepting an invitation (modules/invitations); the owner changes their
// permission (view or edit) and free role label and removes them; a collaborator may also leave on their own.

import type { Project } from '@mixdesk/contract/project-responses';
import type { UpdateCollaboratorSchema } from '@mixdesk/contract/projects';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { isProjectId, lockProject, requireProjectAccess } from './access.ts';
import { touchProject } from './repo.ts';
import { getProject } from './service.ts';

type UpdateInput = z.output<typeof UpdateCollaboratorSchema>;

export async function updateCollaborator(
  ctx: AppContext,
  callerId: string,
  projectId: string,
  userId: string,
  input: UpdateInput,
): Promise<Project> {
  const { project } = await requireProjectAccess(ctx, callerId, projectId, 'owner');
  const patch: { permission?: 'view' | 'edit'; role?: string } = {};
  if (input.permission !== undefined) patch.permission = input.permission;
  if (input.role !== undefined) patch.role = input.role;
  const changed = await ctx.db.transaction().execute(async (trx) => {
    await lockProject(trx, ctx.dialect, project.id);
    const result = await trx
      .updateTable('project_collaborators')
      .set(patch)
      .where('project_id', '=', project.id)
      .where('user_id', '=', isProjectId(userId) ? userId.toLowerCase() : '')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) await touchProject(trx, project.id);
    return Number(result.numUpdatedRows);
  });
  if (changed === 0) throw notFound('Collaborator');
  return getProject(ctx, callerId, project.id);
}

/**
 * The owner removes anyone; a collaborator may remove only themselves (leave the project).
 * Returns the project as the caller now sees it, or null when they left it.
 */
export async function removeCollaborator(
  ctx: AppContext,
  callerId: string,
  projectId: string,
  userId: string,
): Promise<Project | null> {
  const leaving = callerId === userId;
  const { project } = await requireProjectAccess(ctx, callerId, projectId, leaving ? 'view' : 'owner');
  if (leaving && project.owner_id === callerId)
    throw badRequest('The owner cannot leave their own project; delete it instead.');
  const removed = await ctx.db.transaction().execute(async (trx) => {
    await lockProject(trx, ctx.dialect, project.id);
    const result = await trx
      .deleteFrom('project_collaborators')
      .where('project_id', '=', project.id)
      .where('user_id', '=', isProjectId(userId) ? userId.toLowerCase() : '')
      .executeTakeFirst();
    if (Number(result.numDeletedRows) > 0) await touchProject(trx, project.id);
    return Number(result.numDeletedRows);
  });
  if (removed === 0) throw notFound('Collaborator');
  // Committed: their open connections stop receiving the project's events now, not at their next join.
  ctx.live.leaveProject(userId.toLowerCase(), project.id);
  return leaving ? null : getProject(ctx, callerId, project.id);
}
