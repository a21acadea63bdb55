// Single-use emailed links: verify email (24 h) and reset password (1 h). Only the token's hash is stored, and
// only the newest link of a kind works: issuing one retires the account's older ones, marked as replaced so that
// opening one says so (issue #32) rather than that it was already used.
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { isoIn, nowIso, randomToken, sha256 } from '../../platform/ids.ts';
import type { OneTimeTokensTable } from './tables.ts';

export type TokenPurpose = OneTimeTokensTable['purpose'];

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  verify_email: 24 * 3600 * 1000,
  reset_password: 3600 * 1000,
};

const NOUN: Record<TokenPurpose, string> = {
  verify_email: 'verification link',
  reset_password: 'password reset link',
};

export async function createOneTimeToken(
  ctx: AppContext,
  userId: string,
  purpose: TokenPurpose,
): Promise<string> {
  await retireOneTimeTokens(ctx, userId, purpose, 'replaced');
  const token = randomToken();
  await ctx.db
    .insertInto('one_time_tokens')
    .values({
      token_hash: sha256(token),
      user_id: userId,
      purpose,
      created_at: nowIso(),
      expires_at: isoIn(TOKEN_TTL_MS[purpose]),
      used_at: null,
    })
    .execute();
  return token;
}

/** Marks the token used and returns its user id; a reused, expired or unknown link is a clear 400. */
export async function consumeOneTimeToken(
  ctx: AppContext,
  token: string,
  purpose: TokenPurpose,
): Promise<string> {
  const hash = sha256(token);
  const row = await ctx.db
    .selectFrom('one_time_tokens')
    .selectAll()
    .where('token_hash', '=', hash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  const noun = NOUN[purpose];
  if (!row) throw badRequest(`This ${noun} is invalid. Request a new one.`);
  if (row.replaced_at) throw badRequest(await replacedMessage(ctx, row, purpose));
  if (row.used_at) throw badRequest(`This ${noun} has already been used.`);
  if (row.expires_at < nowIso()) throw badRequest(`This ${noun} has expired. Request a new one.`);
  const res = await ctx.db
    .updateTable('one_time_tokens')
    .set({ used_at: nowIso() })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw badRequest(`This ${noun} has already been used.`);
  return row.user_id;
}

/** What opening a replaced link says: use the newest one, or, when that one was used already, that it was. */
async function replacedMessage(
  ctx: AppContext,
  old: { token_hash: string; user_id: string; created_at: string },
  purpose: TokenPurpose,
): Promise<string> {
  const noun = NOUN[purpose];
  const newest = await ctx.db
    .selectFrom('one_time_tokens')
    .select(['used_at', 'replaced_at'])
    .where('user_id', '=', old.user_id)
    .where('purpose', '=', purpose)
    .where('token_hash', '!=', old.token_hash)
    .where('created_at', '>=', old.created_at)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (newest?.used_at && !newest.replaced_at)
    return `This ${noun} was replaced by a newer one, which has already been used.`;
  return `This ${noun} was replaced by a newer one: use the link in the latest email.`;
}

/**
 * Retires every outstanding link of one purpose: `replaced` when a newer one is being sent, else (a reset went
 * through) they count as used.
 */
export async function retireOneTimeTokens(
  ctx: AppContext,
  userId: string,
  purpose: TokenPurpose,
  why: 'replaced' | 'used' = 'used',
): Promise<void> {
  const now = nowIso();
  await ctx.db
    .updateTable('one_time_tokens')
    .set({ used_at: now, replaced_at: why === 'replaced' ? now : null })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}
