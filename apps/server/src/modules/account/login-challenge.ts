// The second step of signing in to an account with two-factor on: the right password yields a short-lived
// challenge (only its hash is stored), which a valid authenticator or recovery code trades for a session.
// Wrong codes count as failed sign-ins, so the throttle that guards passwords also guards codes.
import type { User } from '@mixdesk/contract/auth';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isoIn, nowIso, randomToken, sha256 } from '../../platform/ids.ts';
import {
  type ClientInfo,
  clearLoginFailures,
  findUserById,
  type IssuedSession,
  presentUser,
  reserveLoginTry,
  startSession,
} from '../auth/public.ts';
import { isTwoFactorEnabled, verifySecondFactor } from './two-factor.ts';

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const CHALLENGE_MAX_ATTEMPTS = 5;
export const CHALLENGE_EXPIRED = 'Your sign-in timed out. Enter your email and password again.';

const expired = () => new AppError('UNAUTHORIZED', CHALLENGE_EXPIRED);

export async function createLoginChallenge(ctx: AppContext, userId: string): Promise<string> {
  const token = randomToken();
  await ctx.db
    .insertInto('login_challenges')
    .values({
      token_hash: sha256(token),
      user_id: userId,
      attempts: 0,
      created_at: nowIso(),
      expires_at: isoIn(CHALLENGE_TTL_MS),
      used_at: null,
    })
    .execute();
  // Old challenges are of no use to anyone: clear this user's spent and stale ones as we go.
  await ctx.db
    .deleteFrom('login_challenges')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<', nowIso())]))
    .execute();
  return token;
}

/** The auth area's sign-in step (ctx.signInChallenge): a challenge when two-factor is on, else none. */
export async function challengeAtSignIn(ctx: AppContext, userId: string): Promise<string | null> {
  return (await isTwoFactorEnabled(ctx.db, userId)) ? createLoginChallenge(ctx, userId) : null;
}

export async function completeLoginChallenge(
  ctx: AppContext,
  input: { challenge: string; code: string },
  client: ClientInfo,
): Promise<{ user: User; session: IssuedSession }> {
  const hash = sha256(input.challenge);
  // The challenge's try is taken before the code is checked, in the statement that checks the count, so a
  // burst of codes on one challenge has at most CHALLENGE_MAX_ATTEMPTS of them checked.
  const taken = await ctx.db
    .updateTable('login_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>=', nowIso())
    .where('attempts', '<', CHALLENGE_MAX_ATTEMPTS)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw expired();
  const row = await ctx.db
    .selectFrom('login_challenges')
    .select('user_id')
    .where('token_hash', '=', hash)
    .executeTakeFirst();
  const user = row && (await findUserById(ctx.db, row.user_id));
  if (!user) throw expired();
  const attempt = await reserveLoginTry(ctx, user.email, client.ip);
  try {
    await verifySecondFactor(ctx, user.id, input.code);
  } catch (err) {
    if (err instanceof AppError && err.code === 'BAD_REQUEST')
      throw new AppError('UNAUTHORIZED', err.message, err.details);
    // A fault while checking (not a wrong code) uses up neither try.
    await attempt.giveBack();
    await ctx.db
      .updateTable('login_challenges')
      .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
      .where('token_hash', '=', hash)
      .execute();
    throw err;
  }
  const claimed = await ctx.db
    .updateTable('login_challenges')
    .set({ used_at: nowIso() })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw expired();
  await clearLoginFailures(ctx, user.email, client.ip);
  const session = await startSession(ctx, user.id, client);
  return { user: presentUser(user), session };
}
