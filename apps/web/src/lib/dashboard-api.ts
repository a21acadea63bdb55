// The dashboard call of SPEC §2 (GET /api/dashboard), parsed with the shared contract, and its query key
// (a master that starts marks it out of date: its Work under way lists the job).
import { DashboardResponseSchema } from '@mixdesk/contract/dashboard';
import { api } from './api';

export const dashboardKeys = {
  all: ['dashboard'] as const,
};

export async function fetchDashboard(signal?: AbortSignal) {
  return (await api.get('/api/dashboard', { schema: DashboardResponseSchema, signal })).data;
}
