// The diagnostics area: the services' health and the server's last log lines, for admins.
import type { Area } from '../../platform/area.ts';
import { diagnosticsRoutes } from './routes.ts';

export const diagnosticsArea: Area = {
  name: 'diagnostics',
  routes: [{ prefix: '/api', plugin: diagnosticsRoutes }],
};
