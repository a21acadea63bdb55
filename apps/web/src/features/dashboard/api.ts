// The dashboard call of SPEC §2 (GET /api/dashboard), parsed with the shared contract, and its query key.
import { DashboardResponseSchema } from '@mixdesk/contract/dashboard';
import { api } from '../../lib/api';

export const dashboardKeys = {
  all: ['dashboard'] as const,
};

export async function fetchDashboard(signal?: AbortSignal) {
  return (await api.get('/api/dashboard', { schema: DashboardResponseSchema, signal })).data;
}
