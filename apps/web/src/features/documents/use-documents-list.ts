// The documents list's state: search and filters applied 500 ms after the last change (SPEC §4, §9), which
// start again from page 1; the page of documents with the stats over all of them; the SPEC §8 error text.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { FILTER_DEBOUNCE_MS } from '../../lib/use-list-with-demo';
import { type DocumentFilters, documentKeys, EMPTY_FILTERS, fetchDocuments } from './api';
import { listErrorMessage } from './errors';

export function useDocumentsList() {
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<DocumentFilters>(EMPTY_FILTERS);
  const applied = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const [page, setPage] = useState(1);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the applied filters change
  useEffect(() => setPage(1), [applied]);

  const list = useQuery({
    queryKey: documentKeys.list(applied, page),
    queryFn: ({ signal }) => fetchDocuments(applied, page, signal),
    placeholderData: keepPreviousData,
    // A 4xx answers the same way again; a network failure gets one more try.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status >= 400),
  });

  /** Something changed on the server: every page and filter reloads (the stats move too). */
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: documentKeys.lists() }),
    [queryClient],
  );

  const failed = list.isError && !list.isFetching;
  return {
    filters,
    setFilters,
    filtersActive: Object.values(applied).some((v) => v.trim() !== ''),
    setPage,
    data: failed ? undefined : list.data,
    // The first load, or a retry after a failure: placeholders rather than an empty screen.
    loading: list.isPending || (list.isError && list.isFetching),
    refreshing: list.isFetching && !list.isPending,
    errorMessage: failed ? listErrorMessage(list.error) : null,
    retry: () => void list.refetch(),
    refresh,
  };
}
