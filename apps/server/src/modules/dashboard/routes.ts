// GET /api/dashboard (SPEC §2 Dashboard): the signed-in user's figures, last five projects by activity and
// the recent activity, and the analyses and masters under way, in one call, answered from a cache that the
// database's versions keep current (cache.ts).
import { RECENT_PROJECTS_COUNT } from '@mixdesk/contract/dashboard';
import { dashboardRoutes as routes } from '@mixdesk/contract/routes/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/http/contract-routes.ts';
import { authOf } from '../../platform/security/auth.ts';
import { recentActivity } from '../activity/public.ts';
import { listProjects } from '../projects/public.ts';
import { activeJobs } from './active-jobs.ts';
import { dashboardJson } from './cache.ts';
import { dashboardStats } from './stats.ts';

async function buildDashboard(ctx: AppContext, userId: string) {
  const [stats, recent, activity, jobs] = await Promise.all([
    dashboardStats(ctx, userId),
    listProjects(ctx, userId, { page: 1, limit: RECENT_PROJECTS_COUNT }),
    recentActivity(ctx, userId),
    activeJobs(ctx, userId),
  ]);
  return {
    success: true as const,
    message: 'Dashboard',
    data: { stats, recentProjects: recent.projects, recentActivity: activity, activeJobs: jobs },
  };
}

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  serve(app, routes.get, { preHandler: app.requireAuth }, async (request, reply) => {
    const userId = authOf(request).user._id;
    const json = await dashboardJson(ctx, userId, () => buildDashboard(ctx, userId));
    // Validated against the response schema and serialised (and cached) by dashboardJson.
    return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(json);
  });
};
