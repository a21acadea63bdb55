// The background jobs' route, declared once for the server and the web (../routes.ts): one job as it stands,
// for a screen that lost its live updates.
import { z } from 'zod';
import { envelope } from '../envelope.ts';
import { JobSchema } from '../jobs.ts';
import { defineRoutes } from '../routes.ts';

export const jobRoutes = defineRoutes('job', {
  get: {
    method: 'GET',
    path: '/api/jobs/:id',
    summary: 'Get a background job',
    params: z.object({ id: z.string() }),
    response: envelope(z.object({ job: JobSchema })),
  },
});
