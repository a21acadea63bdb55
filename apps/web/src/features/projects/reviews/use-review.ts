// A version's review state, kept live from review:updated in the project's room.
import type { VersionReviewState } from '@mixdesk/contract/reviews';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { realtime } from '../../../lib/realtime';
import type { VersionRef } from '../comments/api';
import { fetchReview, reviewKeys } from './api';

export function useReview(ref: VersionRef) {
  const client = useQueryClient();
  const { projectId, versionId } = ref;
  const query = useQuery({
    queryKey: reviewKeys.version(versionId),
    queryFn: ({ signal }) => fetchReview(ref, signal),
  });
  useEffect(() => {
    const release = realtime.watchProject(projectId);
    const off = realtime.onLiveEvent('review:updated', (event) => {
      if (event.versionId === versionId)
        client.setQueryData<VersionReviewState>(reviewKeys.version(versionId), event.state);
    });
    return () => {
      off();
      release();
    };
  }, [client, projectId, versionId]);
  return query;
}
