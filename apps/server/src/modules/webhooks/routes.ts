// Webhooks (issue #38), as the contract declares them, mounted under /api/webhooks: made (the secret answered
// this once), listed, read, changed and removed, and each one's delivery log with Redeliver.
import { webhookRoutes as routes } from '@mixdesk/contract/routes/webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/contract-routes.ts';
import { authOf } from '../../platform/security/auth.ts';
import * as webhooks from './service.ts';

export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };
  const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });
  const me = (request: Parameters<typeof authOf>[0]) => authOf(request).user._id;

  serve(app, routes.create, auth, async (request, reply) => {
    const created = await webhooks.createWebhook(ctx, me(request), request.body);
    // The only answer that holds the secret: never kept by a cache.
    reply.header('cache-control', 'no-store');
    return reply.status(201).send(ok('Webhook created: copy its secret now, it is not shown again', created));
  });

  serve(app, routes.list, auth, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok('Webhooks', { webhooks: await webhooks.listWebhooks(ctx, me(request)) });
  });

  serve(app, routes.get, auth, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok('Webhook', { webhook: await webhooks.getWebhook(ctx, me(request), request.params.id) });
  });

  serve(app, routes.update, auth, async (request) => {
    const webhook = await webhooks.updateWebhook(ctx, me(request), request.params.id, request.body);
    return ok('Webhook saved', { webhook });
  });

  serve(app, routes.remove, auth, async (request) => {
    await webhooks.deleteWebhook(ctx, me(request), request.params.id);
    return { success: true as const, message: 'Webhook deleted' };
  });

  serve(app, routes.deliveries, auth, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(
      'Deliveries',
      await webhooks.listDeliveries(ctx, me(request), request.params.id, request.query),
    );
  });

  serve(app, routes.redeliver, auth, async (request) => {
    const { id, deliveryId } = request.params;
    return ok('Delivery queued', { delivery: await webhooks.redeliver(ctx, me(request), id, deliveryId) });
  });
};
