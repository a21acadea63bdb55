// The auth area's rules: register, sign in, refresh, sign out, verify email, reset password.
import type { TwoFactorChallenge } from '@mixdesk/contract/account';
import type { LoginInput, RegisterSchema, User } from '@mixdesk/contract/auth';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/sql-helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest, conflict, unauthorized } from '../../platform/errors.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/security/passwords.ts';
import { forgetUserSessions } from '../../platform/security/session-cache.ts';
import { sendPasswordResetEmail, sendVerificationEmail } from './emails.ts';
import { reserveAddressMail } from './mail-budget.ts';
import { consumeOneTimeToken, createOneTimeToken, retireOneTimeTokens } from './one-time-tokens.ts';
import { findUserByEmail, findUserById, presentUser } from './repo.ts';
import { type ClientInfo, endUserSessions, type IssuedSession, startSession } from './sessions.ts';
import { clearLoginFailures, reserveLoginTry } from './throttle.ts';

export const EMAIL_TAKEN = 'An account with this email already exists';
export const BAD_CREDENTIALS = 'Invalid email or password';

export async function register(ctx: AppContext, input: z.output<typeof RegisterSchema>, client: ClientInfo) {
  if (await findUserByEmail(ctx.db, input.email)) throw conflict(EMAIL_TAKEN);
  // An address is sent at most the budget of verification mails, whichever account asked (an account made,
  // deleted and made again with someone else's address must not flood them).
  const place = await reserveAddressMail(ctx, input.email, 'verify_email', 'verification');
  const now = nowIso();
  const user = {
    id: newId(),
    name: input.name,
    email: input.email,
    password_hash: await hashPassword(input.password, ctx.config.argon2),
    role: input.role,
    verified: false,
    created_at: now,
    updated_at: now,
  };
  try {
    await ctx.db.insertInto('users').values(user).execute();
  } catch (err) {
    await place.giveBack();
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
    throw err;
  }
  const token = await createOneTimeToken(ctx, user.id, 'verify_email');
  await sendVerificationEmail(ctx, user, token);
  const session = await startSession(ctx, user.id, client);
  return { user: presentUser(user), session };
}

export async function login(
  ctx: AppContext,
  input: LoginInput,
  client: ClientInfo,
): Promise<{ user: User; session: IssuedSession } | TwoFactorChallenge> {
  // Counted as a failure before the password is checked; given back when it was right.
  const attempt = await reserveLoginTry(ctx, input.email, client.ip);
  const row = await findUserByEmail(ctx.db, input.email);
  const ok = row
    ? await verifyPassword(row.password_hash, input.password)
    : await verifyAgainstDummy(input.password, ctx.config.argon2);
  if (!row || !ok) throw unauthorized(BAD_CREDENTIALS);
  // With two-factor on (the account area's, ctx.signInChallenge), the password only earns a challenge; failures
  // stay counted until the code is right too.
  const challenge = await ctx.signInChallenge(ctx, row.id);
  if (challenge !== null) {
    await attempt.giveBack();
    return { twoFactorRequired: true, challenge };
  }
  await clearLoginFailures(ctx, input.email, client.ip);
  const session = await startSession(ctx, row.id, client);
  return { user: presentUser(row), session };
}

export async function resendVerification(ctx: AppContext, userId: string): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  if (user.verified) throw badRequest('Your email address is already verified.');
  await reserveAddressMail(ctx, user.email, 'verify_email', 'verification');
  const token = await createOneTimeToken(ctx, user.id, 'verify_email');
  await sendVerificationEmail(ctx, user, token);
}

export async function verifyEmail(ctx: AppContext, token: string): Promise<User> {
  const userId = await consumeOneTimeToken(ctx, token, 'verify_email');
  await ctx.db
    .updateTable('users')
    .set({ verified: true, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
  forgetUserSessions(userId);
  const user = await findUserById(ctx.db, userId);
  if (!user) throw badRequest('This verification link is invalid. Request a new one.');
  return presentUser(user);
}

/** Always answers the same way, so it cannot be used to learn which emails have accounts. */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  try {
    await reserveAddressMail(ctx, user.email, 'reset_password', 'password reset');
  } catch (err) {
    if (err instanceof AppError && err.code === 'RATE_LIMITED') {
      ctx.log.warn(
        { service: 'auth', userId: user.id },
        'Password reset email not sent: hourly limit reached',
      );
      return;
    }
    throw err;
  }
  const token = await createOneTimeToken(ctx, user.id, 'reset_password');
  await sendPasswordResetEmail(ctx, user, token);
}

export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  const userId = await consumeOneTimeToken(ctx, token, 'reset_password');
  const passwordHash = await hashPassword(password, ctx.config.argon2);
  // The link proved the address, so it is verified too; every session of the account ends.
  await ctx.db
    .updateTable('users')
    .set({ password_hash: passwordHash, verified: true, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
  await retireOneTimeTokens(ctx, userId, 'reset_password');
  await endUserSessions(ctx, userId);
}
