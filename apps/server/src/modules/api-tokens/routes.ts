// Personal API tokens' routes (issue #38), as the contract declares them, under /api/account: POST and GET
// /tokens, DELETE /tokens/:id. Managing tokens takes the web session: a personal token gets 403 here.
import { apiTokenRoutes as routes } from '@mixdesk/contract/routes/api-tokens';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/contract-routes.ts';
import { authOf } from '../../platform/security/auth.ts';
import * as tokens from './service.ts';

export const apiTokensRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const session = { preHandler: app.requireSession };

  serve(app, routes.create, session, async (request, reply) => {
    const created = await tokens.createToken(ctx, authOf(request).user._id, request.body);
    // The only answer that holds the token: never kept by a cache.
    reply.header('cache-control', 'no-store');
    return reply.status(201).send({
      success: true,
      message: 'API token created. Copy it now: it will not be shown again.',
      data: created,
    });
  });

  serve(app, routes.list, session, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return {
      success: true as const,
      message: 'API tokens',
      data: { tokens: await tokens.listTokens(ctx, authOf(request).user._id) },
    };
  });

  serve(app, routes.revoke, session, async (request) => {
    await tokens.revokeToken(ctx, authOf(request).user._id, request.params.id);
    return { success: true as const, message: 'API token revoked: it no longer works' };
  });
};
