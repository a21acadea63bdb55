// Failed sign-in throttling, kept in the database so it holds across app instances. A try is reserved before
// the password is checked (a failure row written under the address's lock, platform/security/attempt-lock.ts), so a
// burst of any size has at most the limit's tries checked; a try that succeeds gives its row back.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import { reserveTry, type WindowLimit } from '../../platform/security/attempt-lock.ts';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES = 10;
/**
 * Failed sign-ins from one address across every email (password spraying: one password tried on many
 * accounts). Only that address waits; the same people signing in from anywhere else are not held up.
 */
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 30;

const failures = (db: Kysely<DB>, since: string, max: number, ip: string, email?: string) =>
  db
    .selectFrom('login_failures')
    .select('created_at')
    .where('ip', '=', ip)
    .$if(email !== undefined, (q) => q.where('email', '=', email!))
    .where('created_at', '>', since)
    .orderBy('created_at', 'asc')
    .limit(max)
    .execute();

function loginLimits(email: string, ip: string): WindowLimit[] {
  return [
    {
      max: LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMs: LOGIN_WINDOW_MS,
      what: 'Too many failed sign-in attempts from this address.',
      rows: (db, since) => failures(db, since, LOGIN_MAX_FAILURES_PER_ADDRESS, ip),
    },
    {
      max: LOGIN_MAX_FAILURES,
      windowMs: LOGIN_WINDOW_MS,
      what: 'Too many failed sign-in attempts for this account.',
      rows: (db, since) => failures(db, since, LOGIN_MAX_FAILURES, ip, email),
    },
  ];
}

/** A reserved try: a failure until the caller says otherwise. */
export interface LoginTry {
  /** The secret was right: the try no longer counts (other failures stay). */
  giveBack(): Promise<void>;
}

/**
 * Reserves a try of a secret (password or second-factor code) for `email` from `ip`, or throws 429 when either
 * limit is full. Both limits count this address's rows, so the address is the lock's key.
 */
export async function reserveLoginTry(ctx: AppContext, email: string, ip: string): Promise<LoginTry> {
  const id = newId();
  await reserveTry(ctx, `login:${ip}`, loginLimits(email, ip), (trx) =>
    trx.insertInto('login_failures').values({ id, email, ip, created_at: nowIso() }).execute(),
  );
  return {
    async giveBack() {
      await ctx.db.deleteFrom('login_failures').where('id', '=', id).execute();
    },
  };
}

export async function clearLoginFailures(ctx: AppContext, email: string, ip: string): Promise<void> {
  await ctx.db.deleteFrom('login_failures').where('email', '=', email).where('ip', '=', ip).execute();
}

/** Forgets an email's failed sign-ins from every address (its account is deleted), on the caller's transaction. */
export async function forgetLoginFailuresOf(db: Kysely<DB>, email: string): Promise<void> {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}
