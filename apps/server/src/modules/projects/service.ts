// The projects area's rules: list, read, create, update and delete, each checked per row with
// requireProjectAccess (owner everything, 'edit' changes, 'view' reads, anyone else 404).

import type { Project } from '@mixdesk/contract/project-responses';
import {
  type CreateProjectSchema,
  DEFAULT_PROJECT_GENRE,
  type ListProjectsQuery,
  type ProjectAccess,
  type UpdateProjectSchema,
} from '@mixdesk/contract/projects';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import { fromJson } from '../../db/schema.ts';
import { pageWindow } from '../../db/sql-helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import { requireProjectAccess } from './access.ts';
import { listProjectRows } from './list-query.ts';
import {
  collaboratorsOf,
  deleteProjectRow,
  findProjectForUser,
  insertProject,
  presentProject,
  searchTextOf,
  updateProjectRow,
} from './repo.ts';
import type { ProjectsTable } from './tables.ts';

type CreateInput = z.output<typeof CreateProjectSchema>;
type UpdateInput = z.output<typeof UpdateProjectSchema>;

export interface ProjectList {
  projects: Project[];
  pagination: { currentPage: number; totalPages: number; totalProjects: number; limit: number };
}

export async function listProjects(
  ctx: AppContext,
  userId: string,
  q: ListProjectsQuery,
): Promise<ProjectList> {
  const { limit, offset, page } = pageWindow(q.page, q.limit);
  const { rows, total } = await listProjectRows(ctx.db, ctx.dialect, userId, q, { limit, offset });
  const collaborators = await collaboratorsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    projects: rows.map((r) =>
      presentProject(
        r,
        collaborators.get(r.id) ?? [],
        r.owner_id === userId ? 'owner' : (r.permission ?? 'view'),
      ),
    ),
    pagination: { currentPage: page, totalPages: Math.ceil(total / limit), totalProjects: total, limit },
  };
}

/** The full Project as `userId` sees it (after a change, or for GET /:id). */
async function loadProject(ctx: AppContext, userId: string, projectId: string): Promise<Project> {
  const row = await findProjectForUser(ctx.db, userId, projectId);
  // Deleted between the access check and this read.
  if (!row) throw notFound('Project');
  const { permission, ...project } = row;
  const access: ProjectAccess = project.owner_id === userId ? 'owner' : (permission ?? 'view');
  const collaborators = await collaboratorsOf(ctx.db, [projectId]);
  return presentProject(project, collaborators.get(projectId) ?? [], access);
}

export async function getProject(ctx: AppContext, userId: string, projectId: string): Promise<Project> {
  const { project } = await requireProjectAccess(ctx, userId, projectId, 'view');
  return loadProject(ctx, userId, project.id);
}

export async function createProject(ctx: AppContext, userId: string, input: CreateInput): Promise<Project> {
  const now = nowIso();
  const id = newId();
  const description = input.description || null;
  const m = input.metadata;
  await insertProject(ctx.db, {
    id,
    owner_id: userId,
    title: input.title,
    description,
    type: input.type,
    status: input.status,
    genre: JSON.stringify(m.genre ?? [DEFAULT_PROJECT_GENRE]),
    target_release_date: m.targetReleaseDate ?? null,
    record_label: m.recordLabel ?? null,
    producer: m.producer ?? null,
    engineer: m.engineer ?? null,
    studio: m.studio ?? null,
    tags: JSON.stringify(input.tags),
    search_text: searchTextOf({ title: input.title, description, tags: input.tags }),
    created_at: now,
    updated_at: now,
    last_activity_at: now,
  });
  return loadProject(ctx, userId, id);
}

export async function updateProject(
  ctx: AppContext,
  userId: string,
  projectId: string,
  input: UpdateInput,
): Promise<Project> {
  const { project } = await requireProjectAccess(ctx, userId, projectId, 'edit');
  const now = nowIso();
  const patch: Updateable<ProjectsTable> = { updated_at: now, last_activity_at: now };
  if (input.title !== undefined) patch.title = input.title;
  if (input.description !== undefined) patch.description = input.description || null;
  if (input.type !== undefined) patch.type = input.type;
  if (input.status !== undefined) patch.status = input.status;
  if (input.tags !== undefined) patch.tags = JSON.stringify(input.tags);
  const m = input.metadata ?? {};
  if (m.genre !== undefined) patch.genre = JSON.stringify(m.genre);
  if (m.targetReleaseDate !== undefined) patch.target_release_date = m.targetReleaseDate;
  if (m.recordLabel !== undefined) patch.record_label = m.recordLabel;
  if (m.producer !== undefined) patch.producer = m.producer;
  if (m.engineer !== undefined) patch.engineer = m.engineer;
  if (m.studio !== undefined) patch.studio = m.studio;
  const searchChanges =
    input.title !== undefined || input.description !== undefined || input.tags !== undefined;
  await ctx.db.transaction().execute(async (trx) => {
    if (searchChanges) {
      // Read the other searchable fields inside the transaction, so two editors cannot leave a stale search text.
      let read = trx
        .selectFrom('projects')
        .select(['title', 'description', 'tags'])
        .where('id', '=', project.id);
      if (ctx.dialect === 'postgres') read = read.forUpdate();
      const current = await read.executeTakeFirst();
      if (!current) throw notFound('Project');
      patch.search_text = searchTextOf({
        title: patch.title ?? current.title,
        description: patch.description !== undefined ? patch.description : current.description,
        tags: input.tags ?? fromJson<string[]>(current.tags, []),
      });
    }
    await updateProjectRow(trx, project.id, patch);
  });
  return loadProject(ctx, userId, project.id);
}

/**
 * Deletes a project with its collaborators and what other areas keep inside it (`ctx.projectParts`: media's
 * tracks, versions and files, rows and stored bytes).
 */
export async function deleteProjectCompletely(ctx: AppContext, projectId: string): Promise<void> {
  const keys = await Promise.all(ctx.projectParts.map((part) => part.keys(ctx, projectId)));
  await deleteProjectRow(ctx.db, projectId);
  // Committed: nobody's open connection hears of the project any more.
  ctx.live.closeProject(projectId);
  // Bytes after the rows: a crash in between leaves objects no row names, never a row naming nothing.
  for (const [i, part] of ctx.projectParts.entries()) await part.remove(ctx, projectId, keys[i]!);
}

export async function deleteProject(ctx: AppContext, userId: string, projectId: string): Promise<void> {
  const { project } = await requireProjectAccess(ctx, userId, projectId, 'owner');
  await deleteProjectCompletely(ctx, project.id);
}
