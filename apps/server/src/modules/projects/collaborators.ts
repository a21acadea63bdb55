// Project collaborators: the owner adds registered users by email with a permission (view or edit) and a free
// role label, changes them and removes them; a collaborator may also leave a project on their own.

import type { Project } from '@mixdesk/contract/project-responses';
import {
  type AddCollaboratorSchema,
  COLLABORATORS_MAX,
  type UpdateCollaboratorSchema,
} from '@mixdesk/contract/projects';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/sql-helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { nowIso } from '../../platform/ids.ts';
import { announceActivities } from '../activity/feed.ts';
import '../activity/tables.ts';
import { findUserByEmail } from '../auth/repo.ts';
import { announce, notify } from '../notifications/service.ts';
import { isProjectId, lockProject, requireProjectAccess } from './access.ts';
import { touchProject } from './repo.ts';
import { getProject } from './service.ts';

type AddInput = z.output<typeof AddCollaboratorSchema>;
type UpdateInput = z.output<typeof UpdateCollaboratorSchema>;

export const NO_SUCH_ACCOUNT = 'No Mixdesk account uses this email. Ask them to sign up, then add them.';

async function collaboratorCount(ctx: AppContext, projectId: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('project_collaborators')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function addCollaborator(
  ctx: AppContext,
  callerId: string,
  projectId: string,
  input: AddInput,
): Promise<Project> {
  const { project } = await requireProjectAccess(ctx, callerId, projectId, 'owner');
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) throw new AppError('UNPROCESSABLE', NO_SUCH_ACCOUNT);
  if (user.id === project.owner_id) throw badRequest('You own this project already.');
  if ((await collaboratorCount(ctx, project.id)) >= COLLABORATORS_MAX)
    throw new AppError('UNPROCESSABLE', `A project can have at most ${COLLABORATORS_MAX} collaborators.`);
  let created: Awaited<ReturnType<typeof notify>>;
  try {
    created = await ctx.db.transaction().execute(async (trx) => {
      await lockProject(trx, ctx.dialect, project.id);
      await trx
        .insertInto('project_collaborators')
        .values({
          project_id: project.id,
          user_id: user.id,
          permission: input.permission,
          role: input.role,
          created_at: nowIso(),
        })
        .execute();
      await touchProject(trx, project.id);
      return notify(ctx, trx, {
        userId: user.id,
        kind: 'added_to_project',
        actorId: callerId,
        actorName: project.owner_name,
        projectId: project.id,
        title: `${project.owner_name} added you to ${project.title}`,
        body: `You can ${input.permission === 'edit' ? 'edit' : 'view'} it${input.role ? ` as ${input.role}` : ''}.`,
        link: `/projects/${project.id}`,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`${user.name} is already a collaborator on this project.`);
    throw err;
  }
  await announce(ctx, created);
  // The insert's trigger named the activity after the row's time as the database writes it (migration 0012).
  const joined = await ctx.db
    .selectFrom('activities')
    .select('id')
    .where('kind', '=', 'collaborator_added')
    .where('project_id', '=', project.id)
    .where('actor_id', '=', user.id)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (joined) await announceActivities(ctx, [joined.id]);
  return getProject(ctx, callerId, project.id);
}

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
