// Deleting a comment (issue #31): nobody but the project's owner removes someone else's words. A thread's first
// comment deleted by its author after others replied becomes a placeholder ("comment deleted") and the replies
// stay; without such replies the thread goes as a whole. The owner's delete removes the whole thread. A
// placeholder goes with its last reply. The project's room hears `comment:updated` for a placeholder and
// `comment:deleted` for what is gone.
import type { Comment, CommentDeletedEvent, CommentEvent } from '@mixdesk/contract/comments';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { requireVersion } from '../media/public.ts';
import * as repo from './repo.ts';
import { type CommentIds, emit, loadComment, onComment, placeOf } from './service.ts';

export interface CommentDeletion {
  deletedIds: string[];
  /** The placeholder left in the comment's place, when others had replied to it. */
  placeholder: Comment | null;
}

async function removeFromThread(
  trx: Kysely<DB>,
  comment: repo.CommentRecord,
  byOwner: boolean,
): Promise<{ deletedIds: string[]; placeholderId: string | null }> {
  if (comment.parent_id) {
    await repo.deleteComment(trx, comment.id);
    // A placeholder is kept for its replies only: with the last one gone, it goes too.
    const parent = await repo.findComment(trx, comment.version_id, comment.parent_id);
    if (parent?.deleted_at && !(await repo.hasReplies(trx, parent.id))) {
      await repo.deleteComment(trx, parent.id);
      return { deletedIds: [comment.id, parent.id], placeholderId: null };
    }
    return { deletedIds: [comment.id], placeholderId: null };
  }
  if (!byOwner && (await repo.othersReplied(trx, comment))) {
    await repo.makePlaceholder(trx, comment.id);
    return { deletedIds: [], placeholderId: comment.id };
  }
  const deletedIds = await repo.threadIds(trx, comment);
  await repo.deleteComment(trx, comment.id);
  return { deletedIds, placeholderId: null };
}

export async function deleteComment(
  ctx: AppContext,
  userId: string,
  ids: CommentIds,
): Promise<CommentDeletion> {
  const { project, track, version } = await requireVersion(ctx, userId, ids, 'view');
  const byOwner = project.owner_id === userId;
  const { deletedIds, placeholderId } = await onComment(
    ctx,
    project.id,
    version.id,
    ids.commentId,
    async (trx, comment) => {
      if (comment.author_id !== userId && !byOwner)
        throw new AppError('FORBIDDEN', 'Only its author or the project owner can delete a comment');
      return removeFromThread(trx, comment, byOwner);
    },
  );
  const placeholder = placeholderId ? await loadComment(ctx.db, placeholderId) : null;
  if (placeholder)
    emit(ctx, 'comment:updated', { ...placeOf(placeholder), comment: placeholder } satisfies CommentEvent);
  if (deletedIds.length > 0) {
    const event: CommentDeletedEvent = {
      projectId: project.id,
      trackId: track.id,
      versionId: version.id,
      commentId: ids.commentId,
      deletedIds,
    };
    emit(ctx, 'comment:deleted', event);
  }
  return { deletedIds, placeholder };
}
