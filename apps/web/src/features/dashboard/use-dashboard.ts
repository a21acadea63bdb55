// The dashboard's figures and lists. Read again on every visit (it sums up what changed elsewhere), while the
// last copy stays on screen; a failure keeps that copy and says why.
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { dashboardKeys, fetchDashboard } from '../../lib/dashboard-api';

export const UNREACHABLE = 'Unable to connect to the server. Please check your internet connection.';

/** The error panel's text: the server's own message, or what a missing answer means. */
export function dashboardErrorMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 0 || error.status === 408)) return UNREACHABLE;
  return error instanceof Error && error.message ? error.message : 'Failed to load the dashboard';
}

export function useDashboard() {
  const query = useQuery({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) => fetchDashboard(signal),
    staleTime: 0,
  });
  const failed = query.isError && !query.isFetching;
  return {
    data: query.data,
    // The first load, or a retry after a failure with nothing to show: placeholders.
    loading: query.data === undefined && (query.isPending || query.isFetching) && !failed,
    errorMessage: failed ? dashboardErrorMessage(query.error) : null,
    retry: () => void query.refetch(),
  };
}
