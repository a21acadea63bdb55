// The comments area: timestamped comments on a track version, their replies and mentions.
import type { Area } from '../../platform/area.ts';
import { markersRoutes } from './markers-routes.ts';
import { commentsRoutes } from './routes.ts';
import { commentsUserData } from './user-data.ts';

export const commentsArea: Area = {
  name: 'comments',
  routes: [
    { prefix: '/api/projects', plugin: commentsRoutes },
    { prefix: '/api/projects', plugin: markersRoutes },
  ],
  userData: commentsUserData,
};
