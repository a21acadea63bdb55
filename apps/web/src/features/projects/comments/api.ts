// The comment calls of a version (packages/contract/src/comments.ts), parsed with the shared contract.
import {
  type Comment,
  CommentDeletedResponseSchema,
  CommentListResponseSchema,
  CommentResponseSchema,
  type CreateCommentInput,
  type UpdateCommentInput,
} from '@mixdesk/contract/comments';
import { api } from '../../../lib/api';

export interface VersionRef {
  projectId: string;
  trackId: string;
  versionId: string;
}

const commentsPath = ({ projectId, trackId, versionId }: VersionRef) =>
  `/api/projects/${encodeURIComponent(projectId)}/tracks/${encodeURIComponent(trackId)}/versions/${encodeURIComponent(versionId)}/comments`;
const commentPath = (ref: VersionRef, commentId: string) =>
  `${commentsPath(ref)}/${encodeURIComponent(commentId)}`;

export const commentKeys = {
  version: (versionId: string) => ['comments', versionId] as const,
};

export async function fetchComments(ref: VersionRef, signal?: AbortSignal): Promise<Comment[]> {
  return (await api.get(commentsPath(ref), { schema: CommentListResponseSchema, signal })).data.comments;
}

export async function createComment(ref: VersionRef, input: CreateCommentInput): Promise<Comment> {
  return (await api.post(commentsPath(ref), input, { schema: CommentResponseSchema })).data.comment;
}

export async function updateComment(ref: VersionRef, commentId: string, input: UpdateCommentInput) {
  return (await api.put(commentPath(ref, commentId), input, { schema: CommentResponseSchema })).data.comment;
}

/** What a delete removed, and the placeholder left instead when others had replied. */
export interface CommentDeletion {
  deletedIds: string[];
  placeholder: Comment | null;
}

export async function deleteComment(ref: VersionRef, commentId: string): Promise<CommentDeletion> {
  return (await api.delete(commentPath(ref, commentId), { schema: CommentDeletedResponseSchema })).data;
}

export async function toggleLike(ref: VersionRef, commentId: string): Promise<Comment> {
  return (await api.post(`${commentPath(ref, commentId)}/like`, undefined, { schema: CommentResponseSchema }))
    .data.comment;
}

export async function toggleResolve(ref: VersionRef, commentId: string): Promise<Comment> {
  return (
    await api.post(`${commentPath(ref, commentId)}/resolve`, undefined, { schema: CommentResponseSchema })
  ).data.comment;
}
