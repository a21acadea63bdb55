// Timestamped comments on a track version (issue #15), mounted under /api/projects:
// GET|POST /:id/tracks/:trackId/versions/:versionId/comments, PUT|DELETE …/comments/:commentId, and POST
// …/comments/:commentId/like|resolve (toggles). Changes count against the `write` rate limit like any other.
import {
  CommentDeletedResponseSchema,
  CommentListResponseSchema,
  CommentParamsSchema,
  CommentResponseSchema,
  CreateCommentSchema,
  UpdateCommentSchema,
} from '@mixdesk/contract/comments';
import { VersionParamsSchema } from '@mixdesk/contract/media';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth.ts';
import { deleteComment } from './delete-comment.ts';
import * as comments from './service.ts';

const PATH = '/:id/tracks/:trackId/versions/:versionId/comments';

export const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };
  const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });
  const versionIds = (p: { id: string; trackId: string; versionId: string }) => ({
    projectId: p.id,
    trackId: p.trackId,
    versionId: p.versionId,
  });
  const commentIds = (p: { id: string; trackId: string; versionId: string; commentId: string }) => ({
    ...versionIds(p),
    commentId: p.commentId,
  });

  app.get(
    PATH,
    { ...auth, schema: { params: VersionParamsSchema, response: { 200: CommentListResponseSchema } } },
    async (request, reply) => {
      const list = await comments.listComments(ctx, authOf(request).user._id, versionIds(request.params));
      reply.header('cache-control', 'no-store');
      return ok('Comments', { comments: list });
    },
  );

  app.post(
    PATH,
    {
      ...auth,
      schema: {
        params: VersionParamsSchema,
        body: CreateCommentSchema,
        response: { 201: CommentResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = authOf(request).user._id;
      const comment = await comments.createComment(ctx, userId, versionIds(request.params), request.body);
      return reply.status(201).send(ok('Comment added', { comment }));
    },
  );

  app.put(
    `${PATH}/:commentId`,
    {
      ...auth,
      schema: {
        params: CommentParamsSchema,
        body: UpdateCommentSchema,
        response: { 200: CommentResponseSchema },
      },
    },
    async (request) => {
      const userId = authOf(request).user._id;
      const comment = await comments.updateComment(ctx, userId, commentIds(request.params), request.body);
      return ok('Comment updated', { comment });
    },
  );

  app.delete(
    `${PATH}/:commentId`,
    { ...auth, schema: { params: CommentParamsSchema, response: { 200: CommentDeletedResponseSchema } } },
    async (request) => {
      const deletion = await deleteComment(ctx, authOf(request).user._id, commentIds(request.params));
      return ok('Comment deleted', deletion);
    },
  );

  app.post(
    `${PATH}/:commentId/like`,
    { ...auth, schema: { params: CommentParamsSchema, response: { 200: CommentResponseSchema } } },
    async (request) => {
      const comment = await comments.toggleLike(ctx, authOf(request).user._id, commentIds(request.params));
      return ok(comment.likedBy.includes(authOf(request).user._id) ? 'Liked' : 'Like removed', { comment });
    },
  );

  app.post(
    `${PATH}/:commentId/resolve`,
    { ...auth, schema: { params: CommentParamsSchema, response: { 200: CommentResponseSchema } } },
    async (request) => {
      const comment = await comments.toggleResolved(
        ctx,
        authOf(request).user._id,
        commentIds(request.params),
      );
      return ok(comment.resolved ? 'Thread resolved' : 'Thread reopened', { comment });
    },
  );
};
