// The state every list screen shares (SPEC §4 list modes): loading, loaded, error or demo. Filters apply
// 500 ms after the last change and start again from page 1; with no stored token, demo mode starts with local
// samples after about 0.8 s; a refused token switches to demo mode without a word; any other failure is an
// error. Screens add their own data shape and what a change invalidates.
import { keepPreviousData, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError, api } from './api';
import { useDebouncedValue } from './use-debounced-value';

export const FILTER_DEBOUNCE_MS = 500;
export const DEMO_DELAY_MS = 800;

export type ListMode = 'loading' | 'loaded' | 'error' | 'demo';

export interface ListOptions<Item, Data, Filters> {
  emptyFilters: Filters;
  queryKey: (filters: Filters, page: number) => QueryKey;
  fetch: (filters: Filters, page: number, signal: AbortSignal) => Promise<Data>;
  /** Demo mode: the samples, and the screen's data for them under the applied filters. */
  demoSamples: () => Item[];
  demoData: (samples: Item[], applied: Filters) => Data;
  /** Errors that mean "no usable session": demo mode rather than an error. */
  meansDemoMode: (error: unknown) => boolean;
  /** False holds the first load back (the projects screen checks the server's health first). */
  ready?: boolean;
  /** A failure before the list itself (that health check). */
  failure?: unknown;
}

/** Whether a token was stored when the screen opened (no token: demo mode, no calls). */
export function useHadToken(): boolean {
  const [hasToken] = useState(() => api.tokens.get() !== null);
  return hasToken;
}

export function useListWithDemo<Item, Data, Filters extends object>(opts: ListOptions<Item, Data, Filters>) {
  const queryClient = useQueryClient();
  const hasToken = useHadToken();
  const [filters, setFilters] = useState<Filters>(opts.emptyFilters);
  const applied = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  // Demo mode: null until it starts; then the local samples.
  const [demo, setDemo] = useState<Item[] | null>(null);
  const { demoSamples, meansDemoMode, demoData } = opts;

  // A new search or filter starts again from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the applied filters change
  useEffect(() => setPage(1), [applied]);

  useEffect(() => {
    if (hasToken) return;
    const timer = setTimeout(() => setDemo(demoSamples()), DEMO_DELAY_MS);
    return () => clearTimeout(timer);
  }, [hasToken, demoSamples]);

  const key = opts.queryKey(applied, page);
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => opts.fetch(applied, page, signal),
    enabled: hasToken && (opts.ready ?? true) && demo === null,
    placeholderData: keepPreviousData,
    // A 4xx (401 included) answers the same way again; a network failure gets one more try.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status >= 400),
  });

  // A refused token switches to demo mode without a word.
  useEffect(() => {
    if (list.error && meansDemoMode(list.error)) setDemo(demoSamples());
  }, [list.error, meansDemoMode, demoSamples]);

  const failure = opts.failure || (list.error && !meansDemoMode(list.error) ? list.error : null);
  const mode: ListMode = demo !== null ? 'demo' : failure ? 'error' : list.data ? 'loaded' : 'loading';
  const demoView = useMemo(() => (demo ? demoData(demo, applied) : undefined), [demo, applied, demoData]);
  const data = mode === 'demo' ? demoView : mode === 'error' ? undefined : list.data;

  /**
   * Shows a change at once: on the samples in demo mode, else on this page's cached answer. Returns whether
   * the server's data was changed (the caller then marks what else is out of date).
   */
  const edit = useCallback(
    (samples: (items: Item[]) => Item[], page: (data: Data) => Data): boolean => {
      if (demo) {
        setDemo((d) => samples(d ?? []));
        return false;
      }
      queryClient.setQueryData<Data>(key, (d) => (d ? page(d) : d));
      return true;
    },
    [demo, queryClient, key],
  );

  return {
    data,
    key,
    list,
    failure,
    edit,
    /** What every list screen shows and sets, as it is. */
    view: {
      mode,
      /** No token: demo mode is about to start. */
      demoPending: !hasToken && demo === null,
      /** A newer page or filter result is on its way (the previous one stays on screen meanwhile). */
      refreshing: list.isFetching && mode === 'loaded',
      filters,
      setFilters,
      filtersActive: Object.values(applied).some((v) => v !== ''),
      page,
      setPage,
    },
  };
}
