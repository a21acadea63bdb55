// The comment calls of a version (packages/contract/src/routes/comments.ts), parsed with the shared contract.
import type { Comment, CreateCommentInput, UpdateCommentInput } from '@mixdesk/contract/comments';
import { commentRoutes as routes } from '@mixdesk/contract/routes/comments';
import { call } from '../../../lib/call';

export interface VersionRef {
  projectId: string;
  trackId: string;
  versionId: string;
}

/** The route params of a version (the project's is `id`). */
export const versionParams = ({ projectId, trackId, versionId }: VersionRef) => ({
  id: projectId,
  trackId,
  versionId,
});
const commentParams = (ref: VersionRef, commentId: string) => ({ ...versionParams(ref), commentId });

export const commentKeys = {
  all: ['comments'] as const,
  version: (versionId: string) => ['comments', versionId] as const,
};

/** Where a comment's own routes are: the version it was written on (a carried thread's too, issue #35). */
export const refOf = (c: Comment): VersionRef => ({
  projectId: c.projectId,
  trackId: c.trackId,
  versionId: c.versionId,
});

export async function fetchComments(ref: VersionRef, signal?: AbortSignal): Promise<Comment[]> {
  return (await call(routes.list, { params: versionParams(ref) }, { signal })).data.comments;
}

export async function createComment(ref: VersionRef, input: CreateCommentInput): Promise<Comment> {
  return (await call(routes.create, { params: versionParams(ref), body: input })).data.comment;
}

export async function updateComment(ref: VersionRef, commentId: string, input: UpdateCommentInput) {
  return (await call(routes.update, { params: commentParams(ref, commentId), body: input })).data.comment;
}

/** What a delete removed, and the placeholder left instead when others had replied. */
export interface CommentDeletion {
  deletedIds: string[];
  placeholder: Comment | null;
}

export async function deleteComment(ref: VersionRef, commentId: string): Promise<CommentDeletion> {
  return (await call(routes.remove, { params: commentParams(ref, commentId) })).data;
}

export async function toggleLike(ref: VersionRef, commentId: string): Promise<Comment> {
  return (await call(routes.like, { params: commentParams(ref, commentId) })).data.comment;
}

export async function toggleResolve(ref: VersionRef, commentId: string): Promise<Comment> {
  return (await call(routes.resolve, { params: commentParams(ref, commentId) })).data.comment;
}
