// The dashboard call of SPEC §2 (GET /api/dashboard), parsed with the shared contract, and its query key
// (a master that starts marks it out of date: its Work under way lists the job).
import { dashboardRoutes as routes } from '@mixdesk/contract/routes/dashboard';
import { call } from './call';

export const dashboardKeys = {
  all: ['dashboard'] as const,
};

export async function fetchDashboard(signal?: AbortSignal) {
  return (await call(routes.get, {}, { signal })).data;
}
