// The mastering call of a version (issue #17), as the contract declares it: it answers with the job that makes
// the new version; progress then comes as job:updated events, or by reading the job when none arrives.
import type { MasterRequest } from '@mixdesk/contract/analysis';
import type { Job } from '@mixdesk/contract/jobs';
import { jobRoutes } from '@mixdesk/contract/routes/jobs';
import { masteringRoutes as routes } from '@mixdesk/contract/routes/mastering';
import { call } from '../../lib/call';
import type { VersionRef } from '../../lib/tracks-api';

/** Queues a master of the version (editors and the owner); the same request while one runs gets that job. */
export async function requestMaster(ref: VersionRef, input: MasterRequest): Promise<Job> {
  const { projectId, trackId, versionId } = ref;
  const params = { id: projectId, trackId, versionId };
  return (await call(routes.master, { params, body: input })).data.job;
}

/** One job as it stands (GET /api/jobs/:id): the fallback when no job:updated arrives. */
export async function fetchJob(jobId: string): Promise<Job> {
  return (await call(jobRoutes.get, { params: { id: jobId } })).data.job;
}
