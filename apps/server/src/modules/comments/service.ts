// Rules for timestamped comments on a version (issue #15). Whoever sees a version may comment, reply and
// like; authors edit their own; the author or the project's owner deletes (delete-comment.ts); the thread's
// author, edit collaborators and the owner resolve. Every change runs in a transaction holding the project (the same lock
// the media area's changes take first, so a version deleted meanwhile is seen) and reaches the project's
// room once committed.
import {
  COMMENTS_PER_VERSION_MAX,
  type Comment,
  type CommentEvent,
  type CommentLikedEvent,
  type CreateCommentSchema,
  type UpdateCommentSchema,
} from '@mixdesk/contract/comments';
import type { ServerEventPayload } from '@mixdesk/contract/realtime-events';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { activityId } from '../../db/activity-ids.ts';
import { retryingDeadlocks } from '../../db/deadlocks.ts';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import { announceActivities } from '../activity/public.ts';
import { userNameOf } from '../auth/public.ts';
import { looksLikeId, requireVersion, versionExists } from '../media/public.ts';
import { announce } from '../notifications/public.ts';
import { lockProject, requireProjectAccess, touchProject } from '../projects/public.ts';
import { notifyAboutComment, notifyAboutGuestComment } from './mentions.ts';
import { presentComment } from './present.ts';
import * as repo from './repo.ts';

export interface VersionIds {
  projectId: string;
  trackId: string;
  versionId: string;
}
export type CommentIds = VersionIds & { commentId: string };

type Place = Pick<Comment, 'projectId' | 'trackId' | 'versionId'>;

/** A placeholder (a deleted first comment kept for its replies) takes no likes, replies or resolving. */
export const PLACEHOLDER_REFUSAL = 'This comment was deleted; only its replies remain';

const invalid = (path: 'at' | 'end', message: string) =>
  new AppError('VALIDATION_ERROR', message, [{ path, message }]);

/** A time and an optional end inside the version (only `at >= 0` when its duration is unknown). */
function checkPlace(at: number, end: number | null, duration: number): void {
  const known = Number.isFinite(duration) && duration > 0;
  if (known && at > duration) throw invalid('at', 'Time is past the end of the version');
  if (end === null) return;
  if (end <= at) throw invalid('end', 'End must be after the time');
  if (known && end > duration) throw invalid('end', 'End is past the end of the version');
}

/** Refuses a comment past the most a version holds (409). */
async function assertRoomFor(trx: Kysely<DB>, versionId: string): Promise<void> {
  if ((await repo.countOfVersion(trx, versionId)) >= COMMENTS_PER_VERSION_MAX)
    throw conflict(
      `A version holds at most ${COMMENTS_PER_VERSION_MAX.toLocaleString('en-US')} comments, replies included.`,
    );
}

/** One comment as the API shows it, with its likes, read after the change. */
export async function loadComment(db: Kysely<DB>, commentId: string): Promise<Comment> {
  const row = await repo.commentRow(db, commentId);
  if (!row) throw notFound('Comment');
  const likes = await repo.likesOf(db, { commentIds: [commentId] });
  return presentComment(row, likes.get(commentId) ?? []);
}

/** Runs `change` in a transaction holding the project, once the version is seen to still exist. */
function inVersion<T>(
  ctx: AppContext,
  projectId: string,
  versionId: string,
  change: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  return retryingDeadlocks(() =>
    ctx.db.transaction().execute(async (trx) => {
      await lockProject(trx, ctx.dialect, projectId);
      if (!(await versionExists(trx, versionId))) throw notFound('Version');
      return change(trx);
    }),
  );
}

/** As inVersion, on one comment of the version (NOT_FOUND for a malformed id or another version's). */
export function onComment<T>(
  ctx: AppContext,
  projectId: string,
  versionId: string,
  commentId: string,
  change: (trx: Kysely<DB>, comment: repo.CommentRecord) => Promise<T>,
): Promise<T> {
  return inVersion(ctx, projectId, versionId, async (trx) => {
    const comment = looksLikeId(commentId) ? await repo.findComment(trx, versionId, commentId) : undefined;
    if (!comment) throw notFound('Comment');
    return change(trx, comment);
  });
}

