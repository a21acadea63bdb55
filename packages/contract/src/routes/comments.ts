// The comments area's routes (timestamped comments on a track version, issue #15), declared once for the
// server and the web (../routes.ts). Like and resolve are toggles: each answers with the comment as it now is.
import {
  CommentDeletedResponseSchema,
  CommentListResponseSchema,
  CommentParamsSchema,
  CommentResponseSchema,
  CreateCommentSchema,
  UpdateCommentSchema,
} from '../comments.ts';
import { VersionParamsSchema } from '../media.ts';
import { defineRoutes } from '../routes.ts';

export const commentRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/comments',
    params: VersionParamsSchema,
    response: CommentListResponseSchema,
  },
  create: {
    method: 'POST',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/comments',
    params: VersionParamsSchema,
    body: CreateCommentSchema,
    status: 201,
    response: CommentResponseSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/comments/:commentId',
    params: CommentParamsSchema,
    body: UpdateCommentSchema,
    response: CommentResponseSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/comments/:commentId',
    params: CommentParamsSchema,
    response: CommentDeletedResponseSchema,
  },
  like: {
    method: 'POST',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/comments/:commentId/like',
    params: CommentParamsSchema,
    response: CommentResponseSchema,
  },
  resolve: {
    method: 'POST',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/comments/:commentId/resolve',
    params: CommentParamsSchema,
    response: CommentResponseSchema,
  },
});
