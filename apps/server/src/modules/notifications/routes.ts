// HTTP routes of per-user notifications (issue #15), mounted under /api/notifications: GET / (mine, newest
// first, paged, with the unread count) and POST /read (some or all of mine).
import {
  MarkReadResponseSchema,
  MarkReadSchema,
  NotificationListQuerySchema,
  NotificationListResponseSchema,
} from '@mixdesk/contract/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth.ts';
import * as notifications from './service.ts';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };
  const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });

  app.get(
    '/',
    {
      ...auth,
      schema: { querystring: NotificationListQuerySchema, response: { 200: NotificationListResponseSchema } },
    },
    async (request, reply) => {
      const data = await notifications.listNotifications(ctx, authOf(request).user._id, request.query);
      reply.header('cache-control', 'no-store');
      return ok('Notifications', data);
    },
  );

  app.post(
    '/read',
    { ...auth, schema: { body: MarkReadSchema, response: { 200: MarkReadResponseSchema } } },
    async (request) =>
      ok(
        'Notifications marked read',
        await notifications.markNotificationsRead(ctx, authOf(request).user._id, request.body),
      ),
  );
};
