// What a job:updated event changes in the analysis on screen, before the server is asked again.
import type { Job } from '@mixdesk/contract/jobs';
import type { AnalysisData } from './api';

/**
 * The analysis after `job` moved on. A finished job keeps the analysis running at 100 % until its figures have
 * been read again (the caller refetches), so the screen never shows a "done" without figures. Events of an
 * older job than the one on screen change nothing.
 */
export function applyJobUpdate(data: AnalysisData, job: Job): AnalysisData {
  if (job.kind !== 'analysis') return data;
  if (data.job && data.job._id !== job._id && job.createdAt < data.job.createdAt) return data;
  const { analysis } = data;
  if (job.status === 'failed')
    return { job, analysis: { ...analysis, status: 'failed', progress: null, error: job.error } };
  if (job.status === 'done')
    return { job, analysis: { ...analysis, status: 'running', progress: 1, error: null } };
  return {
    job,
    analysis: {
      ...analysis,
      status: job.status === 'queued' ? 'pending' : 'running',
      progress: job.progress,
      error: null,
    },
  };
}

/** The job is over: its figures or its error are ready to be read. */
export const jobFinished = (job: Job) => job.status === 'done' || job.status === 'failed';
