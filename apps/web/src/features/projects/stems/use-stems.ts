// A version's stems and its null test, kept live: read once, then the null test moved on by job:updated events
// of its job (kind 'null-test', subject the version) from the project's room; if no event arrives for 2 s
// while it is queued or running, the server is asked again instead. A finished job reads the list again (its
// figures, and the stems' issues).
import type { NullTest } from '@mixdesk/contract/stems';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { subscribeJobUpdates } from '../../../lib/job-updates';
import type { VersionRef } from '../../../lib/tracks-api';
import {
  deleteStem,
  fetchNullTest,
  fetchStems,
  runNullTest,
  type StemList,
  stemKeys,
  updateStem,
} from './api';
import { applyNullTestJob } from './null-test-view';

export const POLL_MS = 2000;

export function useStems(ref: VersionRef) {
  const { projectId, trackId, versionId } = ref;
  const queryClient = useQueryClient();
  const lastEventAt = useRef(0);
  /** The running job's progress (0–1) from its events; null when none came. */
  const [progress, setProgress] = useState<number | null>(null);

  const query = useQuery({
    queryKey: stemKeys.list(versionId),
    queryFn: ({ signal }) => fetchStems({ projectId, trackId, versionId }, signal),
  });
  const status = query.data?.nullTest.status;
  const busy = status === 'queued' || status === 'running';

  const setNullTest = useCallback(
    (change: (test: NullTest) => NullTest) =>
      queryClient.setQueryData<StemList>(stemKeys.list(versionId), (old) =>
        old ? { ...old, nullTest: change(old.nullTest) } : old,
      ),
    [queryClient, versionId],
  );

  useEffect(
    () =>
      subscribeJobUpdates(projectId, (job) => {
        if (job.kind !== 'null-test' || job.subjectId !== versionId) return;
        lastEventAt.current = Date.now();
        setProgress(job.status === 'running' ? job.progress : null);
        setNullTest((test) => applyNullTestJob(test, job));
        if (job.status === 'done' || job.status === 'failed')
          void queryClient.invalidateQueries({ queryKey: stemKeys.list(versionId) });
      }),
    [projectId, versionId, queryClient, setNullTest],
  );

  // No event for a while (the realtime connection down, or the event missed): ask for the null test.
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => {
      if (Date.now() - lastEventAt.current < POLL_MS) return;
      fetchNullTest({ projectId, trackId, versionId }).then(
        (test) => {
          setNullTest(() => test);
          // Finished meanwhile: the stems' issues may have changed with it.
          if (test.status === 'done' || test.status === 'failed')
            void queryClient.invalidateQueries({ queryKey: stemKeys.list(versionId) });
        },
        (error: unknown) => console.warn('The null test could not be read', error),
      );
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [busy, projectId, trackId, versionId, queryClient, setNullTest]);

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: stemKeys.list(versionId) }),
    [queryClient, versionId],
  );

  const rerun = useMutation({
    mutationFn: () => runNullTest({ projectId, trackId, versionId }),
    onSuccess: (test) => {
      setProgress(null);
      setNullTest(() => test);
    },
  });

  const update = useMutation({
    mutationFn: (v: { stemId: string; name?: string; role?: string | null }) =>
      updateStem({ projectId, trackId, versionId }, v.stemId, { name: v.name, role: v.role }),
    onSuccess: (stem) =>
      queryClient.setQueryData<StemList>(stemKeys.list(versionId), (old) =>
        old ? { ...old, stems: old.stems.map((s) => (s._id === stem._id ? stem : s)) } : old,
      ),
  });

  const remove = (stemId: string) => deleteStem({ projectId, trackId, versionId }, stemId);

  return { query, progress, refresh, rerun, update, remove };
}
