// HTTP routes of the activity feeds (issue #15), mounted under /api, as the contract declares them: validate,
// call the service, shape the envelope.
import { activityRoutes as routes } from '@mixdesk/contract/routes/activity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/contract-routes.ts';
import { authOf } from '../../platform/security/auth.ts';
import * as activity from './service.ts';

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };
  const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });

  serve(app, routes.mine, auth, async (request) =>
    ok('Activity', await activity.listMyActivity(ctx, authOf(request).user._id, request.query)),
  );

  serve(app, routes.project, auth, async (request) =>
    ok(
      'Project activity',
      await activity.listProjectActivity(ctx, authOf(request).user._id, request.params.id, request.query),
    ),
  );
};
