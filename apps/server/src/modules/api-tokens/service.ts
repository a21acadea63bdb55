// Personal API tokens (issue #38): made, listed and revoked by their owner, from a signed-in browser session
// only (the routes refuse a token). A token is `mxd_` and 32 random bytes; only its SHA-256 is kept, and the
// secret is answered once. A person holds at most API_TOKENS_PER_USER_MAX working tokens; expired ones stay
// listed until a new token needs their room.
import {
  API_TOKEN_PREFIX,
  API_TOKENS_PER_USER_MAX,
  type ApiToken,
  type CreateApiTokenSchema,
  type CreatedApiToken,
} from '@mixdesk/contract/api-tokens';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { newId, nowIso, randomToken, sha256 } from '../../platform/ids.ts';
import { lockUserRow } from '../auth/public.ts';
import { presentToken } from './present.ts';
import * as repo from './repo.ts';

type CreateInput = z.output<typeof CreateApiTokenSchema>;

export async function createToken(
  ctx: AppContext,
  userId: string,
  input: CreateInput,
): Promise<CreatedApiToken> {
  const token = `${API_TOKEN_PREFIX}${randomToken(32)}`;
  const now = nowIso();
  const row = {
    id: newId(),
    user_id: userId,
    name: input.name,
    scopes: input.scopes.join(','),
    token_hash: sha256(token),
    created_at: now,
    last_used_at: null,
    expires_at: input.expiresAt ? new Date(input.expiresAt).toISOString() : null,
  };
  // One person's tokens are made one at a time (SQLite's writers already are), so a burst cannot pass the limit.
  await ctx.db.transaction().execute(async (trx) => {
    if (ctx.dialect === 'postgres') await lockUserRow(trx, userId);
    const { total, live } = await repo.countTokensOf(trx, userId, now);
    if (live >= API_TOKENS_PER_USER_MAX)
      throw conflict(
        `You already have ${API_TOKENS_PER_USER_MAX} API tokens, the most one account can hold. Revoke one you no longer use first.`,
      );
    if (total >= API_TOKENS_PER_USER_MAX) await repo.deleteExpiredTokensOf(trx, userId, now);
    await repo.insertToken(trx, row);
  });
  return { token, apiToken: presentToken(row) };
}

export async function listTokens(ctx: AppContext, userId: string): Promise<ApiToken[]> {
  return (await repo.tokenRowsOf(ctx.db, userId)).map(presentToken);
}

/** Revokes one of the caller's tokens: its row goes, so the next request with it fails on every instance. */
export async function revokeToken(ctx: AppContext, userId: string, tokenId: string): Promise<void> {
  // Someone else's token answers as a missing one does.
  if (!(await repo.deleteTokenOf(ctx.db, userId, tokenId))) throw notFound('API token');
}
