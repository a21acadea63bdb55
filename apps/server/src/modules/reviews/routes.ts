// Approvals on a track version (issue #15), mounted under /api/projects, as the contract declares them
// (@mixdesk/contract/routes/reviews): GET|POST …/versions/:versionId/review (where it stands; my decision),
// POST …/review-requests (ask people) and DELETE …/review-requests/:userId (withdraw). Each answers with the
// version's review state. Changes count against the `write` rate limit like any other.
import { reviewRoutes as routes } from '@mixdesk/contract/routes/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/contract-routes.ts';
import { authOf } from '../../platform/security/auth.ts';
import * as reviews from './service.ts';

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };
  const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });
  const versionIds = (p: { id: string; trackId: string; versionId: string }) => ({
    projectId: p.id,
    trackId: p.trackId,
    versionId: p.versionId,
  });

  serve(app, routes.get, auth, async (request, reply) => {
    const review = await reviews.getReviewState(ctx, authOf(request).user._id, versionIds(request.params));
    reply.header('cache-control', 'no-store');
    return ok('Review', { review });
  });

  serve(app, routes.decide, auth, async (request) => {
    const userId = authOf(request).user._id;
    const review = await reviews.decide(ctx, userId, versionIds(request.params), request.body);
    return ok(request.body.decision === 'approved' ? 'Approved' : 'Changes requested', { review });
  });

  serve(app, routes.request, auth, async (request) => {
    const userId = authOf(request).user._id;
    const review = await reviews.requestReviews(ctx, userId, versionIds(request.params), request.body);
    return ok('Review requested', { review });
  });

  serve(app, routes.withdraw, auth, async (request) => {
    const review = await reviews.withdrawRequest(ctx, authOf(request).user._id, {
      ...versionIds(request.params),
      userId: request.params.userId,
    });
    return ok('Review request withdrawn', { review });
  });
};
