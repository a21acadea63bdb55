// HTTP routes of per-user notifications (issue #15), as the contract declares them, mounted under
// /api/notifications: GET / (mine, newest first, paged, with the unread count) and POST /read (some or all of
// mine).
import { notificationRoutes as routes } from '@mixdesk/contract/routes/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/contract-routes.ts';
import { authOf } from '../../platform/security/auth.ts';
import * as notifications from './service.ts';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };
  const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });

  serve(app, routes.list, auth, async (request, reply) => {
    const data = await notifications.listNotifications(ctx, authOf(request).user._id, request.query);
    reply.header('cache-control', 'no-store');
    return ok('Notifications', data);
  });

  serve(app, routes.markRead, auth, async (request) =>
    ok(
      'Notifications marked read',
      await notifications.markNotificationsRead(ctx, authOf(request).user._id, request.body),
    ),
  );
};
