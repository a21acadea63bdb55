// A version's loudness analysis: read with its latest job's state, re-run on request, and run as a job
// (queued for every new version by the upload, and for an older version the first time it is asked for).
import { type Analysis, checkTargets, type LoudnessFigures } from '@mixdesk/contract/analysis';
import type { Job } from '@mixdesk/contract/jobs';
import type { AudioFormat } from '@mixdesk/contract/media';
import type { Kysely } from 'kysely';
import { type DB, fromJson } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { enqueueJob, type JobHandler, type JobRow, jobQueue, presentJob } from '../../platform/jobs/jobs.ts';
import { decoders, requireVersion, versionById, withLocalFile } from '../media/public.ts';
import { analyseFile } from './analyse.ts';
import { keepFigures } from './figures.ts';
import './tables.ts';

interface VersionIds {
  projectId: string;
  trackId: string;
  versionId: string;
}

const EMPTY: LoudnessFigures = {
  integratedLufs: null,
  loudnessRange: null,
  truePeakDbtp: null,
  samplePeakDbfs: null,
  tempoBpm: null,
  tempoConfidence: null,
  shortTerm: [],
};

/** The newest analysis job of a version, if any. */
function latestJob(db: Kysely<DB>, versionId: string): Promise<JobRow | undefined> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('subject_id', '=', versionId)
    .where('kind', '=', 'analysis')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Queues an analysis of a version unless one is already waiting or running (then that one is the answer). */
export function queueAnalysis(db: Kysely<DB>, versionId: string, projectId: string): Promise<JobRow> {
  return enqueueJob(db, { kind: 'analysis', subjectId: versionId, projectId, dedupeKey: 'analysis' });
}

function present(
  row: { figures: unknown; analysed_at: string } | undefined,
  job: JobRow | undefined,
): Analysis {
  const figures = row ? fromJson<LoudnessFigures>(row.figures as string, EMPTY) : EMPTY;
  const running = job && (job.status === 'queued' || job.status === 'running');
  const status = running
    ? job.status === 'queued'
      ? 'pending'
      : 'running'
    : job?.status === 'failed'
      ? 'failed'
      : row
        ? 'done'
        : 'pending';
  return {
    ...figures,
    status,
    progress: running ? Number(job.progress) : null,
    error: status === 'failed' ? (job?.error ?? 'The analysis failed.') : null,
    targets: checkTargets(figures.integratedLufs, figures.truePeakDbtp),
    analysedAt: row?.analysed_at ?? null,
  };
}

async function read(ctx: AppContext, versionId: string): Promise<{ analysis: Analysis; job: Job | null }> {
  const [row, job] = await Promise.all([
    ctx.db
      .selectFrom('version_analyses')
      .select(['figures', 'analysed_at'])
      .where('version_id', '=', versionId)
      .executeTakeFirst(),
    latestJob(ctx.db, versionId),
  ]);
  return { analysis: present(row, job), job: job ? presentJob(job) : null };
}

export async function getAnalysis(ctx: AppContext, userId: string, ids: VersionIds) {
  const { project, version } = await requireVersion(ctx, userId, ids, 'view');
  const found = await read(ctx, version.id);
  // A version from before analysis existed is analysed the first time someone looks.
  if (!found.job && found.analysis.analysedAt === null) {
    await queueAnalysis(ctx.db, version.id, project.id);
    jobQueue(ctx).kick();
    return read(ctx, version.id);
  }
  return found;
}

export async function rerunAnalysis(ctx: AppContext, userId: string, ids: VersionIds) {
  const { project, version } = await requireVersion(ctx, userId, ids, 'edit');
  await queueAnalysis(ctx.db, version.id, project.id);
  jobQueue(ctx).kick();
  return read(ctx, version.id);
}

/** The job: decode the version's file once, measure it, keep the figures. */
export function analysisJob(ctx: AppContext): JobHandler {
  return async (job, control) => {
    const version = await versionById(ctx.db, job.subjectId);
    if (!version) throw notFound('Version');
    const figures = await withLocalFile(ctx.storage, version.storage_key, (file) =>
      analyseFile(
        decoders(ctx.config),
        file,
        {
          format: version.format as AudioFormat,
          sampleRate: Number(version.sample_rate),
          channels: Number(version.channels),
          durationSeconds: Number(version.duration),
        },
        (fraction) => control.progress(fraction),
        control.signal,
      ),
    );
    await keepFigures(ctx.db, { id: version.id, projectId: version.project_id }, figures);
  };
}
