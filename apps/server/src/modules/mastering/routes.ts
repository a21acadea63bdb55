// POST /api/projects/:id/tracks/:trackId/versions/:versionId/master (issue #17): a new, mastered version of the
// track, made by a job; the answer is the job (202), whose progress reaches the project's room.
import { MasterRequestSchema } from '@mixdesk/contract/analysis';
import { envelope } from '@mixdesk/contract/envelope';
import { JobSchema } from '@mixdesk/contract/jobs';
import { VersionParamsSchema } from '@mixdesk/contract/media';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../platform/auth.ts';
import { requestMaster } from './service.ts';

const MasterResponseSchema = envelope(z.object({ job: JobSchema }));

export const masteringRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.post(
    '/:id/tracks/:trackId/versions/:versionId/master',
    {
      preHandler: app.requireAuth,
      schema: {
        params: VersionParamsSchema,
        body: MasterRequestSchema,
        response: { 202: MasterResponseSchema },
      },
    },
    async (request, reply) => {
      const p = request.params;
      const job = await requestMaster(
        ctx,
        authOf(request).user._id,
        { projectId: p.id, trackId: p.trackId, versionId: p.versionId },
        request.body,
      );
      return reply.status(202).send({ success: true as const, message: 'Mastering queued', data: { job } });
    },
  );
};
