// GET|POST /api/projects/:id/tracks/:trackId/versions/:versionId/analysis (issue #17): the version's loudness
// analysis, and asking for it again. The work runs as a job; its progress reaches the project's room.
import { AnalysisSchema } from '@mixdesk/contract/analysis';
import { envelope } from '@mixdesk/contract/envelope';
import { JobSchema } from '@mixdesk/contract/jobs';
import { VersionParamsSchema } from '@mixdesk/contract/media';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../platform/auth.ts';
import { getAnalysis, rerunAnalysis } from './service.ts';

const AnalysisResponseSchema = envelope(z.object({ analysis: AnalysisSchema, job: JobSchema.nullable() }));
const PATH = '/:id/tracks/:trackId/versions/:versionId/analysis';

export const analysisRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const ids = (p: { id: string; trackId: string; versionId: string }) => ({
    projectId: p.id,
    trackId: p.trackId,
    versionId: p.versionId,
  });

  app.get(
    PATH,
    {
      preHandler: app.requireAuth,
      schema: { params: VersionParamsSchema, response: { 200: AnalysisResponseSchema } },
    },
    async (request, reply) => {
      const data = await getAnalysis(ctx, authOf(request).user._id, ids(request.params));
      reply.header('cache-control', 'no-store');
      return { success: true as const, message: 'Analysis', data };
    },
  );

  app.post(
    PATH,
    {
      preHandler: app.requireAuth,
      schema: { params: VersionParamsSchema, response: { 202: AnalysisResponseSchema } },
    },
    async (request, reply) => {
      const data = await rerunAnalysis(ctx, authOf(request).user._id, ids(request.params));
      return reply.status(202).send({ success: true as const, message: 'Analysis queued', data });
    },
  );
};
