// One-row reads and writes other areas make of projects and their collaborators (issue #33): each takes the
// executor first (the database, or the caller's transaction to read or write inside it), and runs the
// statement those areas ran before.
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ProjectCollaboratorsTable, ProjectsTable } from './tables.ts';

/** The project's id and owner, or undefined when there is no such project. */
export function findProjectOwner(db: Kysely<DB>, projectId: string) {
  return db.selectFrom('projects').select(['id', 'owner_id']).where('id', '=', projectId).executeTakeFirst();
}

/** The project's owner; throws Kysely's NoResultError when there is no such project. */
export async function projectOwnerId(db: Kysely<DB>, projectId: string): Promise<string> {
  const row = await db
    .selectFrom('projects')
    .select('owner_id')
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  return row.owner_id;
}

/** The project's title, or undefined when there is no such project. */
export async function projectTitleOf(db: Kysely<DB>, projectId: string): Promise<string | undefined> {
  const row = await db.selectFrom('projects').select('title').where('id', '=', projectId).executeTakeFirst();
  return row?.title;
}

/** True while the project's row exists. */
export async function projectExists(db: Kysely<DB>, projectId: string): Promise<boolean> {
  const row = await db.selectFrom('projects').select('id').where('id', '=', projectId).executeTakeFirst();
  return row !== undefined;
}

/** The project's media counters (kept by the media area); throws NoResultError when there is no project. */
export function projectCounters(db: Kysely<DB>, projectId: string) {
  return db
    .selectFrom('projects')
    .select(['track_count', 'total_duration', 'total_file_size'])
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
}

/** Bytes stored in the projects `ownerId` owns (project_owner_stats, kept by triggers: migration 0015). */
export async function bytesStoredBy(db: Kysely<DB>, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('project_owner_stats')
    .select('bytes_total')
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return Number(row?.bytes_total ?? 0);
}

/** True when `userId` is a collaborator of the project (the owner is not one). */
export async function isCollaborator(db: Kysely<DB>, projectId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('project_collaborators')
    .select('user_id')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** How many collaborators the project has. */
export async function collaboratorCount(db: Kysely<DB>, projectId: string): Promise<number> {
  const row = await db
    .selectFrom('project_collaborators')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Adds a collaborator to a project; does nothing when they are one already (whatever their permission). */
export async function addCollaboratorIfAbsent(
  db: Kysely<DB>,
  row: Insertable<ProjectCollaboratorsTable>,
): Promise<void> {
  await db
    .insertInto('project_collaborators')
    .values(row)
    .onConflict((oc) => oc.columns(['project_id', 'user_id']).doNothing())
    .execute();
}

/**
 * Sets columns another area's migration added to the project's row and that area keeps (`projectsWith`: the
 * clients' `client_id`); the projects area's own columns are changed through its own functions.
 */
export async function setProjectColumns<Columns extends object>(
  db: Kysely<DB>,
  projectId: string,
  values: Partial<Columns>,
): Promise<void> {
  await db
    .updateTable('projects')
    .set(values as Updateable<ProjectsTable>)
    .where('id', '=', projectId)
    .execute();
}

/**
 * Sets the figures the media area keeps exact on the project's row (track count, total duration, bytes
 * stored), which it computes from its own tables under the project's lock.
 */
export async function setMediaTotals(
  db: Kysely<DB>,
  projectId: string,
  totals: Pick<Updateable<ProjectsTable>, 'track_count' | 'total_duration' | 'total_file_size'>,
): Promise<void> {
  await db.updateTable('projects').set(totals).where('id', '=', projectId).execute();
}
