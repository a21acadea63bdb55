// A track's versions: real audio files, checked by content, measured by ffprobe, with peaks from one full
// decode (a stored job that runs once the upload has answered, peak-jobs.ts), and one version marked current.

import type { MediaTotals, Peaks, Track, TrackVersion } from '@mixdesk/contract/media';
import { VersionUploadFieldsSchema } from '@mixdesk/contract/media-uploads';
import type { Insertable, Kysely } from 'kysely';
import { activityId } from '../../db/activity-ids.ts';
import { type DB, fromJson } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import { enqueueJob, jobQueue } from '../../platform/jobs/jobs.ts';
import { announceActivities } from '../activity/public.ts';
import { audioUpload } from './audio-upload.ts';
import { copyColumns, queueCopies } from './copies.ts';
import { queuePeaks } from './peak-jobs.ts';
import { presentVersion } from './present.ts';
import type { AudioInfo } from './probe.ts';
import { uploadAllowance } from './quota.ts';
import * as repo from './repo.ts';
import { stemKeysOfVersion } from './stems-repo.ts';
import type { TrackVersionsTable } from './tables.ts';
import {
  inProjectTransaction,
  loadTrack,
  removeObjects,
  requireTrack,
  uploadFailure,
} from './tracks-service.ts';
import { type OpenUpload, parseFields, uploadLimit } from './upload.ts';

export { NOT_AUDIO } from './audio-upload.ts';

/** The columns a new version takes from its probed audio, and its waveform job, whoever made it. */
type ProbedColumns =
  | 'mime'
  | 'format'
  | 'duration'
  | 'sample_rate'
  | 'bit_depth'
  | 'channels'
  | 'frames'
  | 'lossless_status'
  | 'compact_status';

/**
 * Records a new version of probed audio (an upload, a master) with its waveform and listening copies queued in
 * the same transaction: its peaks are pending until that job has decoded every sample.
 */
export async function insertProbedVersion(
  trx: Kysely<DB>,
  row: Omit<Insertable<TrackVersionsTable>, ProbedColumns | 'peaks' | 'peaks_status' | 'created_at'>,
  info: AudioInfo,
): Promise<void> {
  await repo.insertVersion(trx, {
    ...row,
    mime: info.mime,
    format: info.format,
    // The container's figure until the waveform job has decoded every sample.
    duration: Math.round(info.duration * 1000) / 1000,
    sample_rate: info.sampleRate,
    bit_depth: info.bitDepth,
    channels: info.channels,
    frames: info.frames,
    peaks: '[]',
    peaks_status: 'pending',
    created_at: nowIso(),
    ...copyColumns(info),
  });
  await queuePeaks(trx, row.id, row.project_id);
  await queueCopies(trx, row.id, row.project_id);
}

interface Ids {
  projectId: string;
  trackId: string;
}

export async function requireVersion(
  ctx: AppContext,
  userId: string,
  ids: Ids & { versionId: string },
  need: 'view' | 'edit',
) {
  const { project, track } = await requireTrack(ctx, userId, ids.projectId, ids.trackId, need);
  const version = await repo.findVersionRow(ctx.db, track.id, ids.versionId);
  if (!version) throw notFound('Version');
  return { project, track, version };
}

export async function listVersions(ctx: AppContext, userId: string, ids: Ids): Promise<TrackVersion[]> {
  const { track } = await requireTrack(ctx, userId, ids.projectId, ids.trackId, 'view');
  const rows = await repo.versionRowsOfTrack(ctx.db, track.id);
  return rows.map((r) => presentVersion(r, track.current_version_id));
}

export async function getVersion(ctx: AppContext, userId: string, ids: Ids & { versionId: string }) {
  const { track, version } = await requireVersion(ctx, userId, ids, 'view');
  return presentVersion(version, track.current_version_id);
}

export async function getPeaks(
  ctx: AppContext,
  userId: string,
  ids: Ids & { versionId: string },
): Promise<Peaks> {
  const { version } = await requireVersion(ctx, userId, ids, 'view');
  const row = await repo.peaksOf(ctx.db, version.id);
  if (!row) throw notFound('Version');
  return {
    status: row.peaks_status,
    peaks: fromJson<number[]>(row.peaks, []),
    duration: Number(row.duration),
  };
}

/** Where a version's audio is, for the streaming endpoint. */
export async function versionAudio(ctx: AppContext, userId: string, ids: Ids & { versionId: string }) {
  const { version } = await requireVersion(ctx, userId, ids, 'view');
  return version;
}

type VersionResult = { version: TrackVersion; track: Track; totals: MediaTotals };

async function result(
  ctx: AppContext,
  projectId: string,
  trackId: string,
  versionId: string,
  totals: MediaTotals,
) {
  const track = await loadTrack(ctx, projectId, trackId);
  const row = await repo.findVersionRow(ctx.db, trackId, versionId);
  if (!row) throw notFound('Version');
  return { version: presentVersion(row, track.currentVersion?._id ?? null), track, totals };
}

