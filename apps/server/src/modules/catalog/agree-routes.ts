// /api/agree/:token — a party's answer to a round of agreement on splits, with or without an account (no
// session needed: the link is the credential), as the contract declares it.
import { agreeRoutes as routes } from '@mixdesk/contract/routes/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/contract-routes.ts';
import { acceptLink, declineLink, type Origin, viewLink } from './agreement-answer.ts';

const originOf = (request: {
  ip?: string;
  headers: Record<string, string | string[] | undefined>;
}): Origin => {
  const agent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof agent === 'string' ? agent.slice(0, 400) : null };
};

export const agreeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // Each answer is about one person's link: never kept by a cache.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  serve(app, routes.view, {}, async (request) => ({
    success: true as const,
    message: 'Split',
    data: await viewLink(ctx, request.params.token),
  }));

  serve(app, routes.accept, {}, async (request) => {
    const data = await acceptLink(ctx, request.params.token, originOf(request));
    return {
      success: true as const,
      message:
        data.roundStatus === 'agreed'
          ? 'Accepted. Every party has accepted: the split is agreed, and the split sheet is on its way.'
          : 'Accepted. Thank you.',
      data,
    };
  });

  serve(app, routes.decline, {}, async (request) => {
    const data = await declineLink(ctx, request.params.token, request.body.reason, originOf(request));
    return { success: true as const, message: 'You declined the split. The owner has been told why.', data };
  });
};
