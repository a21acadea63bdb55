import { ACTIVE_JOBS_COUNT } from '@mixdesk/contract/dashboard';
import type { Job } from '@mixdesk/contract/jobs';
import { describe, expect, it } from 'vitest';
import { finishedFromVersions, jobFromActiveList, LOST_MASTER, madeVersionId } from './master-poll';

const job = (over: Partial<Job> = {}): Job => ({
  _id: 'j1',
  kind: 'mastering',
  status: 'queued',
  progress: 0,
  error: null,
  projectId: 'p1',
  subjectId: 'v1',
  createdAt: '2026-01-01T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  result: null,
  ...over,
});

const version = (over: Partial<{ _id: string; label: string; createdAt: string }> = {}) => ({
  _id: 'v2',
  label: 'Mastered \u221214 LUFS',
  createdAt: '2026-01-01T10:00:05.000Z',
  masteredFrom: { _id: 'v1', label: 'Mix 1' },
  ...over,
});

describe('polling a master', () => {
  it('reads its progress from the jobs under way', () => {
    const seen = jobFromActiveList(job(), [job({ status: 'running', progress: 0.6 })]);
    expect(seen).toMatchObject({ status: 'running', progress: 0.6 });
  });

  it('knows it finished once it has left a list that is not full, and cannot tell from a full one', () => {
    expect(jobFromActiveList(job(), [])).toBeNull();
    const full = Array.from({ length: ACTIVE_JOBS_COUNT }, (_, i) => job({ _id: `other-${i}` }));
    expect(jobFromActiveList(job(), full)).toBe('unknown');
  });

  it('finds the version it made by its label and original', () => {
    const done = finishedFromVersions(job(), [version({ _id: 'v0', label: 'Mix 1' }), version()], -14);
    expect(done).toMatchObject({ status: 'done', progress: 1 });
    expect(madeVersionId(done)).toBe('v2');
  });

  it('says it failed when no such version was made after it was asked for', () => {
    const older = version({ createdAt: '2025-12-31T10:00:00.000Z' });
    expect(finishedFromVersions(job(), [older], -14)).toMatchObject({ status: 'failed', error: LOST_MASTER });
    expect(finishedFromVersions(job(), [version()], -16).status).toBe('failed');
  });
});
