// The health report the screen shows (SPEC §4 Diagnostics): read on open and, while Auto Refresh is on (the
// default), every DIAGNOSTICS_REFRESH_MS. Turned off, nothing reads it again until Refresh is pressed.
import { DIAGNOSTICS_REFRESH_MS } from '@mixdesk/contract/diagnostics';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { diagnosticsKeys, fetchHealth } from './api';
import { healthErrorMessage } from './errors';

export function useHealthReport() {
  const [autoRefresh, setAutoRefresh] = useState(true);
  const query = useQuery({
    queryKey: diagnosticsKeys.health(),
    queryFn: ({ signal }) => fetchHealth(signal),
    refetchInterval: autoRefresh ? DIAGNOSTICS_REFRESH_MS : false,
    // Polling is the retry: a failed read shows its message at once and the next tick tries again.
    retry: false,
    staleTime: 0,
  });
  // Only a read someone asked for shows on the Refresh button; the polled ones would make it flicker.
  const [manual, setManual] = useState(false);
  const { refetch } = query;
  const refresh = useCallback(async () => {
    setManual(true);
    try {
      await refetch();
    } finally {
      setManual(false);
    }
  }, [refetch]);
  return {
    snapshot: query.data,
    loading: query.isPending && query.isFetching,
    refreshing: manual && query.isFetching,
    // The last read failed: the message stays over the last good report until a read succeeds.
    errorMessage: query.isError ? healthErrorMessage(query.error) : null,
    autoRefresh,
    setAutoRefresh,
    refresh: () => void refresh(),
  };
}
