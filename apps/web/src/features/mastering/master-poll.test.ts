import type { Job } from '@mixdesk/contract/jobs';
import { describe, expect, it } from 'vitest';
import { jobFixture } from '../../lib/job-fixture';
import { madeVersionId } from './master-poll';

const job = (over: Partial<Job> = {}) => jobFixture({ status: 'queued', progress: 0, ...over });

describe('a finished master', () => {
  it('names the version it made, and none while it runs or after it failed', () => {
    expect(madeVersionId(job({ status: 'done', progress: 1, result: { versionId: 'v2' } }))).toBe('v2');
    expect(madeVersionId(job({ status: 'running', progress: 0.4 }))).toBeNull();
    expect(madeVersionId(job({ status: 'failed', error: 'no', result: null }))).toBeNull();
    expect(madeVersionId(job({ status: 'done', result: { versionId: 42 } }))).toBeNull();
  });
});
