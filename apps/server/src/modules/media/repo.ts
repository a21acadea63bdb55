// Queries of the media area: tracks, versions, project files, and the project figures they move.
import type { FileCategory, MediaTotals } from '@mixdesk/contract/media';
import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { leftJoinUser } from '../auth/public.ts';
import { projectCounters, projectExists as projectRowExists, setMediaTotals } from '../projects/public.ts';
import type { ProjectFilesTable, TracksTable, TrackVersionsTable } from './tables.ts';

export type TrackRow = Selectable<TracksTable>;
export type VersionRow = Omit<Selectable<TrackVersionsTable>, 'peaks'> & {
  uploader_name: string | null;
};
export type FileRow = Selectable<ProjectFilesTable> & { uploader_name: string | null };

const ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Ids are lower-case UUIDs; anything else is unknown without asking the database. */
export const looksLikeId = (value: string) => ID_SHAPE.test(value);

// Changes inside a project take its row lock first (modules/projects/access.ts).
export { lockProject } from '../projects/public.ts';

/**
 * Sets trackCount, totalDuration (current versions) and totalFileSize (every stored byte: versions with their
 * copies, files, stems) from the rows: summed
 * here, from the media tables, and written on the project's row by the projects area. The caller holds the
 * project's lock (lockProject), so nothing changes between the sums and the write.
 */
export async function recomputeTotals(trx: Kysely<DB>, projectId: string): Promise<MediaTotals> {
  const { rows } = await sql<{
    track_count: number | string;
    total_duration: number | string;
    total_file_size: number | string;
  }>`
    select
      (select count(*) from tracks where project_id = ${projectId}) as track_count,
      (
        select coalesce(sum(v.duration), 0) from tracks t
        inner join track_versions v on v.id = t.current_version_id
        where t.project_id = ${projectId}) as total_duration,
      (select coalesce(sum(size + coalesce(lossless_size, 0) + coalesce(compact_size, 0)), 0)
        from track_versions where project_id = ${projectId})
        + (select coalesce(sum(size), 0) from project_files where project_id = ${projectId})
        + (select coalesce(sum(size), 0) from version_stems where project_id = ${projectId}) as total_file_size
  `.execute(trx);
  const sums = rows[0]!;
  await setMediaTotals(trx, projectId, {
    track_count: Number(sums.track_count),
    total_duration: Number(sums.total_duration),
    total_file_size: Number(sums.total_file_size),
  });
  return readTotals(trx, projectId);
}

export async function readTotals(db: Kysely<DB>, projectId: string): Promise<MediaTotals> {
  const row = await projectCounters(db, projectId);
  return {
    trackCount: Number(row.track_count),
    totalDuration: Number(row.total_duration),
    totalFileSize: Number(row.total_file_size),
  };
}

// Tracks

