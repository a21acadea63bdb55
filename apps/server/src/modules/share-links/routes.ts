// Share links, the team's side (issue #15), as the contract declares them, mounted under /api/projects: POST|GET
// /:id/share-links, DELETE /:id/share-links/:linkId (revoke) and GET /:id/share-links/:linkId/events (the
// access log).
import { shareLinkRoutes as routes } from '@mixdesk/contract/routes/share-links';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/contract-routes.ts';
import { authOf } from '../../platform/security/auth.ts';
import * as links from './service.ts';

export const shareLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };
  const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });

  serve(app, routes.create, auth, async (request, reply) => {
    const link = await links.createLink(ctx, authOf(request).user._id, request.params.id, request.body);
    // The only answer that holds the token: never kept by a cache.
    reply.header('cache-control', 'no-store');
    return reply.status(201).send(ok('Share link created', { link }));
  });

  serve(app, routes.list, auth, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok('Share links', {
      links: await links.listLinks(ctx, authOf(request).user._id, request.params.id),
    });
  });

  serve(app, routes.revoke, auth, async (request) => {
    const { id, linkId } = request.params;
    return ok('Share link revoked', {
      link: await links.revokeLink(ctx, authOf(request).user._id, id, linkId),
    });
  });

  serve(app, routes.events, auth, async (request, reply) => {
    const { id, linkId } = request.params;
    const { page, limit } = request.query;
    const { events, total } = await links.linkEvents(
      ctx,
      authOf(request).user._id,
      { projectId: id, linkId },
      { page, limit },
    );
    reply.header('cache-control', 'no-store');
    return ok('Access log', {
      events,
      pagination: { currentPage: page, totalPages: Math.max(1, Math.ceil(total / limit)), limit, total },
    });
  });
};
