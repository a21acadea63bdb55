// A version's analysis, kept live: read once, then moved on by job:updated events from the project's room; if
// no event arrives for 2 s while it is pending or running, the server is asked again instead.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { subscribeJobUpdates } from '../../lib/job-updates';
import type { VersionRef } from '../../lib/tracks-api';
import { type AnalysisData, analysisKeys, fetchAnalysis, rerunAnalysis } from './api';
import { applyJobUpdate, jobFinished } from './job-state';

export const POLL_MS = 2000;

export function useAnalysis(ref: VersionRef) {
  const { projectId, trackId, versionId } = ref;
  const queryClient = useQueryClient();
  const lastEventAt = useRef(0);
  const query = useQuery({
    queryKey: analysisKeys.version(versionId),
    queryFn: ({ signal }) => fetchAnalysis({ projectId, trackId, versionId }, signal),
  });
  const status = query.data?.analysis.status;
  const busy = status === 'pending' || status === 'running';

  useEffect(() => {
    const key = analysisKeys.version(versionId);
    return subscribeJobUpdates(projectId, (job) => {
      if (job.kind !== 'analysis' || job.subjectId !== versionId) return;
      lastEventAt.current = Date.now();
      queryClient.setQueryData<AnalysisData>(key, (old) => (old ? applyJobUpdate(old, job) : old));
      if (jobFinished(job)) void queryClient.invalidateQueries({ queryKey: key });
    });
  }, [projectId, versionId, queryClient]);

  const { refetch } = query;
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => {
      if (Date.now() - lastEventAt.current >= POLL_MS) void refetch();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [busy, refetch]);

  const rerun = useMutation({
    mutationFn: () => rerunAnalysis({ projectId, trackId, versionId }),
    onSuccess: (data) => queryClient.setQueryData(analysisKeys.version(versionId), data),
  });

  return { query, rerun };
}
