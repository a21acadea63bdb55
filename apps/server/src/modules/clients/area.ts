// The clients area: a user's client network and the clients' links to projects.
import type { Area } from '../../platform/area.ts';
import { clientsRoutes } from './routes.ts';
import { seedClients } from './seed.ts';
import { clientsUserData } from './user-data.ts';

export const clientsArea: Area = {
  name: 'clients',
  routes: [{ prefix: '/api/clients', plugin: clientsRoutes }],
  seed: seedClients,
  userData: clientsUserData,
};
