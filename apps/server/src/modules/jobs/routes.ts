// GET /api/jobs/:id: one background job as it stands, for a screen that lost its live updates (a socket that
// dropped). Whoever may view the job's project may read it; anyone else gets the same 404 as for no job.
import { jobRoutes as routes } from '@mixdesk/contract/routes/jobs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../platform/errors.ts';
import { serve } from '../../platform/http/contract-routes.ts';
import { presentJob } from '../../platform/jobs/jobs.ts';
import { authOf } from '../../platform/security/auth.ts';
import { requireProjectAccess } from '../projects/public.ts';

export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  serve(app, routes.get, { preHandler: app.requireAuth }, async (request, reply) => {
    const row = await ctx.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', request.params.id)
      .executeTakeFirst();
    if (!row?.project_id) throw notFound('Job');
    try {
      await requireProjectAccess(ctx, authOf(request).user._id, row.project_id, 'view');
    } catch {
      throw notFound('Job');
    }
    reply.header('cache-control', 'no-store');
    return { success: true as const, message: 'Job', data: { job: presentJob(row) } };
  });
};
