// The analysis routes of a version (issue #17), declared once for the server and the web (../routes.ts): its
// loudness analysis, and asking for it again. The work runs as a job; its progress reaches the project's room.
import { z } from 'zod';
import { AnalysisSchema } from '../analysis.ts';
import { envelope } from '../envelope.ts';
import { JobSchema } from '../jobs.ts';
import { VersionParamsSchema } from '../media.ts';
import { defineRoutes } from '../routes.ts';

/** The analysis and its newest job (null when none ran). */
const AnalysisResponse = envelope(z.object({ analysis: AnalysisSchema, job: JobSchema.nullable() }));

export const analysisRoutes = defineRoutes('analysis', {
  /** The first read of an older version queues an analysis. */
  get: {
    method: 'GET',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/analysis',
    summary: "Get a version's loudness analysis",
    params: VersionParamsSchema,
    response: AnalysisResponse,
  },
  rerun: {
    method: 'POST',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/analysis',
    summary: 'Analyse a version again',
    params: VersionParamsSchema,
    status: 202,
    response: AnalysisResponse,
  },
});
