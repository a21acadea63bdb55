// Storage per user: the bytes of every project a user owns count against their quota (STORAGE_QUOTA_BYTES),
// whoever uploaded them, and so do the bytes their resumable uploads still receiving have reserved. An upload is refused before its body is read when no room is left, is cut off when
// it outgrows the room there was, and is checked once more where it is recorded, under a lock on the owner,
// so two uploads at once cannot both take the last gigabyte.
import { DEFAULT_STORAGE_QUOTA_BYTES, STORAGE_QUOTA_EXCEEDED } from '@mixdesk/contract/dashboard';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { formatBytes } from '../../platform/storage/storage.ts';
import { lockUserRow } from '../auth/public.ts';
import { bytesStoredBy } from '../projects/public.ts';

export const storageQuota = (ctx: AppContext) => ctx.config.storageQuotaBytes ?? DEFAULT_STORAGE_QUOTA_BYTES;

/** Bytes stored in the projects `ownerId` owns (kept per owner by triggers on the projects' totals, 0015). */
export function storageUsedBy(db: Kysely<DB>, ownerId: string): Promise<number> {
  return bytesStoredBy(db, ownerId);
}

export function quotaExceeded(ctx: AppContext, used: number): AppError {
  const quota = storageQuota(ctx);
  return new AppError('PAYLOAD_TOO_LARGE', STORAGE_QUOTA_EXCEEDED, [
    {
      path: 'file',
      message: `${formatBytes(Math.min(used, quota))} of ${formatBytes(quota)} is used; delete files or versions to make room.`,
    },
  ]);
}

export interface UploadAllowance {
  /** The most the upload may carry: the upload limit, or the room left when that is less. */
  maxBytes: number;
  /** The error to answer for a failed store: "Storage quota exceeded" where the room was the limit. */
  explain(err: unknown): unknown;
}

/** What an upload into the owner's project may carry; refuses at once when no room is left. */
export async function uploadAllowance(
  ctx: AppContext,
  ownerId: string,
  uploadLimit: number,
): Promise<UploadAllowance> {
  const used = (await storageUsedBy(ctx.db, ownerId)) + (await ctx.reservedStorage(ctx.db, ownerId));
  const room = storageQuota(ctx) - used;
  if (room <= 0) throw quotaExceeded(ctx, used);
  const byQuota = room < uploadLimit;
  return {
    maxBytes: Math.min(room, uploadLimit),
    explain: (err) =>
      byQuota && err instanceof AppError && err.code === 'PAYLOAD_TOO_LARGE' ? quotaExceeded(ctx, used) : err,
  };
}

/** Inside the transaction that records an upload, after the project's totals: still within the quota? */
export async function assertWithinQuota(
  ctx: AppContext,
  trx: Kysely<DB>,
  dialect: Dialect,
  ownerId: string,
): Promise<void> {
  // PostgreSQL: one owner's uploads are recorded one at a time (SQLite's writers already are).
  if (dialect === 'postgres') await lockUserRow(trx, ownerId);
  const used = (await storageUsedBy(trx, ownerId)) + (await ctx.reservedStorage(trx, ownerId));
  if (used > storageQuota(ctx)) throw quotaExceeded(ctx, used);
}
