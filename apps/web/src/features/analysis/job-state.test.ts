import type { Analysis } from '@mixdesk/contract/analysis';
import { type Job, JobSchema } from '@mixdesk/contract/jobs';
import { describe, expect, it } from 'vitest';
import type { AnalysisData } from './api';
import { applyJobUpdate } from './job-state';

const job = (patch: Partial<Job> = {}): Job =>
  JobSchema.parse({
    _id: 'job-2',
    kind: 'analysis',
    status: 'running',
    progress: 0.4,
    error: null,
    projectId: 'p1',
    subjectId: 'v1',
    createdAt: '2026-05-12T10:00:00.000Z',
    startedAt: '2026-05-12T10:00:01.000Z',
    finishedAt: null,
    result: null,
    ...patch,
  });

const analysis: Analysis = {
  status: 'pending',
  progress: 0,
  error: null,
  integratedLufs: null,
  loudnessRange: null,
  truePeakDbtp: null,
  samplePeakDbfs: null,
  tempoBpm: null,
  tempoConfidence: null,
  shortTerm: [],
  targets: [],
  analysedAt: null,
};
const data: AnalysisData = { analysis, job: job({ status: 'queued', progress: 0 }) };

describe('a job update on screen', () => {
  it('moves the progress on while the job runs', () => {
    const next = applyJobUpdate(data, job({ progress: 0.4 }));
    expect(next.analysis).toMatchObject({ status: 'running', progress: 0.4 });
  });

  it('stays running at 100 % when the job is done, until the figures are read again', () => {
    const next = applyJobUpdate(data, job({ status: 'done', progress: 1 }));
    expect(next.analysis).toMatchObject({ status: 'running', progress: 1 });
  });

  it('shows the reason when the job fails', () => {
    const next = applyJobUpdate(data, job({ status: 'failed', error: 'The file could not be decoded.' }));
    expect(next.analysis).toMatchObject({ status: 'failed', error: 'The file could not be decoded.' });
  });

  it('ignores a late event from an older job', () => {
    const old = job({ _id: 'job-1', createdAt: '2026-05-12T09:00:00.000Z', status: 'failed', error: 'x' });
    expect(applyJobUpdate(data, old)).toBe(data);
  });
});