export async function createComment(
  ctx: AppContext,
  userId: string,
  ids: VersionIds,
  input: z.output<typeof CreateCommentSchema>,
): Promise<Comment> {
  const { project, track, version } = await requireVersion(ctx, userId, ids, 'view');
  const end = input.end ?? null;
  checkPlace(input.at, end, Number(version.duration));
  const id = newId();
  const told = await inVersion(ctx, project.id, version.id, async (trx) => {
    const parentId = input.parentId ?? null;
    let thread: { id: string; authorId: string | null } | null = null;
    if (parentId !== null) {
      const parent = looksLikeId(parentId) ? await repo.findComment(trx, version.id, parentId) : undefined;
      if (!parent) throw badRequest('Unknown comment to reply to');
      if (parent.parent_id) throw badRequest('Replies go to the first comment of a thread');
      if (parent.deleted_at) throw conflict(PLACEHOLDER_REFUSAL);
      thread = { id: parent.id, authorId: parent.author_id };
    }
    await assertRoomFor(trx, version.id);
    await repo.insertComment(trx, {
      id,
      project_id: project.id,
      track_id: track.id,
      version_id: version.id,
      parent_id: parentId,
      author_id: userId,
      guest_name: null,
      body: input.body,
      at_sec: input.at,
      end_sec: end,
      created_at: nowIso(),
    });
    await touchProject(trx, project.id);
    const authorName = await userNameOf(trx, userId);
    return notifyAboutComment(ctx, trx, {
      comment: {
        _id: id,
        body: input.body,
        at: input.at,
        projectId: project.id,
        trackId: track.id,
        versionId: version.id,
      },
      authorId: userId,
      authorName: authorName ?? 'Someone',
      trackTitle: track.title,
      thread,
    });
  });
  const comment = await loadComment(ctx.db, id);
  emit(ctx, 'comment:new', { ...placeOf(comment), comment } satisfies CommentEvent);
  await announce(ctx, told);
  await announceActivities(ctx, [activityId('comment_added', id)]);
  return comment;
}

/** Where a guest comments: a version the share link lets them hear (share-links/public-service.ts). */
export interface GuestPlace extends VersionIds {
  duration: number;
  trackTitle: string;
  shareLinkId: string;
  /** Who of the team hears about it (the link's maker, or the owner). */
  tell: string;
}

/**
 * A guest's comment through a share link: a first comment (never a reply) named by the guest, told to the
 * project's room and its activity feed like any other, marked as a guest's.
 */
export async function createGuestComment(
  ctx: AppContext,
  place: GuestPlace,
  input: { name: string; body: string; at: number; end?: number | null | undefined },
): Promise<Comment> {
  const end = input.end ?? null;
  checkPlace(input.at, end, place.duration);
  const id = newId();
  const told = await inVersion(ctx, place.projectId, place.versionId, async (trx) => {
    await assertRoomFor(trx, place.versionId);
    await repo.insertComment(trx, {
      id,
      project_id: place.projectId,
      track_id: place.trackId,
      version_id: place.versionId,
      parent_id: null,
      author_id: null,
      guest_name: input.name,
      share_link_id: place.shareLinkId,
      body: input.body,
      at_sec: input.at,
      end_sec: end,
      created_at: nowIso(),
    });
    await touchProject(trx, place.projectId);
    return notifyAboutGuestComment(ctx, trx, {
      comment: { _id: id, body: input.body, at: input.at, ...place },
      guestName: input.name,
      trackTitle: place.trackTitle,
      userId: place.tell,
    });
  });
  const comment = await loadComment(ctx.db, id);
  emit(ctx, 'comment:new', { ...placeOf(comment), comment } satisfies CommentEvent);
  await announce(ctx, told);
  await announceActivities(ctx, [activityId('comment_added', id)]);
  return comment;
}

