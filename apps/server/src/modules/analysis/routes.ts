// GET|POST /api/projects/:id/tracks/:trackId/versions/:versionId/analysis (issue #17), as the contract
// declares them: the version's loudness analysis, and asking for it again. The work runs as a job; its
// progress reaches the project's room.
import { analysisRoutes as routes } from '@mixdesk/contract/routes/analysis';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/contract-routes.ts';
import { authOf } from '../../platform/security/auth.ts';
import { getAnalysis, rerunAnalysis } from './service.ts';

export const analysisRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };
  const ids = (p: { id: string; trackId: string; versionId: string }) => ({
    projectId: p.id,
    trackId: p.trackId,
    versionId: p.versionId,
  });

  serve(app, routes.get, auth, async (request, reply) => {
    const data = await getAnalysis(ctx, authOf(request).user._id, ids(request.params));
    reply.header('cache-control', 'no-store');
    return { success: true as const, message: 'Analysis', data };
  });

  serve(app, routes.rerun, auth, async (request, reply) => {
    const data = await rerunAnalysis(ctx, authOf(request).user._id, ids(request.params));
    return reply.status(202).send({ success: true as const, message: 'Analysis queued', data });
  });
};
