// HTTP routes of the activity feeds (issue #15), mounted under /api: validate, call the service, shape the
// envelope.
import { ActivityListResponseSchema, ActivityQuerySchema } from '@mixdesk/contract/activity';
import { ProjectIdParamsSchema } from '@mixdesk/contract/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth.ts';
import * as activity from './service.ts';

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };
  const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });

  app.get(
    '/activity',
    {
      ...auth,
      schema: { querystring: ActivityQuerySchema, response: { 200: ActivityListResponseSchema } },
    },
    async (request) =>
      ok('Activity', await activity.listMyActivity(ctx, authOf(request).user._id, request.query)),
  );

  app.get(
    '/projects/:id/activity',
    {
      ...auth,
      schema: {
        params: ProjectIdParamsSchema,
        querystring: ActivityQuerySchema,
        response: { 200: ActivityListResponseSchema },
      },
    },
    async (request) =>
      ok(
        'Project activity',
        await activity.listProjectActivity(ctx, authOf(request).user._id, request.params.id, request.query),
      ),
  );
};
