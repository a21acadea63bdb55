// Re-checks who is at the keyboard before a sensitive change: the account's password (throttled like sign-in,
// so a stolen session cannot be used to guess it) and, when two-factor is on, a code.
import type { FieldError } from '@mixdesk/contract/envelope';
import type { AppContext } from '../../platform/context.ts';
import { AppError, unauthorized } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/security/passwords.ts';
import { clearLoginFailures, findUserById, reserveLoginTry, type UserRow } from '../auth/public.ts';
import { isTwoFactorEnabled, verifySecondFactor } from './two-factor.ts';

export const WRONG_PASSWORD = 'The password is incorrect';
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

const fieldError = (path: string, message: string) =>
  new AppError('BAD_REQUEST', message, [{ path, message } satisfies FieldError]);

export async function currentUser(ctx: AppContext, userId: string): Promise<UserRow> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  return user;
}

/** Throws a 400 naming `field` when the password is wrong (never 401: the session itself is fine). */
export async function confirmPassword(
  ctx: AppContext,
  user: UserRow,
  password: string,
  ip: string,
  field = 'password',
  message = WRONG_PASSWORD,
): Promise<void> {
  const attempt = await reserveLoginTry(ctx, user.email, ip);
  if (!(await verifyPassword(user.password_hash, password))) throw fieldError(field, message);
  // With two-factor on, the right password does not wipe the count: wrong codes sent with it stay counted
  // until a code is right too (confirmSecondFactor), as at sign-in.
  if (await isTwoFactorEnabled(ctx.db, user.id)) await attempt.giveBack();
  else await clearLoginFailures(ctx, user.email, ip);
}

/** When two-factor is on, a code is needed as well; wrong codes count towards the same throttle. */
export async function confirmSecondFactor(
  ctx: AppContext,
  user: UserRow,
  code: string | undefined,
  ip: string,
): Promise<void> {
  if (!(await isTwoFactorEnabled(ctx.db, user.id))) return;
  if (!code) throw fieldError('code', 'Enter a code from your authenticator app or a recovery code');
  const attempt = await reserveLoginTry(ctx, user.email, ip);
  try {
    await verifySecondFactor(ctx, user.id, code);
  } catch (err) {
    // Only a wrong code stays counted.
    if (!(err instanceof AppError && err.code === 'BAD_REQUEST')) await attempt.giveBack();
    throw err;
  }
  await clearLoginFailures(ctx, user.email, ip);
}
