// Queries of the api-tokens area: a person's tokens, and the one lookup every token-authenticated request makes
// (by the token's hash, through the unique index).
import type { Insertable, Kysely, Selectable } from 'kysely';
import { prepared } from '../../db/prepared.ts';
import type { DB } from '../../db/schema.ts';
import type { ApiTokensTable } from './tables.ts';

export type ApiTokenRow = Selectable<ApiTokensTable>;

export async function insertToken(db: Kysely<DB>, row: Insertable<ApiTokensTable>): Promise<void> {
  await db.insertInto('api_tokens').values(row).execute();
}

/** A person's tokens, expired ones included, the newest first. */
export function tokenRowsOf(db: Kysely<DB>, userId: string): Promise<ApiTokenRow[]> {
  return db
    .selectFrom('api_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** How many tokens a person holds, and how many of them still work at `now`. */
export async function countTokensOf(
  db: Kysely<DB>,
  userId: string,
  now: string,
): Promise<{ total: number; live: number }> {
  const rows = await db.selectFrom('api_tokens').select('expires_at').where('user_id', '=', userId).execute();
  const nowMs = Date.parse(now);
  const live = rows.filter((r) => r.expires_at === null || Date.parse(r.expires_at) > nowMs).length;
  return { total: rows.length, live };
}

/** Removes a person's tokens that stopped working before `now` (they make room for new ones). */
export async function deleteExpiredTokensOf(db: Kysely<DB>, userId: string, now: string): Promise<void> {
  await db
    .deleteFrom('api_tokens')
    .where('user_id', '=', userId)
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', now)
    .execute();
}

/** Deletes one of a person's tokens; false when they have no token of that id. */
export async function deleteTokenOf(db: Kysely<DB>, userId: string, tokenId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('api_tokens')
    .where('id', '=', tokenId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteTokensOf(db: Kysely<DB>, userId: string): Promise<void> {
  await db.deleteFrom('api_tokens').where('user_id', '=', userId).execute();
}

function tokenByHashQuery(db: Kysely<DB>, hash: string) {
  return db
    .selectFrom('api_tokens')
    .select(['id', 'user_id', 'scopes', 'expires_at', 'last_used_at'])
    .where('token_hash', '=', hash);
}

type TokenByHashRow = Awaited<ReturnType<ReturnType<typeof tokenByHashQuery>['executeTakeFirstOrThrow']>>;

/** Runs on every token-authenticated request, so it is compiled once per database (db/prepared.ts). */
const tokenByHash = prepared<TokenByHashRow>((db, [hash]) => tokenByHashQuery(db, hash!));

export async function findTokenByHash(db: Kysely<DB>, hash: string): Promise<TokenByHashRow | undefined> {
  return (await tokenByHash(db, [hash]))[0];
}

/** Records a use at `now`, unless one was recorded after `since` (by this or another instance). */
export async function recordUse(db: Kysely<DB>, tokenId: string, now: string, since: string): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: now })
    .where('id', '=', tokenId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', since)]))
    .execute();
}
