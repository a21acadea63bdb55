// The release calendar's routes: the caller's private feed address (GET, made on first call), a new one (POST
// reset), and the feed itself, read by calendar apps without a session: the token in its path is the credential.
import { calendarRoutes as routes } from '@mixdesk/contract/routes/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/contract-routes.ts';
import { authOf } from '../../platform/security/auth.ts';
import { calendarFeed, calendarUrl, resetCalendar } from './calendar.ts';
import { serveFile } from './serve-file.ts';

export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };
  const me = (request: Parameters<typeof authOf>[0]) => authOf(request).user._id;

  serve(app, routes.get, auth, async (request) => ({
    success: true as const,
    message: 'Your private calendar address: anyone who has it can read your release dates',
    data: { url: await calendarUrl(ctx, me(request)) },
  }));

  serve(app, routes.reset, auth, async (request) => ({
    success: true as const,
    message: 'New calendar address made: the old one no longer works',
    data: { url: await resetCalendar(ctx, me(request)) },
  }));

  // No session: calendar apps fetch it on their own schedule. Static paths above win over `/:token`.
  serveFile<{ token: string }>(app, routes.feed, { produces: ['text/calendar'] }, async (request, reply) =>
    reply
      .type('text/calendar; charset=utf-8')
      .header('cache-control', 'private, no-cache')
      .header('content-disposition', 'inline; filename="mixdesk-releases.ics"')
      .send(await calendarFeed(ctx, request.params.token)),
  );
};
