// What other areas read of users in their own SQL: a person's name as it is now, joined to their query by a
// column holding the user's id, so a list reads its names in the same statement (the join they wrote before,
// issue #33) while the users table's queries stay here. The joined alias exposes the name only (joinUserContact:
// the email too, for the lists that show a project owner's or collaborator's address).
import type {
  Expression,
  ExpressionBuilder,
  Kysely,
  SelectQueryBuilder,
  SqlBool,
  StringReference,
} from 'kysely';
import type { DB } from '../../db/schema.ts';
import './tables.ts';

/** What a query joined to users may read of the joined row. */
export interface UserName {
  name: string;
}

/** What a query joined to users by joinUserContact may read: the name and the address to write to. */
export interface UserContact {
  name: string;
  email: string;
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

/** joinUser that may also read the joined user's email (`alias.email`): a project's owner, a collaborator. */
export function joinUserContact<QDB, TB extends keyof QDB, O, A extends string>(
  qb: SelectQueryBuilder<QDB, TB, O>,
  alias: A,
  userId: StringReference<QDB, TB>,
): SelectQueryBuilder<QDB & Record<A, UserContact>, TB | A, O> {
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

/**
 * The id and name of each user the condition picks, users being `u` of which it may read the id only (the
 * caller's own tables give the ids: a project's owner and collaborators, in sub-queries).
 */
export function namesOfUsersWhere(
  db: Kysely<DB>,
  where: (eb: ExpressionBuilder<DB & { u: { id: string } }, 'u'>) => Expression<SqlBool>,
): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.name'])
    .where(where as never)
    .execute();
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
