// Approvals on a track version (issue #15), mounted under /api/projects:
// GET|POST /:id/tracks/:trackId/versions/:versionId/review (where it stands; my decision), POST
// …/review-requests (ask people) and DELETE …/review-requests/:userId (withdraw). Each answers with the
// version's review state. Changes count against the `write` rate limit like any other.
import { VersionParamsSchema } from '@mixdesk/contract/media';
import {
  ReviewDecisionSchema,
  ReviewRequestParamsSchema,
  ReviewRequestSchema,
  ReviewStateResponseSchema,
} from '@mixdesk/contract/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth.ts';
import * as reviews from './service.ts';

const PATH = '/:id/tracks/:trackId/versions/:versionId';

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };
  const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });
  const versionIds = (p: { id: string; trackId: string; versionId: string }) => ({
    projectId: p.id,
    trackId: p.trackId,
    versionId: p.versionId,
  });

  app.get(
    `${PATH}/review`,
    { ...auth, schema: { params: VersionParamsSchema, response: { 200: ReviewStateResponseSchema } } },
    async (request, reply) => {
      const review = await reviews.getReviewState(ctx, authOf(request).user._id, versionIds(request.params));
      reply.header('cache-control', 'no-store');
      return ok('Review', { review });
    },
  );

  app.post(
    `${PATH}/review`,
    {
      ...auth,
      schema: {
        params: VersionParamsSchema,
        body: ReviewDecisionSchema,
        response: { 200: ReviewStateResponseSchema },
      },
    },
    async (request) => {
      const userId = authOf(request).user._id;
      const review = await reviews.decide(ctx, userId, versionIds(request.params), request.body);
      return ok(request.body.decision === 'approved' ? 'Approved' : 'Changes requested', { review });
    },
  );

  app.post(
    `${PATH}/review-requests`,
    {
      ...auth,
      schema: {
        params: VersionParamsSchema,
        body: ReviewRequestSchema,
        response: { 200: ReviewStateResponseSchema },
      },
    },
    async (request) => {
      const userId = authOf(request).user._id;
      const review = await reviews.requestReviews(ctx, userId, versionIds(request.params), request.body);
      return ok('Review requested', { review });
    },
  );

  app.delete(
    `${PATH}/review-requests/:userId`,
    { ...auth, schema: { params: ReviewRequestParamsSchema, response: { 200: ReviewStateResponseSchema } } },
    async (request) => {
      const review = await reviews.withdrawRequest(ctx, authOf(request).user._id, {
        ...versionIds(request.params),
        userId: request.params.userId,
      });
      return ok('Review request withdrawn', { review });
    },
  );
};
