// One project, read once for the project page and its tabs, and how a change to it updates every view.
import type { Project } from '@mixdesk/contract/project-responses';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fetchProject, projectKeys } from '../../lib/projects-api';

export function useProject(id: string) {
  return useQuery({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => fetchProject(id, signal),
  });
}

/** Stores a changed project for the project page and marks every list as out of date. */
export function useProjectSaved() {
  const queryClient = useQueryClient();
  return useCallback(
    (project: Project) => {
      queryClient.setQueryData(projectKeys.detail(project._id), project);
      void queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
    },
    [queryClient],
  );
}
