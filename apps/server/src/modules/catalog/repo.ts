// Queries of the catalog area on its own tables: works, recordings, releases and their tracks. JSON lists are
// written whole (the contract's schemas checked them) and parsed on read.
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { RecordingsTable, ReleasesTable, ReleaseTracksTable, WorksTable } from './tables.ts';

export type WorkRow = Selectable<WorksTable>;
export type RecordingRow = Selectable<RecordingsTable>;
export type ReleaseRow = Selectable<ReleasesTable>;
export type ReleaseTrackRow = Selectable<ReleaseTracksTable>;

const ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** True when `value` looks like one of our ids, so malformed ids never reach a query. */
export const isCatalogId = (value: string) => ID_SHAPE.test(value);

export const parseList = <T>(json: string): T[] => JSON.parse(json) as T[];

// Works

export async function insertWork(db: Kysely<DB>, row: Insertable<WorksTable>): Promise<void> {
  await db.insertInto('works').values(row).execute();
}

export async function updateWork(db: Kysely<DB>, id: string, changes: Updateable<WorksTable>): Promise<void> {
  await db.updateTable('works').set(changes).where('id', '=', id).execute();
}

/** One of the owner's works (locked for update on PostgreSQL when `lock`). */
export function findWork(db: Kysely<DB>, ownerId: string, id: string, lock = false) {
  if (!isCatalogId(id)) return Promise.resolve(undefined);
  const query = db
    .selectFrom('works')
    .selectAll()
    .where('id', '=', id.toLowerCase())
    .where('owner_id', '=', ownerId);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export function worksOf(db: Kysely<DB>, ownerId: string): Promise<WorkRow[]> {
  return db
    .selectFrom('works')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function countWorksOf(db: Kysely<DB>, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('works')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteWork(db: Kysely<DB>, ownerId: string, id: string): Promise<boolean> {
  if (!isCatalogId(id)) return false;
  const result = await db
    .deleteFrom('works')
    .where('id', '=', id.toLowerCase())
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// Recordings

export function recordingOfTrack(db: Kysely<DB>, trackId: string, lock = false) {
  const query = db.selectFrom('recordings').selectAll().where('track_id', '=', trackId);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export function recordingsOfTracks(db: Kysely<DB>, trackIds: readonly string[]): Promise<RecordingRow[]> {
  if (trackIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('recordings').selectAll().where('track_id', 'in', trackIds).execute();
}

/** The recordings of a work, with the tracks they master (for the work's page). */
export function recordingsOfWork(db: Kysely<DB>, workId: string) {
  return db
    .selectFrom('recordings')
    .select(['project_id', 'track_id'])
    .where('work_id', '=', workId)
    .orderBy('created_at')
    .execute();
}

/** The owner's recording holding `isrc`, other than the one on `exceptTrackId`. */
export function recordingWithIsrc(db: Kysely<DB>, ownerId: string, isrc: string, exceptTrackId?: string) {
  let query = db
    .selectFrom('recordings')
    .select(['id', 'track_id', 'project_id'])
    .where('owner_id', '=', ownerId)
    .where('isrc', '=', isrc);
  if (exceptTrackId) query = query.where('track_id', '!=', exceptTrackId);
  return query.executeTakeFirst();
}

export async function insertRecording(db: Kysely<DB>, row: Insertable<RecordingsTable>): Promise<void> {
  await db.insertInto('recordings').values(row).execute();
}

export async function updateRecording(
  db: Kysely<DB>,
  id: string,
  changes: Updateable<RecordingsTable>,
): Promise<void> {
  await db.updateTable('recordings').set(changes).where('id', '=', id).execute();
}

// Releases

export async function insertRelease(db: Kysely<DB>, row: Insertable<ReleasesTable>): Promise<void> {
  await db.insertInto('releases').values(row).execute();
}

export async function updateRelease(
  db: Kysely<DB>,
  id: string,
  changes: Updateable<ReleasesTable>,
): Promise<void> {
  await db.updateTable('releases').set(changes).where('id', '=', id).execute();
}

export function findRelease(db: Kysely<DB>, ownerId: string, id: string, lock = false) {
  if (!isCatalogId(id)) return Promise.resolve(undefined);
  const query = db
    .selectFrom('releases')
    .selectAll()
    .where('id', '=', id.toLowerCase())
    .where('owner_id', '=', ownerId);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export function releasesOf(db: Kysely<DB>, ownerId: string): Promise<ReleaseRow[]> {
  return db
    .selectFrom('releases')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function countReleasesOf(db: Kysely<DB>, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('releases')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteRelease(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('releases').where('id', '=', id).execute();
}

export function tracksOfRelease(db: Kysely<DB>, releaseId: string): Promise<ReleaseTrackRow[]> {
  return db
    .selectFrom('release_tracks')
    .selectAll()
    .where('release_id', '=', releaseId)
    .orderBy('position')
    .execute();
}

/** Track counts of several releases, by release id. */
export async function trackCounts(
  db: Kysely<DB>,
  releaseIds: readonly string[],
): Promise<Map<string, number>> {
  if (releaseIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('release_tracks')
    .select(['release_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('release_id', 'in', releaseIds)
    .groupBy('release_id')
    .execute();
  return new Map(rows.map((r) => [r.release_id, Number(r.n)]));
}

export async function replaceReleaseTracks(
  db: Kysely<DB>,
  releaseId: string,
  tracks: ReadonlyArray<Omit<Insertable<ReleaseTracksTable>, 'release_id'>>,
): Promise<void> {
  await db.deleteFrom('release_tracks').where('release_id', '=', releaseId).execute();
  // A few hundred rows at most (RELEASE_TRACKS_MAX); one statement per 100 stays under SQLite's variable limit.
  for (let i = 0; i < tracks.length; i += 100)
    await db
      .insertInto('release_tracks')
      .values(tracks.slice(i, i + 100).map((t) => ({ ...t, release_id: releaseId })))
      .execute();
}

/** Every stored object the owner's releases name (artwork), for deletion and the storage sweeper. */
export function artworkKeysOf(db: Kysely<DB>, ownerId: string) {
  return db
    .selectFrom('releases')
    .select('artwork_key')
    .where('owner_id', '=', ownerId)
    .where('artwork_key', 'is not', null)
    .execute();
}
