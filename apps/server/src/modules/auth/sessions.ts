// Sign-in sessions: one per device, with a rotating refresh token (stored hashed) and short access tokens.

import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isoIn, newId, nowIso, randomToken, sha256 } from '../../platform/ids.ts';
import { accessTokens } from '../../platform/security/access-token.ts';
import { REFRESH_TTL_SECONDS } from '../../platform/security/cookies.ts';
import { forgetSession } from '../../platform/security/session-cache.ts';
import { findUserById, presentUser, revokeSession, revokeUserSessions } from './repo.ts';

export interface IssuedSession {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
}

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

/** Signs a session out: revoked in the database, its live connections closed. */
export async function endSession(ctx: AppContext, sessionId: string): Promise<void> {
  await revokeSession(ctx.db, sessionId);
  ctx.live.endSessions({ sessionId });
}

/** Signs out every session of a user, except `keep` if given (the caller's own). */
export async function endUserSessions(ctx: AppContext, userId: string, keep?: string): Promise<void> {
  await revokeUserSessions(ctx.db, userId, keep);
  ctx.live.endSessions({ userId, except: keep });
}

async function issueRefreshToken(ctx: AppContext, sessionId: string): Promise<string> {
  const token = randomToken();
  await ctx.db
    .insertInto('refresh_tokens')
    .values({
      token_hash: sha256(token),
      session_id: sessionId,
      created_at: nowIso(),
      expires_at: isoIn(REFRESH_TTL_SECONDS * 1000),
      used_at: null,
    })
    .execute();
  return token;
}

export async function startSession(
  ctx: AppContext,
  userId: string,
  client: ClientInfo,
): Promise<IssuedSession> {
  const sessionId = newId();
  const now = nowIso();
  await ctx.db
    .insertInto('auth_sessions')
    .values({
      id: sessionId,
      user_id: userId,
      user_agent: client.userAgent?.slice(0, 300) ?? null,
      ip: client.ip,
      created_at: now,
      last_used_at: now,
      expires_at: isoIn(REFRESH_TTL_SECONDS * 1000),
      revoked_at: null,
    })
    .execute();
  const refreshToken = await issueRefreshToken(ctx, sessionId);
  const accessToken = await accessTokens(ctx.config.jwtSecret).sign({ userId, sessionId });
  return { sessionId, accessToken, refreshToken };
}

const invalidRefresh = () => new AppError('UNAUTHORIZED', 'Your session has expired. Please log in again.');

/**
 * Trades a refresh token for a new pair. A token is good once: presenting a used one means it was stolen
 * or replayed, so the whole session (every token descended from the same sign-in) is revoked.
 */
export async function rotateSession(ctx: AppContext, refreshToken: string | undefined) {
  if (!refreshToken || refreshToken.length > 200) throw invalidRefresh();
  const hash = sha256(refreshToken);
  const row = await ctx.db
    .selectFrom('refresh_tokens as t')
    .innerJoin('auth_sessions as s', 's.id', 't.session_id')
    .select([
      't.session_id',
      't.used_at',
      't.expires_at',
      's.user_id',
      's.revoked_at',
      's.expires_at as session_expires',
    ])
    .where('t.token_hash', '=', hash)
    .executeTakeFirst();
  if (!row) throw invalidRefresh();
  const now = nowIso();
  if (row.used_at) {
    await endSession(ctx, row.session_id);
    ctx.log.warn({ service: 'auth', sessionId: row.session_id }, 'Refresh token reused: session revoked');
    throw invalidRefresh();
  }
  if (row.revoked_at || row.expires_at < now || row.session_expires < now) throw invalidRefresh();

  // Mark used only if still unused, so two racing refreshes cannot both succeed.
  const marked = await ctx.db
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) !== 1) {
    await endSession(ctx, row.session_id);
    throw invalidRefresh();
  }
  await ctx.db
    .updateTable('auth_sessions')
    .set({ last_used_at: now, expires_at: isoIn(REFRESH_TTL_SECONDS * 1000) })
    .where('id', '=', row.session_id)
    .execute();
  // This instance sees the new end at once (live connections wait for it: platform/realtime/realtime.ts).
  forgetSession(row.session_id);
  const user = await findUserById(ctx.db, row.user_id);
  if (!user) throw invalidRefresh();
  const next = await issueRefreshToken(ctx, row.session_id);
  const accessToken = await accessTokens(ctx.config.jwtSecret).sign({
    userId: user.id,
    sessionId: row.session_id,
  });
  return { user: presentUser(user), session: { sessionId: row.session_id, accessToken, refreshToken: next } };
}

/** The session a refresh token belongs to, for sign-out (used or not: signing out always works). */
export async function sessionOfRefreshToken(ctx: AppContext, refreshToken: string | undefined) {
  if (!refreshToken || refreshToken.length > 200) return undefined;
  const row = await ctx.db
    .selectFrom('refresh_tokens')
    .select('session_id')
    .where('token_hash', '=', sha256(refreshToken))
    .executeTakeFirst();
  return row?.session_id;
}
