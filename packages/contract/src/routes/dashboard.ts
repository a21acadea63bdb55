// The dashboard's route (SPEC §2 Dashboard), declared once for the server and the web (../routes.ts). The
// web's dashboard is its first screen: this file imports only the module that call already loads.
import { DashboardResponseSchema } from '../dashboard.ts';
import { defineRoutes } from '../routes.ts';

export const dashboardRoutes = defineRoutes('dashboard', {
  get: {
    method: 'GET',
    path: '/api/dashboard',
    summary: 'Get my dashboard',
    response: DashboardResponseSchema,
  },
});
