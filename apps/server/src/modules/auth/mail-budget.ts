// How many account emails one address may be sent: MAIL_PER_HOUR of a kind (verification links, password
// resets) per email address, whichever account asked. The count lives apart from the outbox because deleting
// an account deletes its mail: an account made, deleted and made again with someone else's address must not
// flood them. It keeps only the address's SHA-256, for a day. A mail's place in the budget is reserved (its
// row written) before the mail is made, under the address's lock (platform/security/attempt-lock.ts), so a burst of
// requests sends at most the budget.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { newId, nowIso, sha256 } from '../../platform/ids.ts';
import { reserveTry } from '../../platform/security/attempt-lock.ts';

/** Emails of one kind an address may be sent per hour. */
export const MAIL_PER_HOUR = 5;
const HOUR_MS = 3600 * 1000;
const KEEP_MS = 24 * HOUR_MS;

/** The mails of one kind logged for an address hash since `since`, oldest first, at most `max`. */
export const addressMailRows = (db: Kysely<DB>, hash: string, kind: string, since: string, max: number) =>
  db
    .selectFrom('address_mail_log')
    .select('created_at')
    .where('address_hash', '=', hash)
    .where('kind', '=', kind)
    .where('created_at', '>', since)
    .orderBy('created_at', 'asc')
    .limit(max)
    .execute();

/** A logged mail: its address's hash (or another key's: a sender's), what kind, when. */
export interface LoggedMail {
  id: string;
  address_hash: string;
  kind: string;
  created_at: string;
}

/** Logs mails in the budget's table (for another area's budget: signing mails), on the caller's transaction. */
export async function logAddressMails(db: Kysely<DB>, rows: readonly LoggedMail[]): Promise<void> {
  await db
    .insertInto('address_mail_log')
    .values([...rows])
    .execute();
}

/** Forgets the logged mails older than `before` (the log keeps a day). */
export async function pruneAddressMails(db: Kysely<DB>, before: string): Promise<void> {
  await db.deleteFrom('address_mail_log').where('created_at', '<', before).execute();
}

/** Takes logged mails back by id (they were not sent after all). */
export async function unlogAddressMails(db: Kysely<DB>, ids: readonly string[]): Promise<void> {
  await db.deleteFrom('address_mail_log').where('id', 'in', ids).execute();
}

/** A reserved place in an address's budget. */
export interface MailPlace {
  /** The mail was not made after all (the account could not be created): the place is free again. */
  giveBack(): Promise<void>;
}

/**
 * Takes one of the address's MAIL_PER_HOUR places for `kind` (429 "Too many <what> emails requested." when
 * they are all taken, until the oldest is an hour old). Rows older than a day go at the same time.
 */
export async function reserveAddressMail(
  ctx: AppContext,
  address: string,
  kind: string,
  what: string,
): Promise<MailPlace> {
  const hash = sha256(address);
  const id = newId();
  await reserveTry(
    ctx,
    `mail:${kind}:${hash}`,
    [
      {
        max: MAIL_PER_HOUR,
        windowMs: HOUR_MS,
        what: `Too many ${what} emails requested.`,
        rows: (db, since) => addressMailRows(db, hash, kind, since, MAIL_PER_HOUR),
      },
    ],
    async (trx) => {
      await trx
        .deleteFrom('address_mail_log')
        .where('created_at', '<', new Date(Date.now() - KEEP_MS).toISOString())
        .execute();
      await trx
        .insertInto('address_mail_log')
        .values({ id, address_hash: hash, kind, created_at: nowIso() })
        .execute();
    },
  );
  return {
    async giveBack() {
      await ctx.db.deleteFrom('address_mail_log').where('id', '=', id).execute();
    },
  };
}
