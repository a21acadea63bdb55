// The jobs area: a job's state for those who may see its project (the queue itself is platform/jobs/jobs.ts).
import type { Area } from '../../platform/area.ts';
import { jobsRoutes } from './routes.ts';

export const jobsArea: Area = {
  name: 'jobs',
  routes: [{ prefix: '/api/jobs', plugin: jobsRoutes }],
};
