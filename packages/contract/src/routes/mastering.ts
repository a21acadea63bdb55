// The mastering route of a version (issue #17), declared once for the server and the web (../routes.ts): a new,
// mastered version of the track, made by a job; the answer is the job, whose progress reaches the project's room.
import { z } from 'zod';
import { MasterRequestSchema } from '../analysis.ts';
import { envelope } from '../envelope.ts';
import { JobSchema } from '../jobs.ts';
import { VersionParamsSchema } from '../media.ts';
import { defineRoutes } from '../routes.ts';

export const masteringRoutes = defineRoutes('mastering', {
  /** The same request while one runs answers with that job. */
  master: {
    method: 'POST',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/master',
    summary: 'Master a version into a new one',
    params: VersionParamsSchema,
    body: MasterRequestSchema,
    status: 202,
    response: envelope(z.object({ job: JobSchema })),
  },
});
