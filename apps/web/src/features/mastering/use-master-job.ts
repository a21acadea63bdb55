// One master of a version, kept live: started with the form's values, moved on by job:updated events from the
// project's room; if no event arrives for 2 s while it waits or runs, the job is read (GET /api/jobs/:id)
// instead. When it is done, the track's versions are read again so the new one is listed and playable.
import type { MasterRequest } from '@mixdesk/contract/analysis';
import type { Job } from '@mixdesk/contract/jobs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { dashboardKeys } from '../../lib/dashboard-api';
import { jobFinished, mergeJob } from '../../lib/job-progress';
import { subscribeJobUpdates } from '../../lib/job-updates';
import { mediaKeys, useMediaChanged } from '../../lib/media-keys';
import type { VersionRef } from '../../lib/tracks-api';
import { fetchVersions } from '../../lib/tracks-api';
import { fetchJob, requestMaster } from './api';
import { madeVersionId } from './master-poll';

export const POLL_MS = 2000;

export interface MadeVersion {
  _id: string;
  label: string;
}

export function useMasterJob(ref: VersionRef) {
  const { projectId, trackId, versionId } = ref;
  const queryClient = useQueryClient();
  const mediaChanged = useMediaChanged(projectId);
  const [job, setJob] = useState<Job | null>(null);
  const [made, setMade] = useState<MadeVersion | null>(null);
  const request = useRef<MasterRequest | null>(null);
  const lastHeardAt = useRef(0);
  const current = useRef<Job | null>(null);
  current.current = job;

  const update = useCallback((next: Job) => {
    lastHeardAt.current = Date.now();
    setJob((current) => (current ? mergeJob(current, next) : current));
  }, []);

  const start = useMutation({
    mutationFn: (input: MasterRequest) => requestMaster({ projectId, trackId, versionId }, input),
    // A retry keeps the failed job on screen (its button busy) until the new one is there.
    onMutate: (input) => {
      request.current = input;
      setMade(null);
    },
    onSuccess: (next) => {
      lastHeardAt.current = Date.now();
      setJob(next);
      // The dashboard's Work under way lists it.
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });

  // Listen from the start, so no event between the answer and the first render is missed.
  useEffect(() => subscribeJobUpdates(projectId, update), [projectId, update]);

  const jobId = job?._id;
  const running = job !== null && !jobFinished(job);
  useEffect(() => {
    if (!running || !jobId) return;
    const poll = async () => update(await fetchJob(jobId));
    const timer = setInterval(() => {
      if (Date.now() - lastHeardAt.current >= POLL_MS)
        poll().catch((error: unknown) => console.warn('Could not check the master', error));
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, jobId, update]);

  // Done: read the versions again (the list on screen and the new one's label).
  const madeId = job?.status === 'done' ? madeVersionId(job) : null;
  useEffect(() => {
    if (!madeId) return;
    let live = true;
    mediaChanged();
    queryClient
      .fetchQuery({
        queryKey: mediaKeys.versions(projectId, trackId),
        queryFn: ({ signal }) => fetchVersions(projectId, trackId, signal),
        staleTime: 0,
      })
      .then((versions) => {
        const version = versions.find((v) => v._id === madeId);
        if (live) setMade({ _id: madeId, label: version?.label ?? 'The mastered version' });
      })
      .catch((error: unknown) => {
        console.warn('Could not read the versions after mastering', error);
        if (live) setMade({ _id: madeId, label: 'The mastered version' });
      });
    return () => {
      live = false;
    };
  }, [madeId, projectId, trackId, mediaChanged, queryClient]);

  const retry = () => {
    if (request.current) start.mutate(request.current);
  };
  const reset = () => {
    start.reset();
    setJob(null);
    setMade(null);
  };

  return { start, job, made, retry, reset, request: request.current };
}
