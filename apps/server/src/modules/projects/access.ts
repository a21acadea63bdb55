// Who may do what with a project, checked per row by every area that works inside a project (projects,
// media, realtime). Owner: everything. Collaborator 'edit': change the project, its tracks and files.
// Collaborator 'view': read and play. Anyone else: the project does not exist for them (404).
import type { ProjectAccess } from '@mixdesk/contract/projects';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { findProjectForUser, type ProjectListRow, touchProject as touch } from './repo.ts';

/** A project as the access check reads it (with its owner's name and email). */
export type ProjectRow = ProjectListRow;

const ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RANK: Record<ProjectAccess, number> = { view: 1, edit: 2, owner: 3 };

const FORBIDDEN_MESSAGE: Record<Exclude<ProjectAccess, 'view'>, string> = {
  edit: 'You have view-only access to this project.',
  owner: 'Only the project owner can do this.',
};

/** True when `value` looks like one of our ids, so malformed ids never reach a query. */
export const isProjectId = (value: string) => ID_SHAPE.test(value);

/**
 * The project and the caller's permission on it, if it is at least `need`.
 * Throws notFound('Project') when the caller has no access at all (or the id is unknown or malformed),
 * FORBIDDEN when they can see it but need more.
 */
export async function requireProjectAccess(
  ctx: AppContext,
  userId: string,
  projectId: string,
  need: ProjectAccess,
): Promise<{ project: ProjectListRow; permission: ProjectAccess }> {
  if (!isProjectId(projectId)) throw notFound('Project');
  const row = await findProjectForUser(ctx.db, userId, projectId.toLowerCase());
  if (!row) throw notFound('Project');
  const { permission: shared, ...project } = row;
  const permission: ProjectAccess | null = project.owner_id === userId ? 'owner' : shared;
  if (!permission) throw notFound('Project');
  if (RANK[permission] < RANK[need])
    throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE[need as 'edit' | 'owner']);
  return { project, permission };
}

/** Marks a project as just worked on: updates last_activity_at and updated_at (pass a transaction to join it). */
export function touchProject(db: Kysely<DB>, projectId: string): Promise<void> {
  return touch(db, projectId);
}

/**
 * Serialises changes inside a project: PostgreSQL locks the project row until commit; SQLite runs one write
 * transaction at a time already. Every transaction that changes a project's rows takes it FIRST (media,
 * comments, reviews, collaborators, the waveform jobs): their triggers then lock the per-person version
 * rows (lists, dashboards) in the same order, and two of them cannot deadlock. Throws NOT_FOUND when the
 * project went away meanwhile.
 */
export async function lockProject(trx: Kysely<DB>, dialect: Dialect, projectId: string): Promise<void> {
  const query = trx.selectFrom('projects').select('id').where('id', '=', projectId);
  const row = await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw notFound('Project');
}
