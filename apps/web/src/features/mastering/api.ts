// The mastering call of a version (issue #17), parsed with the shared contract: it answers with the job that
// makes the new version; progress then comes as job:updated events, or by reading the job when none arrives.
import type { MasterRequest } from '@mixdesk/contract/analysis';
import { envelope } from '@mixdesk/contract/envelope';
import { type Job, JobSchema } from '@mixdesk/contract/jobs';
import { z } from 'zod';
import { api } from '../../lib/api';
import type { VersionRef } from '../../lib/tracks-api';

const MasterResponseSchema = envelope(z.object({ job: JobSchema }));
const JobResponseSchema = envelope(z.object({ job: JobSchema }));

const masterPath = ({ projectId, trackId, versionId }: VersionRef) =>
  `/api/projects/${encodeURIComponent(projectId)}/tracks/${encodeURIComponent(trackId)}/versions/${encodeURIComponent(versionId)}/master`;

/** Queues a master of the version (editors and the owner); the same request while one runs gets that job. */
export async function requestMaster(ref: VersionRef, input: MasterRequest): Promise<Job> {
  return (await api.post(masterPath(ref), input, { schema: MasterResponseSchema })).data.job;
}

/** One job as it stands (GET /api/jobs/:id): the fallback when no job:updated arrives. */
export async function fetchJob(jobId: string): Promise<Job> {
  return (await api.get(`/api/jobs/${encodeURIComponent(jobId)}`, { schema: JobResponseSchema })).data.job;
}
