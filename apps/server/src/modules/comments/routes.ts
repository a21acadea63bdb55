// Timestamped comments on a track version (issue #15), mounted under /api/projects, as the contract declares
// them (@mixdesk/contract/routes/comments): GET|POST …/versions/:versionId/comments, PUT|DELETE
// …/comments/:commentId, and POST …/comments/:commentId/like|resolve (toggles). Changes count against the
// `write` rate limit like any other.
import { commentRoutes as routes } from '@mixdesk/contract/routes/comments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/contract-routes.ts';
import { authOf } from '../../platform/security/auth.ts';
import { deleteComment } from './delete-comment.ts';
import { listComments } from './list-comments.ts';
import * as comments from './service.ts';

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

  serve(app, routes.list, auth, async (request, reply) => {
    const list = await listComments(ctx, authOf(request).user._id, versionIds(request.params));
    reply.header('cache-control', 'no-store');
    return ok('Comments', { comments: list });
  });

  serve(app, routes.create, auth, async (request, reply) => {
    const userId = authOf(request).user._id;
    const comment = await comments.createComment(ctx, userId, versionIds(request.params), request.body);
    return reply.status(201).send(ok('Comment added', { comment }));
  });

  serve(app, routes.update, auth, async (request) => {
    const userId = authOf(request).user._id;
    const comment = await comments.updateComment(ctx, userId, commentIds(request.params), request.body);
    return ok('Comment updated', { comment });
  });

  serve(app, routes.remove, auth, async (request) => {
    const deletion = await deleteComment(ctx, authOf(request).user._id, commentIds(request.params));
    return ok('Comment deleted', deletion);
  });

  serve(app, routes.like, auth, async (request) => {
    const comment = await comments.toggleLike(ctx, authOf(request).user._id, commentIds(request.params));
    return ok(comment.likedBy.includes(authOf(request).user._id) ? 'Liked' : 'Like removed', { comment });
  });

  serve(app, routes.resolve, auth, async (request) => {
    const comment = await comments.toggleResolved(ctx, authOf(request).user._id, commentIds(request.params));
    return ok(comment.resolved ? 'Thread resolved' : 'Thread reopened', { comment });
  });
};
