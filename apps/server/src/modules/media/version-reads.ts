// What other areas read of tracks and versions as statements of their own (issue #33): a version by its id
// alone (a job's subject), whether it still exists, whether it is a project's, and the versions a scope of a
// project names with their tracks. The queries on tracks and track_versions stay in the media area.
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { looksLikeId, VERSION_COLUMNS } from './repo.ts';
import './tables.ts';

/** A version by its id alone (its peaks left out), for work holding only the id, such as a job's subject. */
export function versionById(db: Kysely<DB>, versionId: string) {
  return db
    .selectFrom('track_versions as v')
    .select(VERSION_COLUMNS)
    .where('v.id', '=', versionId)
    .executeTakeFirst();
}

/** True while the version's row exists (in a transaction holding its project: not deleted meanwhile). */
export async function versionExists(db: Kysely<DB>, versionId: string): Promise<boolean> {
  return Boolean(
    await db.selectFrom('track_versions').select('id').where('id', '=', versionId).executeTakeFirst(),
  );
}

/** The version's id and track when it is one of the project's; undefined otherwise (or for what is no id). */
export async function findVersionOfProject(
  db: Kysely<DB>,
  projectId: string,
  versionId: string,
): Promise<{ id: string; track_id: string } | undefined> {
  if (!looksLikeId(versionId)) return undefined;
  return db
    .selectFrom('track_versions')
    .select(['id', 'track_id'])
    .where('id', '=', versionId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
}

/**
 * Which versions of a project: the version `versionId`; else the current version of the track `trackId`;
 * else the current version of every track.
 */
export interface VersionScope {
  projectId: string;
  trackId: string | null;
  versionId: string | null;
}

/**
 * The versions a scope names, with their track's title and position, in the project's running order; only
 * the version `onlyVersionId` of them when given.
 */
export function versionsInScope(db: Kysely<DB>, scope: VersionScope, onlyVersionId?: string) {
  let query = db
    .selectFrom('track_versions as v')
    .innerJoin('tracks as t', 't.id', 'v.track_id')
    .select([...VERSION_COLUMNS, 't.title as track_title', 't.position as track_position'])
    .where('v.project_id', '=', scope.projectId);
  if (scope.versionId !== null) query = query.where('v.id', '=', scope.versionId);
  else {
    query = query.whereRef('t.current_version_id', '=', 'v.id');
    if (scope.trackId !== null) query = query.where('t.id', '=', scope.trackId);
  }
  if (onlyVersionId !== undefined) query = query.where('v.id', '=', onlyVersionId);
  return query.orderBy('t.position').orderBy('t.id').execute();
}
export type ScopedVersionRow = Awaited<ReturnType<typeof versionsInScope>>[number];

/** What a query starting from tracks may read of them: the project each is in. */
export interface TrackOfProject {
  project_id: string;
}

/**
 * Tracks as `t` (exposing their project only), for the caller to join its projects and count them in one
 * statement of its own (`select count(*) from tracks as t inner join projects as p ...`).
 */
export function fromTracks(
  db: Kysely<DB>,
): SelectQueryBuilder<DB & { t: TrackOfProject }, 't', Record<never, never>> {
  return db.selectFrom('tracks as t');
}
