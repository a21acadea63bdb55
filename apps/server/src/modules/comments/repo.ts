// Queries of the comments area: comments with their authors as they are now, likes, and the changes.
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { nowIso } from '../../platform/ids.ts';
import { removeActivity } from '../activity/public.ts';
import { type AuthorColumns, withAuthorColumns } from '../profile/public.ts';
import type { CommentsTable } from './tables.ts';

export type CommentRecord = Selectable<CommentsTable>;
/** A comment with what its author looks like now (null for a guest, or an account gone meanwhile). */
export type CommentRow = CommentRecord & AuthorColumns;

/** Comments as `c`, each with its author's columns (joined by the profile area: users and profiles). */
function withAuthors(db: Kysely<DB>) {
  return withAuthorColumns(db.selectFrom('comments as c').selectAll('c'), 'c.author_id');
}

/** Every comment of a version, replies included, in the order of the timeline. */
export function commentRowsOfVersion(db: Kysely<DB>, versionId: string): Promise<CommentRow[]> {
  return withAuthors(db)
    .where('c.version_id', '=', versionId)
    .orderBy('c.at_sec')
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
}

/**
 * The ids of the open threads of these versions (a first comment unresolved and not a placeholder, which
 * nobody can resolve) and of their replies: what follows the mix into a later version (issue #35).
 */
function openThreadIds(db: Kysely<DB>, versionIds: string[]) {
  const threads = db
    .selectFrom('comments')
    .select('id')
    .where('version_id', 'in', versionIds)
    .where('parent_id', 'is', null)
    .where('resolved_at', 'is', null)
    .where('deleted_at', 'is', null);
  return threads.unionAll(db.selectFrom('comments').select('id').where('parent_id', 'in', threads));
}

/** The open threads of these versions with their replies (openThreadIds), in the order of the timeline. */
export function openThreadRows(db: Kysely<DB>, versionIds: string[]): Promise<CommentRow[]> {
  if (versionIds.length === 0) return Promise.resolve([]);
  return withAuthors(db)
    .where('c.id', 'in', openThreadIds(db, versionIds))
    .orderBy('c.at_sec')
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
}

/** A share link's comments on a version and the replies to them, in the order of the timeline. */
export function commentRowsOfShareLink(
  db: Kysely<DB>,
  versionId: string,
  shareLinkId: string,
): Promise<CommentRow[]> {
  return withAuthors(db)
    .where('c.version_id', '=', versionId)
    .where((eb) =>
      eb.or([
        eb('c.share_link_id', '=', shareLinkId),
        eb(
          'c.parent_id',
          'in',
          eb
            .selectFrom('comments')
            .select('id')
            .where('share_link_id', '=', shareLinkId)
            .where('version_id', '=', versionId),
        ),
      ]),
    )
    .orderBy('c.at_sec')
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
}

export function commentRow(db: Kysely<DB>, commentId: string): Promise<CommentRow | undefined> {
  return withAuthors(db).where('c.id', '=', commentId).executeTakeFirst();
}

/** Who likes each comment of a version (or of the given comments, or of open threads), oldest like first. */
export async function likesOf(
  db: Kysely<DB>,
  where: { versionId: string } | { commentIds: string[] } | { openThreadsOf: string[] },
): Promise<Map<string, string[]>> {
  if ('commentIds' in where && where.commentIds.length === 0) return new Map();
  if ('openThreadsOf' in where && where.openThreadsOf.length === 0) return new Map();
  let query = db
    .selectFrom('comment_likes as l')
    .select(['l.comment_id', 'l.user_id'])
    .orderBy('l.created_at')
    .orderBy('l.user_id');
  if ('versionId' in where)
    query = query
      .innerJoin('comments as c', 'c.id', 'l.comment_id')
      .where('c.version_id', '=', where.versionId);
  else if ('openThreadsOf' in where)
    query = query.where('l.comment_id', 'in', openThreadIds(db, where.openThreadsOf));
  else query = query.where('l.comment_id', 'in', where.commentIds);
  const out = new Map<string, string[]>();
  for (const row of await query.execute()) {
    const list = out.get(row.comment_id) ?? [];
    list.push(row.user_id);
    out.set(row.comment_id, list);
  }
  return out;
}

