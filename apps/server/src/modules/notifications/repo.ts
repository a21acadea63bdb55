// Queries of the notifications area: a person's list and counts, marking read, and the email sweep's claims.
import type { Notification, NotificationKind } from '@mixdesk/contract/notifications';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { userContact } from '../auth/public.ts';
import { withNotificationSettings } from '../profile/public.ts';
import { withProjectTitle } from '../projects/public.ts';
import type { NotificationsTable } from './tables.ts';

export type NotificationRecord = Selectable<NotificationsTable>;
/** A notification with its project's title as it is now (null when it has no project). */
export type NotificationRow = NotificationRecord & { project_title: string | null };

/** Notifications as `n`, each with its project's title (joined by the projects area). */
function withProjects(db: Kysely<DB>) {
  return withProjectTitle(db.selectFrom('notifications as n').selectAll('n'), 'n.project_id');
}

export function presentNotification(row: NotificationRow): Notification {
  return {
    _id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    link: row.link,
    actor: row.actor_id || row.actor_name ? { _id: row.actor_id, name: row.actor_name ?? '' } : null,
    project:
      row.project_id && row.project_title !== null ? { _id: row.project_id, title: row.project_title } : null,
    read: row.read_at !== null,
    count: Number(row.fold_count),
    createdAt: row.created_at,
  };
}

/** Inserts one; false when the user already has one with the same dedupe key. */
export async function insertNotification(
  db: Kysely<DB>,
  values: Insertable<NotificationsTable>,
): Promise<boolean> {
  const result = await db
    .insertInto('notifications')
    .values(values)
    .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Inserts one that folds its repeats, or, while the user has an unread one with the same `fold_key`, updates
 * that one instead: one more in its count, and the new one's actor, sentence, excerpt, link and time; it
 * waits for the email sweep again. One statement, so a burst makes one row (the unique index on user and key).
 * Returns the row's id and count.
 */
export function upsertFolded(
  db: Kysely<DB>,
  values: Insertable<NotificationsTable> & { fold_key: string },
): Promise<{ id: string; fold_count: number }> {
  return db
    .insertInto('notifications')
    .values({ ...values, fold_count: 1 })
    .onConflict((oc) =>
      oc.columns(['user_id', 'fold_key']).doUpdateSet((eb) => ({
        fold_count: eb('notifications.fold_count', '+', 1),
        actor_id: eb.ref('excluded.actor_id'),
        actor_name: eb.ref('excluded.actor_name'),
        title: eb.ref('excluded.title'),
        body: eb.ref('excluded.body'),
        link: eb.ref('excluded.link'),
        created_at: eb.ref('excluded.created_at'),
        emailed_at: null,
      })),
    )
    .returning(['id', 'fold_count'])
    .executeTakeFirstOrThrow();
}

/** Sets a folded one's sentence for its `count`; a later fold (a higher count) has written its own: kept. */
export async function setFoldedTitle(
  db: Kysely<DB>,
  id: string,
  count: number,
  title: string,
): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ title })
    .where('id', '=', id)
    .where('fold_count', '=', count)
    .execute();
}

/** One page of a user's notifications, newest first; `read` filters (undefined: all). */
export function pageOfUser(
  db: Kysely<DB>,
  userId: string,
  opts: { read?: boolean; limit: number; offset: number },
): Promise<NotificationRow[]> {
  // The page's ids first, down the (user, created_at, id) index; only its rows are read and joined.
  let ids = db.selectFrom('notifications').select('id').where('user_id', '=', userId);
  if (opts.read !== undefined) ids = ids.where('read_at', opts.read ? 'is not' : 'is', null);
  ids = ids.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(opts.limit).offset(opts.offset);
  return withProjects(db)
    .where('n.id', 'in', ids)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .execute();
}

/** How many notifications a user has, and how many of them are read: two index-only counts (0031). */
export async function countsOfUser(db: Kysely<DB>, userId: string): Promise<{ total: number; read: number }> {
  const [total, unread] = await Promise.all([
    db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    unreadCountOf(db, userId),
  ]);
  const all = Number(total?.n ?? 0);
  return { total: all, read: all - unread };
}

export async function unreadCountOf(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Marks a user's notifications read (the given ones, or all); others' ids match nothing. A read one folds no
 * more: its fold key goes, and the next of its kind and thread is a new row.
 */
export async function markRead(
  db: Kysely<DB>,
  userId: string,
  which: { ids: string[] } | 'all',
  at: string,
): Promise<void> {
  let query = db
    .updateTable('notifications')
    .set({ read_at: at, fold_key: null })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (which !== 'all') query = query.where('id', 'in', which.ids);
  await query.execute();
}

export function rowsByIds(db: Kysely<DB>, ids: string[]): Promise<NotificationRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return withProjects(db).where('n.id', 'in', ids).orderBy('n.created_at').orderBy('n.id').execute();
}

export function allOfUser(db: Kysely<DB>, userId: string): Promise<NotificationRow[]> {
  return withProjects(db)
    .where('n.user_id', '=', userId)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .execute();
}

// --- The email sweep ---

/** Users with an unread notification the sweep has not dealt with, created at or before `cutoff`. */
export async function usersWaitingForEmail(db: Kysely<DB>, cutoff: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('notifications')
    .select('user_id')
    .distinct()
    .where('emailed_at', 'is', null)
    .where('read_at', 'is', null)
    .where('created_at', '<=', cutoff)
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * Claims every unread notification of a user the sweep has not dealt with (created at or before `upTo`) by
 * setting emailed_at, and returns the ids and kinds of those this call changed. Two sweeps running at once
 * each get a disjoint set: PostgreSQL re-checks `emailed_at is null` after waiting on a row another sweep
 * updated; SQLite runs one write at a time.
 */
export function claimForEmail(db: Kysely<DB>, userId: string, upTo: string, at: string) {
  return db
    .updateTable('notifications')
    .set({ emailed_at: at })
    .where('user_id', '=', userId)
    .where('emailed_at', 'is', null)
    .where('read_at', 'is', null)
    .where('created_at', '<=', upTo)
    .returning(['id', 'kind'])
    .execute();
}

/** Gives claimed notifications back to the next sweep (sending failed). */
export async function releaseClaim(db: Kysely<DB>, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('notifications').set({ emailed_at: null }).where('id', 'in', ids).execute();
}

/** Where and whether to mail a user: their address and their notification settings (defaults: all on). */
export async function recipientOf(db: Kysely<DB>, userId: string) {
  const row = await withNotificationSettings(userContact(db, userId), 'u.id').executeTakeFirst();
  if (!row) return undefined;
  const on = (v: boolean | number | null) => v === null || Boolean(v);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    emailNotifications: on(row.email_notifications),
    projectNotifications: on(row.project_notifications),
    collaborationNotifications: on(row.collaboration_notifications),
  };
}
