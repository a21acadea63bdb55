// The projects list's state (SPEC §4 Projects list modes): loading, loaded, error or demo. Filters re-fetch
// 500 ms after the last change; a health check runs before the first load; a created project goes first and a
// deleted one leaves, each moving the count by one.
import type { Project } from '@mixdesk/contract/project-responses';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError, api } from '../../lib/api';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { checkHealth, EMPTY_FILTERS, fetchProjects, type ProjectFilters, projectKeys } from './api';
import { DEMO_DELAY_MS, demoProjects, filterDemo } from './demo-projects';
import { listErrorMessage, meansDemoMode } from './project-errors';

export const FILTER_DEBOUNCE_MS = 500;

export type ListMode = 'loading' | 'loaded' | 'error' | 'demo';

type ListData = Awaited<ReturnType<typeof fetchProjects>>;

export function useProjectsList() {
  const queryClient = useQueryClient();
  const [hasToken] = useState(() => api.tokens.get() !== null);
  const [filters, setFilters] = useState<ProjectFilters>(EMPTY_FILTERS);
  const applied = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  // Demo mode: null until it starts; then the local sample projects.
  const [demo, setDemo] = useState<Project[] | null>(null);

  // A new search or filter starts again from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the applied filters change
  useEffect(() => setPage(1), [applied]);

  useEffect(() => {
    if (hasToken) return;
    const timer = setTimeout(() => setDemo(demoProjects()), DEMO_DELAY_MS);
    return () => clearTimeout(timer);
  }, [hasToken]);

  const health = useQuery({
    queryKey: ['health'],
    queryFn: ({ signal }) => checkHealth(signal),
    enabled: hasToken,
    retry: false,
    staleTime: 60_000,
  });

  const key = projectKeys.list(applied, page);
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchProjects(applied, page, signal),
    enabled: hasToken && health.isSuccess && demo === null,
    placeholderData: keepPreviousData,
    // A 4xx (401 included) answers the same way again; a network failure gets one more try.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status >= 400),
  });

  // A refused token switches to demo mode without a word.
  useEffect(() => {
    if (list.error && meansDemoMode(list.error)) setDemo(demoProjects());
  }, [list.error]);

  const failure = health.error ?? (list.error && !meansDemoMode(list.error) ? list.error : null);
  const mode: ListMode = demo !== null ? 'demo' : failure ? 'error' : list.data ? 'loaded' : 'loading';

  const demoView = useMemo(() => (demo ? filterDemo(demo, applied) : []), [demo, applied]);
  const data: ListData | undefined =
    mode === 'demo'
      ? {
          projects: demoView,
          pagination: { currentPage: 1, totalPages: 1, totalProjects: demoView.length, limit: 12 },
        }
      : mode === 'error'
        ? undefined
        : list.data;

  const editList = useCallback(
    (change: (d: ListData) => ListData) => {
      queryClient.setQueryData<ListData>(key, (d) => (d ? change(d) : d));
      // Other pages and filters are now out of date; they reload when next shown.
      void queryClient.invalidateQueries({ queryKey: projectKeys.lists(), refetchType: 'none' });
    },
    [queryClient, key],
  );

  const added = useCallback(
    (project: Project) => {
      if (demo) return setDemo((d) => [project, ...(d ?? [])]);
      editList((d) => ({
        ...d,
        projects: [project, ...d.projects],
        pagination: { ...d.pagination, totalProjects: d.pagination.totalProjects + 1 },
      }));
    },
    [demo, editList],
  );

  const changed = useCallback(
    (project: Project) => {
      if (demo) return setDemo((d) => (d ?? []).map((p) => (p._id === project._id ? project : p)));
      editList((d) => ({ ...d, projects: d.projects.map((p) => (p._id === project._id ? project : p)) }));
    },
    [demo, editList],
  );

  const removed = useCallback(
    (id: string) => {
      if (demo) return setDemo((d) => (d ?? []).filter((p) => p._id !== id));
      editList((d) => ({
        ...d,
        projects: d.projects.filter((p) => p._id !== id),
        pagination: { ...d.pagination, totalProjects: Math.max(0, d.pagination.totalProjects - 1) },
      }));
      // The next project moves up into the freed place.
      void queryClient.invalidateQueries({ queryKey: key });
    },
    [demo, editList, queryClient, key],
  );

  return {
    mode,
    projects: data?.projects ?? [],
    pagination: data?.pagination,
    errorMessage: failure ? listErrorMessage(failure) : null,
    /** A newer page or filter result is on its way (the previous one stays on screen meanwhile). */
    refreshing: list.isFetching && mode === 'loaded',
    filters,
    setFilters,
    filtersActive: Object.values(applied).some((v) => v !== ''),
    page,
    setPage,
    retry: () => {
      void health.refetch();
      void list.refetch();
    },
    added,
    changed,
    removed,
  };
}
