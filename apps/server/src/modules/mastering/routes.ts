// POST /api/projects/:id/tracks/:trackId/versions/:versionId/master (issue #17), as the contract declares it:
// a new, mastered version of the track, made by a job; the answer is the job (202), whose progress reaches
// the project's room.
import { masteringRoutes as routes } from '@mixdesk/contract/routes/mastering';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/contract-routes.ts';
import { authOf } from '../../platform/security/auth.ts';
import { requestMaster } from './service.ts';

export const masteringRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  serve(app, routes.master, { preHandler: app.requireAuth }, async (request, reply) => {
    const p = request.params;
    const job = await requestMaster(
      ctx,
      authOf(request).user._id,
      { projectId: p.id, trackId: p.trackId, versionId: p.versionId },
      request.body,
    );
    return reply.status(202).send({ success: true as const, message: 'Mastering queued', data: { job } });
  });
};
