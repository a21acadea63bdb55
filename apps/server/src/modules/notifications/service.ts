// Rules of per-user notifications (issue #15). Other areas tell a person something with `notify`, inside the
// transaction of the change that caused it, then call `announce` once that transaction has committed:
//
//   const created = await ctx.db.transaction().execute(async (trx) => {
//     ...the change...
//     return notify(ctx, trx, { userId, kind: 'mention', actorId, actorName, projectId, title, body, link });
//   });
//   await announce(ctx, created);
//
// notify never tells the actor about their own doing, and with a dedupeKey tells a person once. With `fold`
// (a kind and thread: "mention:<threadId>") repeats fold into one: while the person has an unread one of that
// key, a new one updates it (count, latest actor, sentence, excerpt, link and time) instead of adding a row.
// announce pushes `notification:new` ({ notification, unreadCount }) to the person's open connections, a
// folded one again under its id; it never throws (the change is committed whatever happens to the push).
// Email follows by the sweep (email-sweep.ts).
// A person sees and marks read only their own.
import {
  type MarkReadSchema,
  NOTIFICATION_NEW_EVENT,
  NOTIFICATIONS_LIMIT_MAX,
  type NotificationEvent,
  type NotificationKind,
  type NotificationListData,
  type NotificationListQuery,
} from '@mixdesk/contract/notifications';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { pageWindow } from '../../db/sql-helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import * as repo from './repo.ts';

/** Longest body kept: an excerpt, not the whole comment. */
export const BODY_EXCERPT_MAX = 280;
const TITLE_MAX = 300;

export interface NotifyInput {
  /** Whom to tell. */
  userId: string;
  kind: NotificationKind;
  /** Who did it: a user's id, or null for a guest or the system. */
  actorId: string | null;
  actorName: string | null;
  projectId: string | null;
  /** The sentence the person reads: "Ana mentioned you on Glasshouse at 1:12". */
  title: string;
  /** The text it is about (a comment's body); clipped to an excerpt. */
  body?: string;
  /** An app path: `/projects/:id/tracks?track=..&version=..&t=..&comment=..`. */
  link: string;
  /** Tells the person once: a second notify with the same key for the same person does nothing. */
  dedupeKey?: string | null;
  /**
   * Folds repeats (and takes the place of dedupeKey): `key` names the kind and the thread, and `title(count)`
   * is the sentence of a notification that folds `count` of them.
   */
  fold?: { key: string; title: (count: number) => string };
}

/** A notification `notify` stored, for `announce` to push once the transaction has committed. */
export interface CreatedNotification {
  id: string;
  userId: string;
}

/** `text` on one line-ish, at most `max` characters, cut at a word with an ellipsis. */
export function excerpt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * Stores a notification for `input.userId` in `db` (the caller's transaction, or ctx.db). Returns what it
 * created or folded into: nothing when the person is the actor, or already has one with the same dedupe key.
 */
export async function notify(
  _ctx: AppContext,
  db: Kysely<DB>,
  input: NotifyInput,
): Promise<CreatedNotification[]> {
  if (input.actorId !== null && input.actorId === input.userId) return [];
  const id = newId();
  const values = {
    id,
    user_id: input.userId,
    kind: input.kind,
    actor_id: input.actorId,
    actor_name: input.actorName,
    project_id: input.projectId,
    title: excerpt(input.title, TITLE_MAX),
    body: excerpt(input.body ?? '', BODY_EXCERPT_MAX),
    link: input.link,
    created_at: nowIso(),
  };
  if (input.fold) {
    const row = await repo.upsertFolded(db, { ...values, fold_key: input.fold.key });
    const count = Number(row.fold_count);
    if (count > 1) await repo.setFoldedTitle(db, row.id, count, excerpt(input.fold.title(count), TITLE_MAX));
    return [{ id: row.id, userId: input.userId }];
  }
  const inserted = await repo.insertNotification(db, { ...values, dedupe_key: input.dedupeKey ?? null });
  return inserted ? [{ id, userId: input.userId }] : [];
}

/**
 * Pushes `notification:new` to each person's open connections, with their unread count after it. Call it
 * after the transaction that created the notifications has committed. Never throws: failures are logged.
 */
export async function announce(ctx: AppContext, created: CreatedNotification[]): Promise<void> {
  if (created.length === 0) return;
  try {
    const rows = await repo.rowsByIds(
      ctx.db,
      created.map((c) => c.id),
    );
    const unread = new Map<string, number>();
    for (const userId of new Set(rows.map((r) => r.user_id)))
      unread.set(userId, await repo.unreadCountOf(ctx.db, userId));
    for (const row of rows) {
      const event: NotificationEvent = {
        notification: repo.presentNotification(row),
        unreadCount: unread.get(row.user_id) ?? 0,
      };
      ctx.live.toUser(row.user_id, NOTIFICATION_NEW_EVENT, event);
    }
  } catch (err) {
    ctx.log.error({ service: 'notifications', err }, 'Could not announce new notifications');
  }
}

/** GET /api/notifications: mine, newest first, with how many are unread. */
export async function listNotifications(
  ctx: AppContext,
  userId: string,
  query: NotificationListQuery,
): Promise<NotificationListData> {
  const { limit, offset, page } = pageWindow(query.page, query.limit, NOTIFICATIONS_LIMIT_MAX);
  const read = query.unread === undefined ? undefined : !query.unread;
  const [rows, counts] = await Promise.all([
    repo.pageOfUser(ctx.db, userId, { read, limit, offset }),
    repo.countsOfUser(ctx.db, userId),
  ]);
  const unreadCount = counts.total - counts.read;
  const total = read === undefined ? counts.total : read ? counts.read : unreadCount;
  return {
    notifications: rows.map(repo.presentNotification),
    unreadCount,
    pagination: { currentPage: page, totalPages: Math.ceil(total / limit), limit, totalNotifications: total },
  };
}

/** POST /api/notifications/read: marks the given ones of mine (others' ids change nothing), or all of mine. */
export async function markNotificationsRead(
  ctx: AppContext,
  userId: string,
  input: z.output<typeof MarkReadSchema>,
): Promise<{ unreadCount: number }> {
  await repo.markRead(ctx.db, userId, input.ids ? { ids: input.ids } : 'all', nowIso());
  return { unreadCount: await repo.unreadCountOf(ctx.db, userId) };
}
