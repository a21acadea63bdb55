// The share-links area: links that let someone without an account listen and comment, and their guests.
import type { Area } from '../../platform/area.ts';
import { sharePublicRoutes } from './public-routes.ts';
import { shareLinksRoutes } from './routes.ts';
import { shareLinksUserData } from './user-data.ts';

export const shareLinksArea: Area = {
  name: 'share-links',
  routes: [
    { prefix: '/api/projects', plugin: shareLinksRoutes },
    { prefix: '/api/share', plugin: sharePublicRoutes },
  ],
  userData: shareLinksUserData,
};
