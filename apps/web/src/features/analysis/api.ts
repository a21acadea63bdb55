// The analysis calls of a version (issue #17), parsed with the shared contract, and their query keys.
import { AnalysisSchema } from '@mixdesk/contract/analysis';
import { envelope } from '@mixdesk/contract/envelope';
import { JobSchema } from '@mixdesk/contract/jobs';
import { z } from 'zod';
import { api } from '../../lib/api';
import type { VersionRef } from '../../lib/tracks-api';

const AnalysisResponseSchema = envelope(z.object({ analysis: AnalysisSchema, job: JobSchema.nullable() }));
export type AnalysisData = z.infer<typeof AnalysisResponseSchema>['data'];

export const analysisKeys = {
  version: (versionId: string) => ['analysis', versionId] as const,
};

const analysisPath = ({ projectId, trackId, versionId }: VersionRef) =>
  `/api/projects/${encodeURIComponent(projectId)}/tracks/${encodeURIComponent(trackId)}/versions/${encodeURIComponent(versionId)}/analysis`;

/** The version's analysis and its newest job; the first read of an older version queues one. */
export async function fetchAnalysis(ref: VersionRef, signal?: AbortSignal): Promise<AnalysisData> {
  return (await api.get(analysisPath(ref), { schema: AnalysisResponseSchema, signal })).data;
}

/** Measures the version again (editors and the owner). */
export async function rerunAnalysis(ref: VersionRef): Promise<AnalysisData> {
  return (await api.post(analysisPath(ref), undefined, { schema: AnalysisResponseSchema })).data;
}
