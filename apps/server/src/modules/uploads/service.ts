// Resumable uploads: creating one (who may, how large, the storage it reserves), its chunks, where it stands,
// and ending it. The protocol's headers are read in protocol.ts and the bytes kept in disk-store.ts; when the
// last byte lands the upload is handed to the job queue (finish.ts), which runs today's upload pipeline on it.

import type { Readable } from 'node:stream';
import { AVATAR_MAX_BYTES } from '@mixdesk/contract/profile';
import type { Upload, UploadMetadata } from '@mixdesk/contract/uploads';
import { fromJson } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import { enqueueJob, jobQueue } from '../../platform/jobs/jobs.ts';
import { tooLarge } from '../../platform/storage/storage.ts';
import { lockUserRow } from '../auth/public.ts';
import {
  assertStemRoom,
  findTrackRow,
  findVersionRow,
  quotaExceeded,
  safeFileName,
  safeRelativeName,
  storageQuota,
  uploadLimit,
} from '../media/public.ts';
import { bytesStoredBy, requireProjectAccess } from '../projects/public.ts';
import { chunkLocks } from './chunk-lock.ts';
import { ChunkTooLong } from './disk-store.ts';
import * as repo from './repo.ts';
import { uploadStore } from './store.ts';

export const DEFAULT_UPLOAD_EXPIRY_HOURS = 24;
const expiryMs = (ctx: AppContext) =>
  (ctx.config.uploadExpiryHours ?? DEFAULT_UPLOAD_EXPIRY_HOURS) * 3600_000;

/** The most bytes an upload of `target` may declare. */
export const maxBytesOf = (ctx: AppContext, target: UploadMetadata['target']) =>
  target === 'avatar' ? AVATAR_MAX_BYTES : uploadLimit(ctx);

/**
 * The project the upload goes into, when the caller may edit it (and the track, for a version; the track's
 * version, for a stem): else 404.
 */
async function editableTarget(
  ctx: AppContext,
  userId: string,
  target: {
    projectId: string | null;
    trackId: string | null;
    versionId: string | null;
  },
): Promise<{ ownerId: string } | null> {
  if (target.projectId === null) return null;
  try {
    const { project } = await requireProjectAccess(ctx, userId, target.projectId, 'edit');
    if (target.trackId !== null && !(await findTrackRow(ctx.db, project.id, target.trackId)))
      throw notFound('Track');
    if (target.versionId !== null && !(await findVersionRow(ctx.db, target.trackId ?? '', target.versionId)))
      throw notFound('Version');
    return { ownerId: project.owner_id };
  } catch (err) {
    // Someone who may only view the project learns nothing more than a stranger: the same 404 as for none.
    if (err instanceof AppError && err.code === 'FORBIDDEN') throw notFound('Project');
    throw err;
  }
}

const targetOf = (m: UploadMetadata) => ({
  projectId: m.target === 'avatar' ? null : m.projectId,
  trackId: m.target === 'version' || m.target === 'stem' ? m.trackId : null,
  versionId: m.target === 'stem' ? m.versionId : null,
});

/** A stem upload keeps its version's id among its fields (the table has columns for a project and a track). */
const versionIdOf = (row: repo.UploadRow) =>
  row.target === 'stem' ? (fromJson<Record<string, string>>(row.fields, {}).versionId ?? '') : null;

const fieldsOf = (m: UploadMetadata): Record<string, string> => {
  if (m.target === 'version')
    return {
      ...(m.label === undefined ? {} : { label: m.label }),
      ...(m.makeCurrent === undefined ? {} : { makeCurrent: m.makeCurrent }),
    };
  if (m.target === 'file') return { category: m.category };
  if (m.target === 'stem')
    return {
      versionId: m.versionId,
      ...(m.name === undefined ? {} : { name: m.name }),
      ...(m.role === undefined ? {} : { role: m.role }),
      ...(m.replace === undefined ? {} : { replace: m.replace }),
    };
  return {};
};