export function listTrackRows(db: Kysely<DB>, projectId: string, limit: number, offset: number) {
  return db
    .selectFrom('tracks')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('position')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** True while the project's row exists (an upload checks it when its bytes could not be stored). */
export function projectExists(db: Kysely<DB>, projectId: string): Promise<boolean> {
  return projectRowExists(db, projectId);
}

export async function countTracks(db: Kysely<DB>, projectId: string): Promise<number> {
  const row = await db
    .selectFrom('tracks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findTrackRow(db: Kysely<DB>, projectId: string, trackId: string) {
  if (!looksLikeId(trackId)) return Promise.resolve(undefined);
  return db
    .selectFrom('tracks')
    .selectAll()
    .where('id', '=', trackId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
}

export async function nextPosition(db: Kysely<DB>, projectId: string): Promise<number> {
  const row = await db
    .selectFrom('tracks')
    .select((eb) => eb.fn.max('position').as('max'))
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

export async function insertTrack(db: Kysely<DB>, row: Insertable<TracksTable>): Promise<void> {
  await db.insertInto('tracks').values(row).execute();
}

export async function updateTrackRow(db: Kysely<DB>, trackId: string, patch: Updateable<TracksTable>) {
  await db.updateTable('tracks').set(patch).where('id', '=', trackId).execute();
}

export async function deleteTrackRow(db: Kysely<DB>, trackId: string): Promise<void> {
  await db.deleteFrom('tracks').where('id', '=', trackId).execute();
}

/** Gives the listed tracks positions 1..n in that order. */
export async function setPositions(db: Kysely<DB>, orderedIds: string[], now: string): Promise<void> {
  for (const [i, id] of orderedIds.entries()) {
    await db
      .updateTable('tracks')
      .set({ position: i + 1, updated_at: now })
      .where('id', '=', id)
      .execute();
  }
}

export async function trackIdsInOrder(db: Kysely<DB>, projectId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('tracks')
    .select('id')
    .where('project_id', '=', projectId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The versions of a track uploaded before `versionId` (by upload time, then id), with their labels: those whose
 * unresolved threads follow the mix into it (issue #35).
 */
export function versionsBefore(
  db: Kysely<DB>,
  trackId: string,
  versionId: string,
): Promise<{ id: string; label: string }[]> {
  return db
    .selectFrom('track_versions as v')
    .select(['v.id', 'v.label'])
    .where('v.track_id', '=', trackId)
    .where((eb) => {
      const at = eb.selectFrom('track_versions as x').select('x.created_at').where('x.id', '=', versionId);
      return eb.or([
        eb('v.created_at', '<', at),
        eb.and([eb('v.created_at', '=', at), eb('v.id', '<', versionId)]),
      ]);
    })
    .orderBy('v.created_at')
    .orderBy('v.id')
    .execute();
}

// Versions

/** The columns of a version as the area reads it (everything but its peaks). */
export const VERSION_COLUMNS = [
  'v.id',
  'v.track_id',
  'v.project_id',
  'v.label',
  'v.uploaded_by',
  'v.storage_key',
  'v.mime',
  'v.format',
  'v.original_name',
  'v.size',
  'v.duration',
  'v.sample_rate',
  'v.bit_depth',
  'v.channels',
  'v.frames',
  'v.peaks_status',
  'v.created_at',
  'v.mastered_from',
  'v.mastered_from_label',
  'v.lossless_status',
  'v.lossless_key',
  'v.lossless_size',
  'v.compact_status',
  'v.compact_key',
  'v.compact_size',
  'v.compact_bitrate',
  'v.compact_codec',
] as const;

function versions(db: Kysely<DB>) {
  return db
    .selectFrom('track_versions as v')
    .$call((q) => leftJoinUser(q, 'u', 'v.uploaded_by'))
    .select([...VERSION_COLUMNS, 'u.name as uploader_name']);
}

export function versionRowsOfTrack(db: Kysely<DB>, trackId: string): Promise<VersionRow[]> {
  return versions(db)
    .where('v.track_id', '=', trackId)
    .orderBy('v.created_at', 'desc')
    .orderBy('v.id', 'desc')
    .execute();
}

export function versionRowsByIds(db: Kysely<DB>, ids: string[]): Promise<VersionRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return versions(db).where('v.id', 'in', ids).execute();
}

export function findVersionRow(db: Kysely<DB>, trackId: string, versionId: string) {
  if (!looksLikeId(versionId)) return Promise.resolve(undefined);
  return versions(db).where('v.id', '=', versionId).where('v.track_id', '=', trackId).executeTakeFirst();
}

export async function versionCounts(db: Kysely<DB>, trackIds: string[]): Promise<Map<string, number>> {
  if (trackIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('track_versions')
    .select(['track_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('track_id', 'in', trackIds)
    .groupBy('track_id')
    .execute();
  return new Map(rows.map((r) => [r.track_id, Number(r.n)]));
}

export async function insertVersion(db: Kysely<DB>, row: Insertable<TrackVersionsTable>): Promise<void> {
  await db.insertInto('track_versions').values(row).execute();
}

export async function deleteVersionRow(db: Kysely<DB>, versionId: string): Promise<void> {
  await db.deleteFrom('track_versions').where('id', '=', versionId).execute();
}

export function peaksOf(db: Kysely<DB>, versionId: string) {
  return db
    .selectFrom('track_versions')
    .select(['peaks', 'peaks_status', 'duration'])
    .where('id', '=', versionId)
    .executeTakeFirst();
}

/** Every stored object of a track's versions: their originals, listening copies and stems. */
export async function storageKeysOfTrack(db: Kysely<DB>, trackId: string): Promise<string[]> {
  // One after the other: the caller's transaction is one connection.
  const v = await db
    .selectFrom('track_versions')
    .select(['storage_key', 'lossless_key', 'compact_key'])
    .where('track_id', '=', trackId)
    .execute();
  const s = await db
    .selectFrom('version_stems')
    .select('storage_key')
    .where('track_id', '=', trackId)
    .execute();
  return [...v.flatMap(versionKeys), ...s.map((r) => r.storage_key)];
}

/** A version's stored objects: its original and the listening copies made of it. */
export const versionKeys = (r: {
  storage_key: string;
  lossless_key: string | null;
  compact_key: string | null;
}) => [r.storage_key, r.lossless_key, r.compact_key].filter((k): k is string => k !== null);

// Project files

function files(db: Kysely<DB>) {
  return db
    .selectFrom('project_files as f')
    .$call((q) => leftJoinUser(q, 'u', 'f.uploaded_by'))
    .selectAll('f')
    .select('u.name as uploader_name');
}

export function listFileRows(
  db: Kysely<DB>,
  projectId: string,
  category: FileCategory | undefined,
  limit: number,
  offset: number,
): Promise<FileRow[]> {
  let q = files(db).where('f.project_id', '=', projectId);
  if (category) q = q.where('f.category', '=', category);
  return q.orderBy('f.created_at', 'desc').orderBy('f.id', 'desc').limit(limit).offset(offset).execute();
}

export function fileStatsByCategory(db: Kysely<DB>, projectId: string) {
  return db
    .selectFrom('project_files')
    .select([
      'category',
      (eb) => eb.fn.countAll<number>().as('n'),
      (eb) => eb.fn.sum<number>('size').as('bytes'),
    ])
    .where('project_id', '=', projectId)
    .groupBy('category')
    .execute();
}

export function findFileRow(db: Kysely<DB>, projectId: string, fileId: string): Promise<FileRow | undefined> {
  if (!looksLikeId(fileId)) return Promise.resolve(undefined);
  return files(db).where('f.id', '=', fileId).where('f.project_id', '=', projectId).executeTakeFirst();
}

export async function insertFile(db: Kysely<DB>, row: Insertable<ProjectFilesTable>): Promise<void> {
  await db.insertInto('project_files').values(row).execute();
}

export async function updateFileCategory(db: Kysely<DB>, fileId: string, category: FileCategory) {
  await db.updateTable('project_files').set({ category }).where('id', '=', fileId).execute();
}

export async function deleteFileRow(db: Kysely<DB>, fileId: string): Promise<void> {
  await db.deleteFrom('project_files').where('id', '=', fileId).execute();
}

/** Every stored object of a project (versions with their copies and stems, and files). */
export async function storageKeysOfProject(db: Kysely<DB>, projectId: string): Promise<string[]> {
  const [v, f, s] = await Promise.all([
    db
      .selectFrom('track_versions')
      .select(['storage_key', 'lossless_key', 'compact_key'])
      .where('project_id', '=', projectId)
      .execute(),
    db.selectFrom('project_files').select('storage_key').where('project_id', '=', projectId).execute(),
    db.selectFrom('version_stems').select('storage_key').where('project_id', '=', projectId).execute(),
  ]);
  return [...v.flatMap(versionKeys), ...f.map((r) => r.storage_key), ...s.map((r) => r.storage_key)];
}
