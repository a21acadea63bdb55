// How a background job reads on screen (the mastering dialog, the dashboard's Work under way): its kind, its
// progress as a whole percent and a line of text, and how a live update changes a list of running jobs.
import type { Job, JobKind } from '@mixdesk/contract/jobs';

export const JOB_KIND_LABEL: Record<JobKind, string> = {
  analysis: 'Analysis',
  copies: 'Listening copies',
  digests: 'Checksums',
  mastering: 'Mastering',
  'null-test': 'Null test',
  peaks: 'Waveform',
  upload: 'Upload',
};

const VERB: Record<JobKind, string> = {
  analysis: 'Measuring',
  copies: 'Making the listening copies',
  digests: 'Computing checksums',
  mastering: 'Mastering',
  'null-test': 'Summing the stems against the mix',
  peaks: 'Drawing the waveform',
  upload: 'Processing the upload',
};

/** 0–100, whole. */
export const jobPercent = (job: Pick<Job, 'progress'>) =>
  Math.round(Math.min(1, Math.max(0, job.progress)) * 100);

/** "Queued…", "Mastering · 40 %", "Done", "Failed". */
export function jobProgressText(job: Pick<Job, 'kind' | 'status' | 'progress'>): string {
  if (job.status === 'queued') return 'Queued\u2026';
  if (job.status === 'done') return 'Done';
  if (job.status === 'failed') return 'Failed';
  return `${VERB[job.kind]} \u00b7 ${jobPercent(job)} %`;
}

export const jobFinished = (job: Pick<Job, 'status'>) => job.status === 'done' || job.status === 'failed';

/**
 * The job after an update: updates of another job change nothing, and a finished job stays finished (a late
 * poll cannot take it back to running).
 */
export function mergeJob(current: Job, update: Job): Job {
  if (update._id !== current._id || jobFinished(current)) return current;
  return update;
}

/** A list of running jobs after an update: the job moves on, or leaves the list when it has finished. */
export function applyToActiveJobs<T extends Job>(jobs: T[], update: Job): T[] {
  if (!jobs.some((j) => j._id === update._id)) return jobs;
  if (jobFinished(update)) return jobs.filter((j) => j._id !== update._id);
  return jobs.map((j) =>
    j._id === update._id ? { ...j, status: update.status, progress: update.progress } : j,
  );
}
