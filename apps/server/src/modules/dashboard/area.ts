// The dashboard area: the signed-in user's figures, recent work and active jobs.
import type { Area } from '../../platform/area.ts';
import { dashboardRoutes } from './routes.ts';

export const dashboardArea: Area = {
  name: 'dashboard',
  routes: [{ prefix: '/api/dashboard', plugin: dashboardRoutes }],
};
