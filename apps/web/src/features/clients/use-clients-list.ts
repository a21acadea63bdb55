// The clients screen's state (SPEC §4 Clients): loading, then loaded; demo mode with three samples when no token
// is stored (after about 0.8 s) or when the server answers 'Access token required' / 401; any other failure
// shows its message and an empty list. Search and filters apply 500 ms after the last change.
import type { Client, ClientListData } from '@mixdesk/contract/client-responses';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError, api } from '../../lib/api';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { type ClientFilters, clientKeys, EMPTY_FILTERS, fetchClients, PAGE_SIZE } from './api';
import { DEMO_DELAY_MS, demoClients, filterDemo, summarise } from './demo-clients';
import { listErrorMessage, meansDemoMode } from './errors';

export const FILTER_DEBOUNCE_MS = 500;

export type ListMode = 'loading' | 'loaded' | 'error' | 'demo';

export function useClientsList() {
  const queryClient = useQueryClient();
  const [hasToken] = useState(() => api.tokens.get() !== null);
  const [filters, setFilters] = useState<ClientFilters>(EMPTY_FILTERS);
  const applied = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  // Demo mode: null until it starts; then the local sample clients.
  const [demo, setDemo] = useState<Client[] | null>(null);

  // A new search or filter starts again from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the applied filters change
  useEffect(() => setPage(1), [applied]);

  useEffect(() => {
    if (hasToken) return;
    const timer = setTimeout(() => setDemo(demoClients()), DEMO_DELAY_MS);
    return () => clearTimeout(timer);
  }, [hasToken]);

  const key = clientKeys.list(applied, page);
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchClients(applied, page, signal),
    enabled: hasToken && demo === null,
    placeholderData: keepPreviousData,
    // A 4xx (401 included) answers the same way again; a network failure gets one more try.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status >= 400),
  });

  useEffect(() => {
    if (list.error && meansDemoMode(list.error)) setDemo(demoClients());
  }, [list.error]);

  const failure = list.error && !meansDemoMode(list.error) ? list.error : null;
  const mode: ListMode = demo !== null ? 'demo' : failure ? 'error' : list.data ? 'loaded' : 'loading';

  const demoData = useMemo((): ClientListData | undefined => {
    if (!demo) return undefined;
    const shown = filterDemo(demo, applied);
    return {
      clients: shown,
      pagination: { currentPage: 1, totalPages: 1, limit: PAGE_SIZE, totalClients: shown.length },
      summary: summarise(demo),
    };
  }, [demo, applied]);
  const data = mode === 'demo' ? demoData : mode === 'error' ? undefined : list.data;

  /** Shows a change at once on this page, then reloads the list so the summary and order come from the server. */
  const editList = useCallback(
    (change: (d: ClientListData) => ClientListData) => {
      queryClient.setQueryData<ClientListData>(key, (d) => (d ? change(d) : d));
      void queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
    },
    [queryClient, key],
  );

  const added = useCallback(
    (client: Client) => {
      if (demo) return setDemo((d) => [client, ...(d ?? [])]);
      editList((d) => ({
        ...d,
        clients: [client, ...d.clients],
        pagination: { ...d.pagination, totalClients: d.pagination.totalClients + 1 },
        summary: { ...d.summary, total: d.summary.total + 1 },
      }));
    },
    [demo, editList],
  );

  const changed = useCallback(
    (client: Client) => {
      if (demo) return setDemo((d) => (d ?? []).map((c) => (c._id === client._id ? client : c)));
      editList((d) => ({ ...d, clients: d.clients.map((c) => (c._id === client._id ? client : c)) }));
    },
    [demo, editList],
  );

  const removed = useCallback(
    (id: string) => {
      if (demo) return setDemo((d) => (d ?? []).filter((c) => c._id !== id));
      editList((d) => ({
        ...d,
        clients: d.clients.filter((c) => c._id !== id),
        pagination: { ...d.pagination, totalClients: Math.max(0, d.pagination.totalClients - 1) },
        summary: { ...d.summary, total: Math.max(0, d.summary.total - 1) },
      }));
    },
    [demo, editList],
  );

  return {
    mode,
    /** No token: demo mode is about to start. */
    demoPending: !hasToken && demo === null,
    clients: data?.clients ?? [],
    pagination: data?.pagination,
    summary: data?.summary,
    errorMessage: failure ? listErrorMessage(failure) : null,
    /** A newer page or filter result is on its way (the previous one stays on screen meanwhile). */
    refreshing: list.isFetching && mode === 'loaded',
    filters,
    setFilters,
    filtersActive: Object.values(applied).some((v) => v !== ''),
    page,
    setPage,
    retry: () => void list.refetch(),
    added,
    changed,
    removed,
  };
}
