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

export const commentRoutes = defineRoutes('comment', {
  list: {
    method: 'GET',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/comments',
    summary: "List a version's comments",
    params: VersionParamsSchema,
    response: CommentListResponseSchema,
  },
  create: {
    method: 'POST',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/comments',
    summary: 'Comment on a version',
    errors: [409],
    params: VersionParamsSchema,
    body: CreateCommentSchema,
    status: 201,
    response: CommentResponseSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/comments/:commentId',
    summary: 'Edit a comment',
    params: CommentParamsSchema,
    body: UpdateCommentSchema,
    response: CommentResponseSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/comments/:commentId',
    summary: 'Delete a comment',
    params: CommentParamsSchema,
    response: CommentDeletedResponseSchema,
  },
  like: {
    method: 'POST',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/comments/:commentId/like',
    summary: 'Like or unlike a comment',
    errors: [409],
    params: CommentParamsSchema,
    response: CommentResponseSchema,
  },
  resolve: {
    method: 'POST',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/comments/:commentId/resolve',
    summary: 'Resolve or reopen a thread',
    errors: [409],
    params: CommentParamsSchema,
    response: CommentResponseSchema,
  },
});
