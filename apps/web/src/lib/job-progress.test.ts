import { describe, expect, it } from 'vitest';
import { jobFixture } from './job-fixture';
import { applyToActiveJobs, jobPercent, jobProgressText, mergeJob } from './job-progress';

const job = jobFixture;

describe('job progress text', () => {
  it('says a waiting job is queued and a running one how far it is', () => {
    expect(jobProgressText(job({ status: 'queued', progress: 0 }))).toBe('Queued\u2026');
    expect(jobProgressText(job({ progress: 0.404 }))).toBe('Mastering \u00b7 40 %');
    expect(jobProgressText(job({ kind: 'analysis', progress: 0.5 }))).toBe('Measuring \u00b7 50 %');
    expect(jobProgressText(job({ kind: 'peaks', progress: 0.25 }))).toBe('Drawing the waveform \u00b7 25 %');
  });

  it('keeps the percent whole and between 0 and 100', () => {
    expect(jobPercent({ progress: 1.2 })).toBe(100);
    expect(jobPercent({ progress: -0.1 })).toBe(0);
    expect(jobPercent({ progress: 0.999 })).toBe(100);
  });
});

describe('merging job updates', () => {
  it('takes an update of the same job and ignores other jobs', () => {
    expect(mergeJob(job(), job({ progress: 0.8 })).progress).toBe(0.8);
    expect(mergeJob(job(), job({ _id: 'j2', progress: 0.8 })).progress).toBe(0.4);
  });

  it('keeps a finished job finished when a late update says running', () => {
    const done = job({ status: 'done', progress: 1, result: { versionId: 'v2' } });
    expect(mergeJob(done, job({ progress: 0.9 }))).toBe(done);
  });

  it('moves a listed job on and drops it from the list when it finishes', () => {
    const list = [job(), job({ _id: 'j2', kind: 'analysis' })];
    expect(applyToActiveJobs(list, job({ progress: 0.7 }))[0]?.progress).toBe(0.7);
    expect(applyToActiveJobs(list, job({ status: 'failed', error: 'x' })).map((j) => j._id)).toEqual(['j2']);
    expect(applyToActiveJobs(list, job({ _id: 'j9' }))).toBe(list);
  });
});
