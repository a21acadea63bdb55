// A job as the server sends it, for the web's tests: a running master of version v1 unless told otherwise.
import type { Job } from '@mixdesk/contract/jobs';

export const jobFixture = (over: Partial<Job> = {}): Job => ({
  _id: 'j1',
  kind: 'mastering',
  status: 'running',
  progress: 0.4,
  error: null,
  projectId: 'p1',
  subjectId: 'v1',
  createdAt: '2026-01-01T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  result: null,
  ...over,
});