/**
 * Creates an upload of `length` bytes: refused at once (413) when the length is past the upload limit or
 * the room left in the project owner's storage, counting the bytes of their other unfinished uploads; its
 * bytes stay reserved until it is done, failed, terminated or expired.
 */
export async function createUpload(
  ctx: AppContext,
  userId: string,
  length: number,
  metadata: UploadMetadata,
): Promise<repo.UploadRow> {
  const maxBytes = maxBytesOf(ctx, metadata.target);
  if (length > maxBytes) throw tooLarge(maxBytes);
  if (length === 0) throw badRequest('The file is empty.');
  const target = targetOf(metadata);
  const owner = await editableTarget(ctx, userId, target);
  // A version full of stems refuses a new one now, not once its bytes have all arrived.
  if (metadata.target === 'stem' && metadata.replace === undefined)
    await assertStemRoom(ctx.db, metadata.versionId);
  const now = nowIso();
  const row: repo.UploadRow = {
    id: newId(),
    user_id: userId,
    target: metadata.target,
    project_id: target.projectId,
    track_id: target.trackId,
    fields: JSON.stringify(fieldsOf(metadata)),
    // A project's file keeps the folders it was dropped in; a version or an avatar is named by its file.
    file_name:
      metadata.target === 'file' ? safeRelativeName(metadata.filename) : safeFileName(metadata.filename),
    file_type: metadata.filetype ?? '',
    length,
    quota_owner_id: owner?.ownerId ?? null,
    status: 'uploading',
    message: null,
    result: null,
    created_at: now,
    updated_at: now,
    expires_at: new Date(Date.parse(now) + expiryMs(ctx)).toISOString(),
  };
  await ctx.db.transaction().execute(async (trx) => {
    if (owner) {
      // PostgreSQL: one owner's reservations are made one at a time (SQLite's writers already are).
      if (ctx.dialect === 'postgres') await lockUserRow(trx, owner.ownerId);
      const taken =
        (await bytesStoredBy(trx, owner.ownerId)) + (await repo.reservedBytesOf(trx, owner.ownerId));
      if (taken + length > storageQuota(ctx)) throw quotaExceeded(ctx, taken);
    }
    await repo.insertUpload(trx, { ...row, fields: String(row.fields), length, result: null });
  });
  try {
    await uploadStore(ctx).createUpload(row.id, length);
  } catch (err) {
    await repo.deleteUpload(ctx.db, row.id);
    throw err;
  }
  return row;
}

/** The caller's upload, still allowed (its project still editable by them); else 404 as for none. */
async function ownUpload(ctx: AppContext, userId: string, id: string): Promise<repo.UploadRow> {
  const row = await repo.findOwnUpload(ctx.db, userId, id);
  if (!row) throw notFound('Upload');
  await editableTarget(ctx, userId, {
    projectId: row.project_id,
    trackId: row.track_id,
    versionId: versionIdOf(row),
  });
  return row;
}

const gone = () =>
  new AppError('GONE', 'This upload has expired and its bytes were removed. Start the upload again.');

const isExpired = (row: repo.UploadRow) =>
  row.status === 'uploading' && Date.parse(row.expires_at) <= Date.now();

/** Where the upload stands: its offset (the bytes on disk, or all of them once complete). */
export async function uploadOffset(ctx: AppContext, userId: string, id: string) {
  const row = await ownUpload(ctx, userId, id);
  if (isExpired(row)) throw gone();
  if (row.status !== 'uploading') return { row, offset: Number(row.length) };
  const offset = await uploadStore(ctx).offsetOf(row.id);
  if (offset === null) throw gone();
  // Every byte is there but the upload is still receiving: the instance that took the last chunk stopped
  // before handing it over. The client asks no more (it has sent everything): hand it over now.
  if (offset === Number(row.length)) await handOver(ctx, row);
  return { row, offset };
}

