// How many account emails one person or one address may be sent: MAIL_PER_HOUR of a kind per account (read
// from the outbox), and, for verification links, per email address whichever account asked. The address count
// lives apart from the outbox because deleting an account deletes its mail: an account made, deleted and made
// again with someone else's address must not flood them. It keeps only the address's SHA-256, for a day.
import type { AppContext } from '../../platform/context.ts';
import { rateLimited } from '../../platform/errors.ts';
import { newId, nowIso, sha256 } from '../../platform/ids.ts';

/** Emails of one kind a user (or, for verification, an address) may be sent per hour. */
export const MAIL_PER_HOUR = 5;
const HOUR_MS = 3600 * 1000;
const KEEP_MS = 24 * HOUR_MS;

function refuseUntil(oldest: string, what: string): never {
  const retryAfter = (Date.parse(oldest) + HOUR_MS - Date.now()) / 1000;
  throw rateLimited(retryAfter, `Too many ${what} emails requested.`);
}

export async function assertMailBudget(
  ctx: AppContext,
  userId: string,
  kind: string,
  what: string,
): Promise<void> {
  const since = new Date(Date.now() - HOUR_MS).toISOString();
  const sent = await ctx.db
    .selectFrom('mail_outbox')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('created_at', '>', since)
    .orderBy('created_at', 'asc')
    .limit(MAIL_PER_HOUR)
    .execute();
  if (sent.length >= MAIL_PER_HOUR) refuseUntil(sent[0]!.created_at, what);
}

export async function assertAddressMailBudget(
  ctx: AppContext,
  address: string,
  kind: string,
  what: string,
): Promise<void> {
  const since = new Date(Date.now() - HOUR_MS).toISOString();
  const sent = await ctx.db
    .selectFrom('address_mail_log')
    .select('created_at')
    .where('address_hash', '=', sha256(address))
    .where('kind', '=', kind)
    .where('created_at', '>', since)
    .orderBy('created_at', 'asc')
    .limit(MAIL_PER_HOUR)
    .execute();
  if (sent.length >= MAIL_PER_HOUR) refuseUntil(sent[0]!.created_at, what);
}

/** Counts one mail of `kind` to `address`; rows older than a day go at the same time. */
export async function recordAddressMail(ctx: AppContext, address: string, kind: string): Promise<void> {
  await ctx.db
    .deleteFrom('address_mail_log')
    .where('created_at', '<', new Date(Date.now() - KEEP_MS).toISOString())
    .execute();
  await ctx.db
    .insertInto('address_mail_log')
    .values({ id: newId(), address_hash: sha256(address), kind, created_at: nowIso() })
    .execute();
}
