// The analysis calls of a version (issue #17), as the contract declares them, and their query keys.
import type { Answer } from '@mixdesk/contract/routes';
import { analysisRoutes as routes } from '@mixdesk/contract/routes/analysis';
import { call } from '../../lib/call';
import type { VersionRef } from '../../lib/tracks-api';

export type AnalysisData = Answer<typeof routes.get>['data'];

export const analysisKeys = {
  version: (versionId: string) => ['analysis', versionId] as const,
};

const params = ({ projectId, trackId, versionId }: VersionRef) => ({ id: projectId, trackId, versionId });

/** The version's analysis and its newest job; the first read of an older version queues one. */
export async function fetchAnalysis(ref: VersionRef, signal?: AbortSignal): Promise<AnalysisData> {
  return (await call(routes.get, { params: params(ref) }, { signal })).data;
}

/** Measures the version again (editors and the owner). */
export async function rerunAnalysis(ref: VersionRef): Promise<AnalysisData> {
  return (await call(routes.rerun, { params: params(ref) })).data;
}
