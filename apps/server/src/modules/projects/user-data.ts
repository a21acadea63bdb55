// The projects area's part of a user's data: the export lists their own projects with collaborators and the
// projects shared with them; deleting the account deletes their projects (with tracks, files and stored bytes).
import type { AppContext, UserDataHandler } from '../../platform/context.ts';
import { joinUserContact } from '../auth/public.ts';
import { collaboratorsOf, PROJECT_COLUMNS, presentProject } from './repo.ts';
import { deleteProjectCompletely } from './service.ts';

const CHUNK = 500;

async function ownedProjects(ctx: AppContext, userId: string) {
  const rows = await ctx.db
    .selectFrom('projects as p')
    .$call((q) => joinUserContact(q, 'u', 'p.owner_id'))
    .select([...PROJECT_COLUMNS, 'u.name as owner_name', 'u.email as owner_email'])
    .where('p.owner_id', '=', userId)
    .orderBy('p.created_at', 'asc')
    .execute();
  const projects = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const slice = rows.slice(i, i + CHUNK);
    const collaborators = await collaboratorsOf(
      ctx.db,
      slice.map((r) => r.id),
    );
    for (const r of slice) {
      const { access: _owner, ...project } = presentProject(r, collaborators.get(r.id) ?? [], 'owner');
      projects.push(project);
    }
  }
  return projects;
}

export const projectsUserData: UserDataHandler = {
  area: 'projects',
  async exportData(ctx, userId) {
    const projects = await ownedProjects(ctx, userId);
    const collaborations = await ctx.db
      .selectFrom('project_collaborators as c')
      .innerJoin('projects as p', 'p.id', 'c.project_id')
      .select(['p.id', 'p.title', 'c.permission', 'c.role', 'c.created_at'])
      .where('c.user_id', '=', userId)
      .orderBy('c.created_at', 'asc')
      .execute();
    return {
      data: {
        projects,
        sharedWithMe: collaborations.map((c) => ({
          projectId: c.id,
          title: c.title,
          permission: c.permission,
          role: c.role,
          addedAt: c.created_at,
        })),
      },
    };
  },
  async deleteData(ctx, userId) {
    const owned = await ctx.db.selectFrom('projects').select('id').where('owner_id', '=', userId).execute();
    for (const { id } of owned) await deleteProjectCompletely(ctx, id);
    await ctx.db.deleteFrom('project_collaborators').where('user_id', '=', userId).execute();
  },
};
