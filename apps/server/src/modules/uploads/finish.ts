// The job (kind 'upload') that makes a complete resumable upload what it was for: its bytes go through exactly
// the pipeline of a single-request upload (the media area's version, stem and file uploads, the profile's avatar:
// access, quota, sniffing, probing, the duration cap, the waveform and analysis jobs), read from the upload's
// file instead of a request. A refusal there (not audio, too long, no room) fails the upload with the same
// message, and keeps nothing; either way the upload's own bytes go. Queued in the transaction that marks the
// upload processing, so a restart or a crash picks it up again.
import type { Readable } from 'node:stream';
import { fromJson } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { nowIso } from '../../platform/ids.ts';
import type { ClaimedJob, JobHandler } from '../../platform/jobs/jobs.ts';
import {
  type IncomingUpload,
  madeFile,
  madeStem,
  madeVersion,
  uploadFile,
  uploadStem,
  uploadVersion,
} from '../media/public.ts';
import { setAvatar } from '../profile/public.ts';
import * as repo from './repo.ts';
import { uploadStore } from './store.ts';

/** The upload's file as the media area receives an upload: its fields, its name, its bytes. */
function incoming(row: repo.UploadRow, stream: Readable, file?: string): IncomingUpload {
  // A stem's version is where it goes, not one of the stem upload's fields.
  const { versionId: _, ...stemFields } = fromJson<Record<string, string>>(row.fields, {});
  return {
    id: row.id,
    // On the disk, the waiting file itself becomes the stored file (no copy), once its head is sniffed.
    ...(file === undefined ? {} : { file: { path: file, size: Number(row.length) } }),
    fields: row.target === 'stem' ? stemFields : fromJson<Record<string, string>>(row.fields, {}),
    fileName: row.file_name,
    stream,
    truncated: () => false,
    discard: () => stream.destroy(),
  };
}

/** What the upload became, as GET /api/uploads/:id shows it once done. */
async function becomeTarget(ctx: AppContext, row: repo.UploadRow): Promise<Record<string, unknown>> {
  const ids = { projectId: row.project_id ?? '', trackId: row.track_id ?? '' };
  const stemIds = { ...ids, versionId: fromJson<Record<string, string>>(row.fields, {}).versionId ?? '' };
  // A try before this one made it and stopped before saying so (a crash): the version or file has the
  // upload's id. (An avatar made twice is the same avatar.)
  if (row.target === 'version') {
    const version = await madeVersion(ctx, ids, row.id);
    if (version) return { version };
  }
  if (row.target === 'file') {
    const file = await madeFile(ctx, ids.projectId, row.id);
    if (file) return { file };
  }
  if (row.target === 'stem') {
    const stem = await madeStem(ctx, stemIds, row.id);
    if (stem) return { stem };
  }
  const store = uploadStore(ctx);
  const stream = await store.readAll(row.id);
  const onDisk = store.localPath?.(row.id);
  try {
    if (row.target === 'version') {
      const { version } = await uploadVersion(ctx, row.user_id, ids, async () =>
        incoming(row, stream, onDisk),
      );
      return { version };
    }
    if (row.target === 'file') {
      const { file } = await uploadFile(ctx, row.user_id, row.project_id ?? '', async () =>
        incoming(row, stream, onDisk),
      );
      return { file };
    }
    if (row.target === 'stem') {
      const { stem } = await uploadStem(ctx, row.user_id, stemIds, async () => incoming(row, stream, onDisk));
      return { stem };
    }
    const profile = await setAvatar(ctx, row.user_id, stream);
    return { avatar: profile.avatar };
  } finally {
    stream.destroy();
  }
}

export function uploadJob(ctx: AppContext): JobHandler {
  return async (job) => {
    const row = await repo.findUpload(ctx.db, job.subjectId);
    if (row?.status !== 'processing') return null;
    try {
      const result = await becomeTarget(ctx, row);
      await repo.moveUpload(ctx.db, row.id, 'processing', 'done', {
        result: JSON.stringify(result),
        now: nowIso(),
      });
    } catch (err) {
      // What today's upload answers a client with is the upload's outcome; anything else is tried again.
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      await repo.moveUpload(ctx.db, row.id, 'processing', 'failed', { message: err.message, now: nowIso() });
    }
    await uploadStore(ctx).removeUpload(row.id);
    return null;
  };
}

/** The job failed for good (its last try threw): the upload failed, and its bytes go. */
export function markUploadFailed(ctx: AppContext) {
  return async (job: ClaimedJob, _reason: string): Promise<void> => {
    await repo.moveUpload(ctx.db, job.subjectId, 'processing', 'failed', {
      message: 'The upload could not be processed. Upload the file again.',
      now: nowIso(),
    });
    await uploadStore(ctx).removeUpload(job.subjectId);
  };
}
