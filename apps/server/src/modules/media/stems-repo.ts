// Queries of a version's stems (issue #36) and its null test: the media area's tables version_stems and
// version_null_tests.
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { leftJoinUser } from '../auth/public.ts';
import { looksLikeId } from './repo.ts';
import type { VersionNullTestsTable, VersionStemsTable } from './tables.ts';

export type StemRow = Selectable<VersionStemsTable>;
export type NullTestRow = Selectable<VersionNullTestsTable>;

/** The stems of these versions, each version's in name order (names are unique per version). */
export function stemRowsOfVersions(db: Kysely<DB>, versionIds: readonly string[]): Promise<StemRow[]> {
  if (versionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('version_stems')
    .selectAll()
    .where('version_id', 'in', versionIds)
    .orderBy('version_id')
    .orderBy('name')
    .execute();
}

export type StemListRow = StemRow & { uploader_name: string | null };

function stems(db: Kysely<DB>) {
  return db
    .selectFrom('version_stems as s')
    .$call((q) => leftJoinUser(q, 'u', 's.uploaded_by'))
    .selectAll('s')
    .select('u.name as uploader_name');
}

/** A version's stems with who uploaded each, in name order. */
export function stemsOfVersion(db: Kysely<DB>, versionId: string): Promise<StemListRow[]> {
  return stems(db).where('s.version_id', '=', versionId).orderBy('s.name').orderBy('s.id').execute();
}

/** One stem of a version; undefined for another version's or an id that is none. */
export function findStemRow(
  db: Kysely<DB>,
  versionId: string,
  stemId: string,
): Promise<StemListRow | undefined> {
  if (!looksLikeId(stemId)) return Promise.resolve(undefined);
  return stems(db).where('s.id', '=', stemId).where('s.version_id', '=', versionId).executeTakeFirst();
}

/** The stem whose audio is the object at `key` (a resumable upload's id names the object it became). */
export function stemWithKey(
  db: Kysely<DB>,
  versionId: string,
  key: string,
): Promise<StemListRow | undefined> {
  return stems(db).where('s.storage_key', '=', key).where('s.version_id', '=', versionId).executeTakeFirst();
}

export async function stemNamesOfVersion(db: Kysely<DB>, versionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('version_stems')
    .select('name')
    .where('version_id', '=', versionId)
    .execute();
  return rows.map((r) => r.name);
}

export async function insertStem(db: Kysely<DB>, row: Insertable<VersionStemsTable>): Promise<void> {
  await db.insertInto('version_stems').values(row).execute();
}

export async function updateStemRow(
  db: Kysely<DB>,
  stemId: string,
  patch: Updateable<VersionStemsTable>,
): Promise<void> {
  await db.updateTable('version_stems').set(patch).where('id', '=', stemId).execute();
}

export async function deleteStemRow(db: Kysely<DB>, stemId: string): Promise<void> {
  await db.deleteFrom('version_stems').where('id', '=', stemId).execute();
}

/** The stored objects of a version's stems, read before its row goes (the stems' rows go with it). */
export async function stemKeysOfVersion(db: Kysely<DB>, versionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('version_stems')
    .select('storage_key')
    .where('version_id', '=', versionId)
    .execute();
  return rows.map((r) => r.storage_key);
}
