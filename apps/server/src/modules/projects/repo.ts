// Queries of the projects area (rows in, rows out) and the one function that turns rows into the API's Project.

import type { Collaborator, Project } from '@mixdesk/contract/project-responses';
import type {
  CollaboratorPermission,
  ProjectAccess,
  ProjectGenre,
  ProjectStatus,
  ProjectType,
} from '@mixdesk/contract/projects';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { type DB, fromJson } from '../../db/schema.ts';
import { nowIso } from '../../platform/ids.ts';
import { joinUserContact } from '../auth/public.ts';
import type { ProjectsTable } from './tables.ts';

export type ProjectRow = Selectable<ProjectsTable>;

/** Columns the API shows (the search text stays in the database). */
export const PROJECT_COLUMNS = [
  'p.id',
  'p.owner_id',
  'p.title',
  'p.description',
  'p.type',
  'p.status',
  'p.genre',
  'p.target_release_date',
  'p.record_label',
  'p.producer',
  'p.engineer',
  'p.studio',
  'p.tags',
  'p.track_count',
  'p.total_duration',
  'p.total_file_size',
  'p.created_at',
  'p.updated_at',
  'p.last_activity_at',
] as const;

type ShownColumn = (typeof PROJECT_COLUMNS)[number] extends `p.${infer C}` ? C : never;
/** A project row as the list and detail queries read it: the shown columns, with the owner's name. */
export type ProjectListRow = Pick<ProjectRow, ShownColumn & keyof ProjectRow> & {
  owner_name: string;
  owner_email: string;
};

/** What the list's search matches: title, description and tags, lower-cased, one per line. */
export function searchTextOf(p: { title: string; description: string | null; tags: string[] }): string {
  return [p.title, p.description ?? '', ...p.tags].join('\n').toLowerCase();
}

export function findProjectRow(db: Kysely<DB>, id: string) {
  return db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The project with its owner, and the permission `userId` holds on it as a collaborator (if any). */
export function findProjectForUser(db: Kysely<DB>, userId: string, projectId: string) {
  return db
    .selectFrom('projects as p')
    .$call((q) => joinUserContact(q, 'u', 'p.owner_id'))
    .leftJoin('project_collaborators as c', (join) =>
      join.onRef('c.project_id', '=', 'p.id').on('c.user_id', '=', userId),
    )
    .select([...PROJECT_COLUMNS, 'u.name as owner_name', 'u.email as owner_email', 'c.permission'])
    .where('p.id', '=', projectId)
    .executeTakeFirst();
}

export async function insertProject(db: Kysely<DB>, row: Insertable<ProjectsTable>): Promise<void> {
  await db.insertInto('projects').values(row).execute();
}

export async function updateProjectRow(
  db: Kysely<DB>,
  id: string,
  patch: Updateable<ProjectsTable>,
): Promise<void> {
  await db.updateTable('projects').set(patch).where('id', '=', id).execute();
}

export async function deleteProjectRow(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('projects').where('id', '=', id).execute();
}

/** Marks a project as just worked on (the list is ordered by last activity). Pass a transaction to join it. */
export async function touchProject(db: Kysely<DB>, projectId: string): Promise<void> {
  const now = nowIso();
  await db
    .updateTable('projects')
    .set({ last_activity_at: now, updated_at: now })
    .where('id', '=', projectId)
    .execute();
}

export interface CollaboratorRow {
  project_id: string;
  user_id: string;
  permission: CollaboratorPermission;
  role: string;
  created_at: string;
  name: string;
  email: string;
}

/** The collaborators of some projects, oldest first, with their names. */
export async function collaboratorsOf(
  db: Kysely<DB>,
  projectIds: readonly string[],
): Promise<Map<string, CollaboratorRow[]>> {
  const byProject = new Map<string, CollaboratorRow[]>();
  if (projectIds.length === 0) return byProject;
  const rows = await db
    .selectFrom('project_collaborators as c')
    .$call((q) => joinUserContact(q, 'u', 'c.user_id'))
    .select(['c.project_id', 'c.user_id', 'c.permission', 'c.role', 'c.created_at', 'u.name', 'u.email'])
    .where('c.project_id', 'in', projectIds)
    .orderBy('c.created_at', 'asc')
    .orderBy('c.user_id', 'asc')
    .execute();
  for (const row of rows) {
    const list = byProject.get(row.project_id) ?? [];
    list.push(row);
    byProject.set(row.project_id, list);
  }
  return byProject;
}

export function presentCollaborator(row: CollaboratorRow): Collaborator {
  return {
    user: { _id: row.user_id, name: row.name, email: row.email },
    permission: row.permission,
    role: row.role,
    addedAt: row.created_at,
  };
}

export function presentProject(
  row: ProjectListRow,
  collaborators: CollaboratorRow[],
  access: ProjectAccess,
): Project {
  return {
    _id: row.id,
    title: row.title,
    description: row.description ?? '',
    type: row.type as ProjectType,
    status: row.status as ProjectStatus,
    owner: { _id: row.owner_id, name: row.owner_name, email: row.owner_email },
    collaborators: collaborators.map(presentCollaborator),
    metadata: {
      genre: fromJson<string[]>(row.genre, []) as ProjectGenre[],
      targetReleaseDate: row.target_release_date,
      recordLabel: row.record_label,
      producer: row.producer,
      engineer: row.engineer,
      studio: row.studio,
    },
    tags: fromJson<string[]>(row.tags, []),
    trackCount: Number(row.track_count),
    totalDuration: Number(row.total_duration),
    totalFileSize: Number(row.total_file_size),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastActivityAt: row.last_activity_at,
    access,
  };
}
