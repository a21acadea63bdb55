// The activity area: a project's feed and the activity rows the database's triggers keep.
import type { Area } from '../../platform/area.ts';
import { activityRoutes } from './routes.ts';

export const activityArea: Area = {
  name: 'activity',
  routes: [{ prefix: '/api', plugin: activityRoutes }],
};
