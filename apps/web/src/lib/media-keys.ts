// Query keys of a project's tracks, versions, peaks and files, and what a change to any of them refreshes: the
// media lists themselves and the project's figures (track count, duration, stored bytes) in the header and cards.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { projectKeys } from './projects-api';

export const mediaKeys = {
  all: (projectId: string) => ['media', projectId] as const,
  tracks: (projectId: string) => ['media', projectId, 'tracks'] as const,
  versions: (projectId: string, trackId: string) => ['media', projectId, 'versions', trackId] as const,
  peaks: (versionId: string) => ['peaks', versionId] as const,
  files: (projectId: string) => ['media', projectId, 'files'] as const,
  fileList: (projectId: string, category: string, page: number) =>
    ['media', projectId, 'files', { category, page }] as const,
};

/** Marks the project's media and figures as out of date after a change. */
export function useMediaChanged(projectId: string) {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: mediaKeys.all(projectId) });
    void queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
    void queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
  }, [queryClient, projectId]);
}