/** The version an upload with this id already became (a retried resumable upload's job); null when none. */
export async function madeVersion(
  ctx: AppContext,
  ids: Ids,
  versionId: string,
): Promise<TrackVersion | null> {
  const row = await repo.findVersionRow(ctx.db, ids.trackId, versionId);
  if (!row) return null;
  const track = await loadTrack(ctx, ids.projectId, ids.trackId);
  return presentVersion(row, track.currentVersion?._id ?? null);
}

export async function uploadVersion(
  ctx: AppContext,
  userId: string,
  ids: Ids,
  openUpload: OpenUpload,
): Promise<VersionResult> {
  const { project, track } = await requireTrack(ctx, userId, ids.projectId, ids.trackId, 'edit');
  const allowance = await uploadAllowance(ctx, project.owner_id, uploadLimit(ctx));
  const upload = await openUpload();
  const fields = parseFields(VersionUploadFieldsSchema, upload);
  const versionId = upload.id ?? newId();
  const key = `projects/${project.id}/tracks/${versionId}`;
  const audio = audioUpload(ctx, upload, key, allowance);
  try {
    const { size, info } = await audio.store();
    const { totals } = await inProjectTransaction(
      ctx,
      project.id,
      async (trx) => {
        const now = await repo.findTrackRow(trx, project.id, track.id);
        if (!now) throw notFound('Track');
        const count = (await repo.versionCounts(trx, [track.id])).get(track.id) ?? 0;
        await insertProbedVersion(
          trx,
          {
            id: versionId,
            track_id: track.id,
            project_id: project.id,
            label: fields.label || `Version ${count + 1}`,
            uploaded_by: userId,
            storage_key: key,
            original_name: upload.fileName,
            size,
          },
          info,
        );
        if (!now.current_version_id || fields.makeCurrent === 'true')
          await repo.updateTrackRow(trx, track.id, { current_version_id: versionId, updated_at: nowIso() });
        // Every new version is measured too (modules/analysis runs that job), committed with the version.
        await enqueueJob(trx, {
          kind: 'analysis',
          subjectId: versionId,
          projectId: project.id,
          dedupeKey: 'analysis',
        });
      },
      { quotaOf: project.owner_id },
    );
    const answer = await result(ctx, project.id, track.id, versionId, totals);
    await announceActivities(ctx, [activityId('version_uploaded', versionId)]);
    // Decoding a long file takes longer than receiving it: the answer does not wait for the waveform.
    jobQueue(ctx).kick();
    return answer;
  } catch (err) {
    await audio.abandon();
    throw await uploadFailure(ctx, project.id, err);
  }
}

export async function renameVersion(
  ctx: AppContext,
  userId: string,
  ids: Ids & { versionId: string },
  label: string,
): Promise<VersionResult> {
  const { project, track, version } = await requireVersion(ctx, userId, ids, 'edit');
  const { totals } = await inProjectTransaction(ctx, project.id, async (trx) => {
    await trx.updateTable('track_versions').set({ label }).where('id', '=', version.id).execute();
  });
  return result(ctx, project.id, track.id, version.id, totals);
}

export async function makeCurrent(
  ctx: AppContext,
  userId: string,
  ids: Ids & { versionId: string },
): Promise<VersionResult> {
  const { project, track, version } = await requireVersion(ctx, userId, ids, 'edit');
  const { totals } = await inProjectTransaction(ctx, project.id, async (trx) => {
    if (!(await repo.findVersionRow(trx, track.id, version.id))) throw notFound('Version');
    await repo.updateTrackRow(trx, track.id, { current_version_id: version.id, updated_at: nowIso() });
  });
  return result(ctx, project.id, track.id, version.id, totals);
}

/** Deletes a version; when it was current, the newest remaining version becomes current. */
export async function deleteVersion(
  ctx: AppContext,
  userId: string,
  ids: Ids & { versionId: string },
): Promise<{ track: Track; totals: MediaTotals }> {
  const { project, track, version } = await requireVersion(ctx, userId, ids, 'edit');
  let gone = version;
  let stemKeys: string[] = [];
  const { totals } = await inProjectTransaction(ctx, project.id, async (trx) => {
    const row = await repo.findTrackRow(trx, project.id, track.id);
    const found = await repo.findVersionRow(trx, track.id, version.id);
    if (!row || !found) throw notFound('Version');
    gone = found;
    // Its stems' rows go with it (cascade); their bytes after, with its own.
    stemKeys = await stemKeysOfVersion(trx, version.id);
    await repo.deleteVersionRow(trx, version.id);
    if (row.current_version_id === version.id) {
      const [newest] = await repo.versionRowsOfTrack(trx, track.id);
      await repo.updateTrackRow(trx, track.id, {
        current_version_id: newest?.id ?? null,
        updated_at: nowIso(),
      });
    }
  });
  // The copies' keys as the row had them when it went (a copies job may have stored them since the read).
  await removeObjects(ctx, [...repo.versionKeys(gone), ...stemKeys]);
  return { track: await loadTrack(ctx, project.id, track.id), totals };
}
