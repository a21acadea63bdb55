// The analysis area: a version's loudness, peak, tempo and key, measured by a job on the app's queue.
import type { Area } from '../../platform/area.ts';
import { analysisRoutes } from './routes.ts';
import { analysisJob } from './service.ts';

export const analysisArea: Area = {
  name: 'analysis',
  routes: [{ prefix: '/api/projects', plugin: analysisRoutes }],
  jobs: (ctx) => [{ kind: 'analysis', run: analysisJob(ctx) }],
};
