// The mastering area: a new, mastered version of a track, made by a job on the app's queue.
import type { Area } from '../../platform/area.ts';
import { masteringRoutes } from './routes.ts';
import { masteringJob } from './service.ts';

export const masteringArea: Area = {
  name: 'mastering',
  routes: [{ prefix: '/api/projects', plugin: masteringRoutes }],
  jobs: (ctx) => [{ kind: 'mastering', run: masteringJob(ctx) }],
};
