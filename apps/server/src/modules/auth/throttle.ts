// Failed sign-in throttling, kept in the database so it holds across app instances.
import type { AppContext } from '../../platform/context.ts';
import { rateLimited } from '../../platform/errors.ts';
import { newId, nowIso } from '../../platform/ids.ts';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES = 10;
/**
 * Failed sign-ins from one address across every email (password spraying: one password tried on many
 * accounts). Only that address waits; the same people signing in from anywhere else are not held up.
 */
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 30;

export async function assertLoginAllowed(ctx: AppContext, email: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - LOGIN_WINDOW_MS).toISOString();
  const fromAddress = await ctx.db
    .selectFrom('login_failures')
    .select('created_at')
    .where('ip', '=', ip)
    .where('created_at', '>', since)
    .orderBy('created_at', 'asc')
    .limit(LOGIN_MAX_FAILURES_PER_ADDRESS)
    .execute();
  if (fromAddress.length >= LOGIN_MAX_FAILURES_PER_ADDRESS) {
    const retryAfter = (Date.parse(fromAddress[0]!.created_at) + LOGIN_WINDOW_MS - Date.now()) / 1000;
    throw rateLimited(retryAfter, 'Too many failed sign-in attempts from this address.');
  }
  const rows = await ctx.db
    .selectFrom('login_failures')
    .select('created_at')
    .where('email', '=', email)
    .where('ip', '=', ip)
    .where('created_at', '>', since)
    .orderBy('created_at', 'asc')
    .limit(LOGIN_MAX_FAILURES)
    .execute();
  if (rows.length < LOGIN_MAX_FAILURES) return;
  const oldest = Date.parse(rows[0]!.created_at);
  const retryAfter = (oldest + LOGIN_WINDOW_MS - Date.now()) / 1000;
  throw rateLimited(retryAfter, 'Too many failed sign-in attempts for this account.');
}

export async function recordLoginFailure(ctx: AppContext, email: string, ip: string): Promise<void> {
  await ctx.db
    .insertInto('login_failures')
    .values({ id: newId(), email, ip, created_at: nowIso() })
    .execute();
}

export async function clearLoginFailures(ctx: AppContext, email: string, ip: string): Promise<void> {
  await ctx.db.deleteFrom('login_failures').where('email', '=', email).where('ip', '=', ip).execute();
}
