// The account area: settings, two-factor, devices, export and deletion of the signed-in user's account.
import type { Area } from '../../platform/area.ts';
import { accountRoutes } from './routes.ts';

export const accountArea: Area = {
  name: 'account',
  routes: [{ prefix: '/api/account', plugin: accountRoutes }],
};
