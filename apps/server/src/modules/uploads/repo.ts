// The uploads table's queries (its owner is this area): one upload's row, the bytes reserved for a quota
// owner, the moves between statuses, and the rows the sweep and a restart look for.
import type { UploadStatus } from '@mixdesk/contract/uploads';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { UploadsTable } from './tables.ts';
import './tables.ts';

export type UploadRow = Selectable<UploadsTable>;

export function insertUpload(db: Kysely<DB>, row: Insertable<UploadsTable>): Promise<unknown> {
  return db.insertInto('uploads').values(row).execute();
}

/** The upload when it is `userId`'s (anyone else's is as good as missing). */
export function findOwnUpload(db: Kysely<DB>, userId: string, id: string): Promise<UploadRow | undefined> {
  return db
    .selectFrom('uploads')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findUpload(db: Kysely<DB>, id: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Bytes declared by the owner's uploads in `statuses`: those still receiving (the media area's quota counts
 * them), and those processing too (a new upload's check counts them: their version is not recorded yet).
 */
export async function reservedBytesOf(
  db: Kysely<DB>,
  quotaOwnerId: string,
  statuses: readonly UploadStatus[] = ['uploading', 'processing'],
): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select((eb) => eb.fn.sum<number | string | null>('length').as('bytes'))
    .where('quota_owner_id', '=', quotaOwnerId)
    .where('status', 'in', [...statuses])
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/**
 * Moves the upload from `from` to `to` (with its message and result); false when it was not in `from`
 * (another request moved it first), so each move happens once.
 */
export async function moveUpload(
  db: Kysely<DB>,
  id: string,
  from: UploadStatus,
  to: UploadStatus,
  extra: { message?: string | null; result?: string | null; now: string },
): Promise<boolean> {
  const res = await db
    .updateTable('uploads')
    .set({
      status: to,
      updated_at: extra.now,
      ...(extra.message === undefined ? {} : { message: extra.message }),
      ...(extra.result === undefined ? {} : { result: extra.result }),
    })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export function deleteUpload(db: Kysely<DB>, id: string): Promise<unknown> {
  return db.deleteFrom('uploads').where('id', '=', id).execute();
}

/** Uploads still uploading whose time ran out before `now`, oldest first. */
export function expiredUploads(db: Kysely<DB>, now: string, limit: number): Promise<{ id: string }[]> {
  return db
    .selectFrom('uploads')
    .select('id')
    .where('status', '=', 'uploading')
    .where('expires_at', '<', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

/** Every upload id still waiting for bytes or processing: their files are kept. */
export async function liveUploadIds(db: Kysely<DB>, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('uploads')
    .select('id')
    .where('id', 'in', ids)
    .where('status', 'in', ['uploading', 'processing'])
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Every upload of the person, oldest first. */
export function uploadsOf(db: Kysely<DB>, userId: string): Promise<UploadRow[]> {
  return db
    .selectFrom('uploads')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
