// The projects list's state (SPEC §4 Projects list modes), on the shared list state (lib/use-list-with-demo):
// a health check runs before the first load; a created project goes first and a deleted one leaves, each
// moving the count by one.
import type { Project } from '@mixdesk/contract/project-responses';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  checkHealth,
  EMPTY_FILTERS,
  fetchProjects,
  type ProjectFilters,
  projectKeys,
} from '../../lib/projects-api';
import { useHadToken, useListWithDemo } from '../../lib/use-list-with-demo';
import { demoProjects, filterDemo } from './demo-projects';
import { listErrorMessage, meansDemoMode } from './project-errors';

type ListData = Awaited<ReturnType<typeof fetchProjects>>;

const demoData = (samples: Project[], applied: ProjectFilters): ListData => {
  const projects = filterDemo(samples, applied);
  return {
    projects,
    pagination: { currentPage: 1, totalPages: 1, totalProjects: projects.length, limit: 12 },
  };
};

export function useProjectsList() {
  const queryClient = useQueryClient();
  const hasToken = useHadToken();
  const health = useQuery({
    queryKey: ['health'],
    queryFn: ({ signal }) => checkHealth(signal),
    enabled: hasToken,
    retry: false,
    staleTime: 60_000,
  });
  const state = useListWithDemo<Project, ListData, ProjectFilters>({
    emptyFilters: EMPTY_FILTERS,
    queryKey: projectKeys.list,
    fetch: fetchProjects,
    demoSamples: demoProjects,
    demoData,
    meansDemoMode,
    ready: health.isSuccess,
    failure: health.error,
  });
  const { edit, key } = state;

  const changedList = useCallback(() => {
    // Other pages and filters are now out of date; they reload when next shown.
    void queryClient.invalidateQueries({ queryKey: projectKeys.lists(), refetchType: 'none' });
  }, [queryClient]);

  const added = useCallback(
    (project: Project) => {
      const server = edit(
        (items) => [project, ...items],
        (d) => ({
          ...d,
          projects: [project, ...d.projects],
          pagination: { ...d.pagination, totalProjects: d.pagination.totalProjects + 1 },
        }),
      );
      if (server) changedList();
    },
    [edit, changedList],
  );

  const changed = useCallback(
    (project: Project) => {
      const replace = (p: Project) => (p._id === project._id ? project : p);
      const server = edit(
        (items) => items.map(replace),
        (d) => ({ ...d, projects: d.projects.map(replace) }),
      );
      if (server) changedList();
    },
    [edit, changedList],
  );

  const removed = useCallback(
    (id: string) => {
      const server = edit(
        (items) => items.filter((p) => p._id !== id),
        (d) => ({
          ...d,
          projects: d.projects.filter((p) => p._id !== id),
          pagination: { ...d.pagination, totalProjects: Math.max(0, d.pagination.totalProjects - 1) },
        }),
      );
      if (!server) return;
      changedList();
      // The next project moves up into the freed place.
      void queryClient.invalidateQueries({ queryKey: key });
    },
    [edit, changedList, queryClient, key],
  );

  return {
    ...state.view,
    projects: state.data?.projects ?? [],
    pagination: state.data?.pagination,
    errorMessage: state.failure ? listErrorMessage(state.failure) : null,
    retry: () => {
      void health.refetch();
      void state.list.refetch();
    },
    added,
    changed,
    removed,
  };
}
