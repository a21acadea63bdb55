// The account-security rules: change password, the sign-in sessions list, two-factor on and off.
import type { ChangePasswordInput, SessionInfo } from '@mixdesk/contract/account';
import type { AppContext } from '../../platform/context.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/security/passwords.ts';
import {
  countOtherLiveSessions,
  endSession,
  endUserSessions,
  findLiveSession,
  liveSessionsOf,
  setUserPassword,
} from '../auth/public.ts';
import {
  confirmPassword,
  confirmSecondFactor,
  currentUser,
  WRONG_CURRENT_PASSWORD,
} from './confirm-identity.ts';
import { describeDevice } from './devices.ts';
import * as twoFactor from './two-factor.ts';

export interface Caller {
  userId: string;
  sessionId: string;
  ip: string;
}

/** A new password for a caller who knows the current one; every other session of the account ends. */
export async function changePassword(
  ctx: AppContext,
  caller: Caller,
  input: ChangePasswordInput,
): Promise<number> {
  const user = await currentUser(ctx, caller.userId);
  await confirmPassword(
    ctx,
    user,
    input.currentPassword,
    caller.ip,
    'currentPassword',
    WRONG_CURRENT_PASSWORD,
  );
  const passwordHash = await hashPassword(input.newPassword, ctx.config.argon2);
  await setUserPassword(ctx.db, user.id, passwordHash);
  const others = await countOtherSessions(ctx, caller);
  await endUserSessions(ctx, user.id, caller.sessionId);
  return others;
}

function countOtherSessions(ctx: AppContext, caller: Caller): Promise<number> {
  return countOtherLiveSessions(ctx.db, caller.userId, caller.sessionId);
}

/** The account's signed-in devices, the current one first, then the most recently used. */
export async function listSessions(ctx: AppContext, caller: Caller): Promise<SessionInfo[]> {
  const rows = await liveSessionsOf(ctx.db, caller.userId);
  return rows
    .map((row) => ({
      _id: row.id,
      device: describeDevice(row.user_agent),
      userAgent: row.user_agent,
      ip: row.ip,
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
      current: row.id === caller.sessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Signs one of the caller's own sessions out; someone else's session is "not found". */
export async function signOutSession(ctx: AppContext, caller: Caller, sessionId: string): Promise<void> {
  const row = await findLiveSession(ctx.db, caller.userId, sessionId);
  if (!row) throw notFound('Session');
  await endSession(ctx, row.id);
}

export async function signOutOtherSessions(ctx: AppContext, caller: Caller): Promise<number> {
  const others = await countOtherSessions(ctx, caller);
  await endUserSessions(ctx, caller.userId, caller.sessionId);
  return others;
}

export async function startTwoFactorSetup(ctx: AppContext, caller: Caller) {
  const user = await currentUser(ctx, caller.userId);
  return twoFactor.beginSetup(ctx, user.id, user.email);
}

export async function disableTwoFactor(
  ctx: AppContext,
  caller: Caller,
  input: { code: string; password: string },
) {
  const user = await currentUser(ctx, caller.userId);
  await confirmPassword(ctx, user, input.password, caller.ip);
  // Off already (or only half set up): clearing is all there is to do.
  if (await twoFactor.isTwoFactorEnabled(ctx.db, user.id))
    await confirmSecondFactor(ctx, user, input.code, caller.ip);
  await twoFactor.disableTwoFactor(ctx, user.id);
}

export async function newRecoveryCodes(
  ctx: AppContext,
  caller: Caller,
  input: { code: string; password: string },
) {
  const user = await currentUser(ctx, caller.userId);
  await confirmPassword(ctx, user, input.password, caller.ip);
  if (!(await twoFactor.isTwoFactorEnabled(ctx.db, user.id)))
    throw conflict('Two-factor authentication is off, so there are no recovery codes to replace.');
  await confirmSecondFactor(ctx, user, input.code, caller.ip);
  return twoFactor.regenerateRecoveryCodes(ctx, user.id);
}