/**
 * Appends a chunk at `offset`, which must be where the upload stands (409 otherwise, nothing written). The
 * bytes are on the disk before this resolves; the last one hands the upload to the job queue.
 */
export async function writeChunk(
  ctx: AppContext,
  userId: string,
  id: string,
  chunk: { offset: number; declaredBytes: number | null; source: Readable; sha256?: string },
): Promise<{ row: repo.UploadRow; offset: number }> {
  const row = await ownUpload(ctx, userId, id);
  if (isExpired(row)) throw gone();
  if (row.status !== 'uploading') throw conflict('This upload is complete: it takes no more bytes.');
  const locks = chunkLocks(ctx);
  if (!(await locks.acquire(id)))
    throw conflict(
      'Another request is sending bytes of this upload; ask for its offset and go on from there.',
    );
  try {
    const store = uploadStore(ctx);
    const at = await store.offsetOf(id);
    if (at === null) throw gone();
    if (chunk.offset !== at)
      throw conflict(
        `The upload stands at byte ${at}, not ${chunk.offset}: send from there (HEAD answers it).`,
      );
    const remaining = Number(row.length) - at;
    const tooLong = () =>
      new AppError(
        'PAYLOAD_TOO_LARGE',
        `The chunk runs past the upload's declared length (${remaining} bytes left).`,
      );
    if (chunk.declaredBytes !== null && chunk.declaredBytes > remaining) throw tooLong();
    let offset: number;
    try {
      offset = await store.writeChunk(id, at, chunk.source, { maxBytes: remaining, sha256: chunk.sha256 });
    } catch (err) {
      if (err instanceof ChunkTooLong) throw tooLong();
      throw err;
    }
    if (offset === Number(row.length)) await handOver(ctx, row);
    return { row, offset };
  } finally {
    await locks.release(id);
  }
}

/** The last byte landed: the upload is processing, and its job (queued in the same transaction) runs it. */
async function handOver(ctx: AppContext, row: repo.UploadRow): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.moveUpload(trx, row.id, 'uploading', 'processing', { now: nowIso() }))) return;
    await enqueueJob(trx, {
      kind: 'upload',
      subjectId: row.id,
      projectId: row.project_id,
      dedupeKey: 'upload',
    });
  });
  jobQueue(ctx).kick();
}

/** Termination: the upload and its bytes go (not while it is being processed: what it becomes is on its way). */
export async function terminateUpload(ctx: AppContext, userId: string, id: string): Promise<void> {
  const row = await repo.findOwnUpload(ctx.db, userId, id);
  if (!row) throw notFound('Upload');
  if (row.status === 'processing')
    throw conflict('This upload is being processed; it can no longer be cancelled.');
  const locks = chunkLocks(ctx);
  if (!(await locks.acquire(id)))
    throw conflict('A chunk of this upload is being written; cancel it again in a moment.');
  try {
    await repo.deleteUpload(ctx.db, id);
    await uploadStore(ctx).removeUpload(id);
  } finally {
    await locks.release(id);
  }
}

/** The upload as GET /api/uploads/:id shows it. */
export async function uploadStatus(ctx: AppContext, userId: string, id: string): Promise<Upload> {
  const row = await repo.findOwnUpload(ctx.db, userId, id);
  if (!row) throw notFound('Upload');
  let offset = Number(row.length);
  if (row.status === 'uploading') offset = (await uploadStore(ctx).offsetOf(id)) ?? 0;
  const result = fromJson<Record<string, unknown>>(row.result, {});
  return {
    _id: row.id,
    target: row.target,
    status: row.status,
    filename: row.file_name,
    length: Number(row.length),
    offset,
    projectId: row.project_id,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
    ...(row.status === 'failed' ? { message: row.message ?? 'The upload failed.' } : {}),
    ...(row.status === 'done' ? result : {}),
  } as Upload;
}
