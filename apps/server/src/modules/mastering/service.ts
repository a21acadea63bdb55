// Loudness mastering (issue #17, the AI Mastering quick action): a job that makes a new version of the same
// track at a target loudness under a true-peak ceiling, never touching the original. master-file.ts plans it
// from the version's stored analysis or its own measurement of the original, refuses a target out of reach
// before rendering (the job fails with the reason), and renders until what it made measures on target and
// under the ceiling (issue #32).
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type LoudnessFigures, type MasterRequest, masteredLabel } from '@mixdesk/contract/analysis';
import type { Job } from '@mixdesk/contract/jobs';
import type { AudioFormat } from '@mixdesk/contract/media';
import { activityId } from '../../db/activity-ids.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { enqueueJob, type JobHandler, jobQueue, presentJob } from '../../platform/jobs/jobs.ts';
import { announceActivities } from '../activity/public.ts';
import { keepFigures, storedFigures } from '../analysis/public.ts';
import {
  decoders,
  findTrackRow,
  type findVersionRow,
  inProjectTransaction,
  insertProbedVersion,
  probeAudio,
  requireVersion,
  sniffAudio,
  uploadAllowance,
  uploadLimit,
  versionById,
  withLocalFile,
} from '../media/public.ts';
import { findProjectOwner } from '../projects/public.ts';
import { masterFile } from './master-file.ts';

interface VersionIds {
  projectId: string;
  trackId: string;
  versionId: string;
}

interface MasterPayload extends MasterRequest {
  userId: string;
}

/** Asks for a master; the same request while one is waiting or running answers with that job. */
export async function requestMaster(
  ctx: AppContext,
  userId: string,
  ids: VersionIds,
  request: MasterRequest,
): Promise<Job> {
  const { project, version } = await requireVersion(ctx, userId, ids, 'edit');
  // Twenty presses of the same button are one job; another target is another master.
  const job = await enqueueJob(ctx.db, {
    kind: 'mastering',
    subjectId: version.id,
    projectId: project.id,
    payload: { ...request, userId },
    dedupeKey: `${request.targetLufs}/${request.truePeakDbtp}`,
  });
  jobQueue(ctx).kick();
  return presentJob(job);
}

/** The first bytes of a file, to name its audio family as an upload's would be. */
async function headOf(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(64);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export function masteringJob(ctx: AppContext): JobHandler {
  return async (job, control) => {
    const payload = job.payload as unknown as MasterPayload;
    const original = await versionById(ctx.db, job.subjectId);
    if (!original) throw notFound('Version');
    const d = decoders(ctx.config);
    const shape = {
      format: original.format as AudioFormat,
      sampleRate: Number(original.sample_rate),
      channels: Number(original.channels),
      bitDepth: original.bit_depth === null ? null : Number(original.bit_depth),
      durationSeconds: Number(original.duration),
    };
    const dir = await mkdtemp(path.join(tmpdir(), 'mixdesk-master-'));
    try {
      const output = path.join(dir, `master.${shape.format}`);
      const stored = await storedFigures(ctx.db, original.id);
      const made = await withLocalFile(ctx.storage, original.storage_key, (input) =>
        masterFile(d, input, output, shape, payload, {
          stored,
          onProgress: (f) => control.progress(f),
          signal: control.signal,
        }),
      );
      return { versionId: await keepMaster(ctx, original, output, shape.format, made.figures, payload) };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}

type VersionRow = NonNullable<Awaited<ReturnType<typeof findVersionRow>>>;

/** Stores the render as a new version of the track, with its measured figures as its analysis. */
async function keepMaster(
  ctx: AppContext,
  original: Pick<VersionRow, 'id' | 'project_id' | 'track_id' | 'label' | 'original_name'>,
  file: string,
  format: AudioFormat,
  figures: LoudnessFigures,
  payload: MasterPayload,
): Promise<string> {
  const project = await findProjectOwner(ctx.db, original.project_id);
  if (!project) throw notFound('Project');
  const family = sniffAudio(await headOf(file));
  const info = family ? await probeAudio(decoders(ctx.config), file, family) : null;
  if (!info) throw new Error('The mastered file could not be read back.');
  const allowance = await uploadAllowance(ctx, project.owner_id, uploadLimit(ctx));
  const versionId = newId();
  const key = `projects/${project.id}/tracks/${versionId}`;
  const { size } = await ctx.storage
    .put(key, createReadStream(file), { maxBytes: allowance.maxBytes })
    .catch((err) => {
      throw allowance.explain(err);
    });
  const label = masteredLabel(payload.targetLufs);
  const base = original.original_name.replace(/\.[^.]*$/, '');
  try {
    await inProjectTransaction(
      ctx,
      project.id,
      async (trx) => {
        const track = await findTrackRow(trx, project.id, original.track_id);
        if (!track) throw notFound('Track');
        await insertProbedVersion(
          trx,
          {
            id: versionId,
            track_id: track.id,
            project_id: project.id,
            label,
            uploaded_by: payload.userId,
            storage_key: key,
            original_name: `${base} (${label}).${format}`,
            size,
            mastered_from: original.id,
            mastered_from_label: original.label,
          },
          info,
        );
        await keepFigures(trx, { id: versionId, projectId: project.id }, figures);
      },
      { quotaOf: project.owner_id },
    );
  } catch (err) {
    await ctx.storage.remove(key).catch(() => undefined);
    throw err;
  }
  await announceActivities(ctx, [activityId('version_mastered', versionId)]);
  jobQueue(ctx).kick();
  return versionId;
}