/**
 * What a guest sees of a version's comments: those left through their link and the team's replies to them,
 * without who liked what or anyone's picture.
 */
export async function listGuestComments(ctx: AppContext, versionId: string, shareLinkId: string) {
  const rows = await repo.commentRowsOfShareLink(ctx.db, versionId, shareLinkId);
  return rows.map((r) => {
    const comment = presentComment(r, []);
    return { ...comment, author: { ...comment.author, avatarUrl: null } };
  });
}

export async function updateComment(
  ctx: AppContext,
  userId: string,
  ids: CommentIds,
  input: z.output<typeof UpdateCommentSchema>,
): Promise<Comment> {
  const { project, version } = await requireVersion(ctx, userId, ids, 'view');
  await onComment(ctx, project.id, version.id, ids.commentId, async (trx, comment) => {
    if (comment.author_id !== userId) throw new AppError('FORBIDDEN', 'You can only edit your own comments');
    const at = input.at ?? Number(comment.at_sec);
    const end =
      input.end !== undefined ? input.end : comment.end_sec === null ? null : Number(comment.end_sec);
    checkPlace(at, end, Number(version.duration));
    await repo.updateComment(trx, comment.id, {
      ...(input.body !== undefined && { body: input.body }),
      at_sec: at,
      end_sec: end,
      edited_at: nowIso(),
    });
  });
  const comment = await loadComment(ctx.db, ids.commentId);
  emit(ctx, 'comment:updated', { ...placeOf(comment), comment } satisfies CommentEvent);
  return comment;
}

export async function toggleLike(ctx: AppContext, userId: string, ids: CommentIds): Promise<Comment> {
  const { project, version } = await requireVersion(ctx, userId, ids, 'view');
  await onComment(ctx, project.id, version.id, ids.commentId, (trx, comment) => {
    if (comment.deleted_at) throw conflict(PLACEHOLDER_REFUSAL);
    return repo.toggleLike(trx, comment.id, userId);
  });
  const comment = await loadComment(ctx.db, ids.commentId);
  const event: CommentLikedEvent = {
    ...placeOf(comment),
    commentId: comment._id,
    likes: comment.likes,
    likedBy: comment.likedBy,
  };
  emit(ctx, 'comment:liked', event);
  return comment;
}

export async function toggleResolved(ctx: AppContext, userId: string, ids: CommentIds): Promise<Comment> {
  const { project, version } = await requireVersion(ctx, userId, ids, 'view');
  const { permission } = await requireProjectAccess(ctx, userId, project.id, 'view');
  await onComment(ctx, project.id, version.id, ids.commentId, async (trx, comment) => {
    if (comment.parent_id) throw badRequest('Only the first comment of a thread can be resolved');
    if (comment.deleted_at) throw conflict(PLACEHOLDER_REFUSAL);
    if (permission === 'view' && comment.author_id !== userId)
      throw new AppError('FORBIDDEN', "Only the thread's author or an editor of the project can resolve it");
    const resolved = comment.resolved_at !== null;
    await repo.updateComment(trx, comment.id, {
      resolved_at: resolved ? null : nowIso(),
      resolved_by: resolved ? null : userId,
    });
  });
  const comment = await loadComment(ctx.db, ids.commentId);
  emit(ctx, 'comment:updated', { ...placeOf(comment), comment } satisfies CommentEvent);
  return comment;
}

export const placeOf = (c: Comment): Place => ({
  projectId: c.projectId,
  trackId: c.trackId,
  versionId: c.versionId,
});

/** Tells the project's room, after the commit; a failure to send never undoes the change. */
export function emit<E extends 'comment:new' | 'comment:updated' | 'comment:deleted' | 'comment:liked'>(
  ctx: AppContext,
  event: E,
  payload: ServerEventPayload<E>,
) {
  try {
    ctx.live.toProject(payload.projectId, event, payload);
  } catch (err) {
    ctx.log.error({ service: 'comments', err, event }, 'Could not send a comment event');
  }
}
