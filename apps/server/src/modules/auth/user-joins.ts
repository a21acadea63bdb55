// What other areas read of users in their own SQL: a person's name as it is now, joined to their query by a
// column holding the user's id, so a list reads its names in the same statement (the join they wrote before,
// issue #33) while the users table's queries stay here. The joined alias exposes the name only.
import type { Kysely, SelectQueryBuilder, StringReference } from 'kysely';
import type { DB } from '../../db/schema.ts';
import './tables.ts';

/** What a query joined to users may read of the joined row. */
export interface UserName {
  name: string;
}

/** Kysely cannot check a join on a table alias chosen by the caller: the join is built untyped, here only. */
type Untyped = SelectQueryBuilder<Record<string, Record<string, unknown>>, string, unknown>;
const untyped = (qb: unknown) => qb as Untyped;

/** Joins users as `alias` on `alias.id = userId` (an inner join: rows without such a user drop out). */
export function joinUser<QDB, TB extends keyof QDB, O, A extends string>(
  qb: SelectQueryBuilder<QDB, TB, O>,
  alias: A,
  userId: StringReference<QDB, TB>,
): SelectQueryBuilder<QDB & Record<A, UserName>, TB | A, O> {
  return untyped(qb).innerJoin(`users as ${alias}`, `${alias}.id`, userId as string) as never;
}

/** Joins users as `alias` on `alias.id = userId`, keeping rows without such a user (their name is null). */
export function leftJoinUser<QDB, TB extends keyof QDB, O, A extends string>(
  qb: SelectQueryBuilder<QDB, TB, O>,
  alias: A,
  userId: StringReference<QDB, TB>,
): SelectQueryBuilder<QDB & Record<A, { name: string | null }>, TB | A, O> {
  return untyped(qb).leftJoin(`users as ${alias}`, `${alias}.id`, userId as string) as never;
}

/** The users with one of the ids (the ones that exist), as `u` with their id, for the caller to narrow. */
export function usersWithIds(db: Kysely<DB>, userIds: readonly string[]) {
  return db.selectFrom('users as u').select('u.id').where('u.id', 'in', userIds);
}

/** One user's id, name and email as `u`, for the caller to join what goes with them. */
export function userContact(db: Kysely<DB>, userId: string) {
  return db.selectFrom('users as u').select(['u.id', 'u.name', 'u.email']).where('u.id', '=', userId);
}

/** A user's name, or undefined when there is no such user. */
export async function userNameOf(db: Kysely<DB>, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return row?.name;
}
