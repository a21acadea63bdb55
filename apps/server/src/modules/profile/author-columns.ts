// What other areas read of people's profiles in their own SQL, joined to their query by a column holding the
// user's id: an author as they look now (name and avatar, and who may see the avatar), and the notification
// settings a mailer obeys. The joins are the ones those areas wrote before (issue #33), so their lists keep
// one statement and one plan; user_profiles' queries stay here.
import type { SelectQueryBuilder, SelectType, StringReference } from 'kysely';
import type { Bool, Timestamp } from '../../db/schema.ts';
import { leftJoinUser } from '../auth/public.ts';
import './tables.ts';

/** An author's columns: all null for a guest, or an account gone meanwhile. */
export interface AuthorColumns {
  author_name: string | null;
  avatar_key: string | null;
  avatar_updated_at: Timestamp | null;
  profile_visibility: string | null;
}

/** The notification settings, null where the person never saved a profile (the defaults then hold: on). */
export interface NotificationSettingsColumns {
  email_notifications: SelectType<Bool> | null;
  project_notifications: SelectType<Bool> | null;
  collaboration_notifications: SelectType<Bool> | null;
}

/** Kysely cannot check a join made on the caller's query: the join is built untyped, here only. */
type Untyped = SelectQueryBuilder<Record<string, Record<string, unknown>>, string, unknown>;
const untyped = (qb: unknown) => qb as Untyped;

/**
 * Adds the author's columns to the query's rows: joins users as `u` and user_profiles as `p` (both left joins,
 * on `authorId`), so the query must not use those aliases itself.
 */
export function withAuthorColumns<QDB, TB extends keyof QDB, O>(
  qb: SelectQueryBuilder<QDB, TB, O>,
  authorId: StringReference<QDB, TB>,
): SelectQueryBuilder<QDB, TB, O & AuthorColumns> {
  return untyped(leftJoinUser(qb, 'u', authorId))
    .leftJoin('user_profiles as p', 'p.user_id', authorId as string)
    .select([
      'u.name as author_name',
      'p.avatar_key',
      'p.avatar_updated_at',
      'p.profile_visibility',
    ]) as never;
}

/** Adds the person's notification settings: joins user_profiles as `p` (a left join, on `userId`). */
export function withNotificationSettings<QDB, TB extends keyof QDB, O>(
  qb: SelectQueryBuilder<QDB, TB, O>,
  userId: StringReference<QDB, TB>,
): SelectQueryBuilder<QDB, TB, O & NotificationSettingsColumns> {
  return untyped(qb)
    .leftJoin('user_profiles as p', 'p.user_id', userId as string)
    .select(['p.email_notifications', 'p.project_notifications', 'p.collaboration_notifications']) as never;
}