/** One comment of a version, as stored; undefined for a comment of another version. */
export function findComment(
  db: Kysely<DB>,
  versionId: string,
  commentId: string,
): Promise<CommentRecord | undefined> {
  return db
    .selectFrom('comments')
    .selectAll()
    .where('id', '=', commentId)
    .where('version_id', '=', versionId)
    .executeTakeFirst();
}

export async function countOfVersion(db: Kysely<DB>, versionId: string): Promise<number> {
  const row = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('version_id', '=', versionId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertComment(db: Kysely<DB>, row: Insertable<CommentsTable>): Promise<void> {
  await db.insertInto('comments').values(row).execute();
}

export async function updateComment(
  db: Kysely<DB>,
  commentId: string,
  patch: Updateable<CommentsTable>,
): Promise<void> {
  await db.updateTable('comments').set(patch).where('id', '=', commentId).execute();
}

/** The ids a delete removes: the comment and, for a thread's first comment, its replies. */
export async function threadIds(db: Kysely<DB>, comment: CommentRecord): Promise<string[]> {
  if (comment.parent_id) return [comment.id];
  const replies = await db
    .selectFrom('comments')
    .select('id')
    .where('parent_id', '=', comment.id)
    .orderBy('id')
    .execute();
  return [comment.id, ...replies.map((r) => r.id)];
}

/** Whether anyone but the thread's author replied to it (a guest's thread: anyone at all). */
export async function othersReplied(db: Kysely<DB>, thread: CommentRecord): Promise<boolean> {
  const row = await db
    .selectFrom('comments')
    .select('id')
    .where('parent_id', '=', thread.id)
    .$call((q) =>
      thread.author_id === null
        ? q
        : q.where((eb) => eb.or([eb('author_id', 'is', null), eb('author_id', '!=', thread.author_id)])),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function hasReplies(db: Kysely<DB>, commentId: string): Promise<boolean> {
  const row = await db
    .selectFrom('comments')
    .select('id')
    .where('parent_id', '=', commentId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Turns a thread's first comment into a placeholder: its words, author and likes go, and the activity it
 * recorded (as a delete's trigger would take it); its place in the timeline and its replies stay.
 */
export async function makePlaceholder(db: Kysely<DB>, commentId: string): Promise<void> {
  await db
    .updateTable('comments')
    .set({ body: '', author_id: null, guest_name: null, deleted_at: nowIso() })
    .where('id', '=', commentId)
    .execute();
  await db.deleteFrom('comment_likes').where('comment_id', '=', commentId).execute();
  await removeActivity(db, 'comment_added', commentId);
}

/** Deletes a comment; its replies and likes go by their foreign keys. */
export async function deleteComment(db: Kysely<DB>, commentId: string): Promise<void> {
  await db.deleteFrom('comments').where('id', '=', commentId).execute();
}

/** Adds the user's like, or takes it back when there was one. */
export async function toggleLike(db: Kysely<DB>, commentId: string, userId: string): Promise<void> {
  const removed = await db
    .deleteFrom('comment_likes')
    .where('comment_id', '=', commentId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) > 0) return;
  await db
    .insertInto('comment_likes')
    .values({ comment_id: commentId, user_id: userId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing())
    .execute();
}

/** The comments a user wrote, oldest first, for the account export. */
export function commentRowsOfAuthor(db: Kysely<DB>, userId: string): Promise<CommentRow[]> {
  return withAuthors(db).where('c.author_id', '=', userId).orderBy('c.created_at').orderBy('c.id').execute();
}
