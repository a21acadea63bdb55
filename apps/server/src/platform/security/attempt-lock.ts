// "N tries" guards (failed sign-ins, share-link passwords, signing links, mail budgets) count rows in a
// window and must not let a burst through between the count and the row that records a try. Each guard
// reserves its try under a lock: the count and the insert run in one transaction that holds the guard's key
// against every other request on every instance. On PostgreSQL that is a transaction-scoped advisory lock on
// the key's hash (with the schema, so deployments sharing a database do not wait on each other); SQLite has
// one connection, and Kysely's driver hands it to one transaction at a time, so the transaction alone holds.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../context.ts';
import { rateLimited } from '../errors.ts';

/** Runs `work` in a transaction that no other holder of `key` runs beside. Keep it short: a count and a write. */
export function withKeyLock<T>(
  ctx: Pick<AppContext, 'db' | 'dialect'>,
  key: string,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction().execute(async (trx) => {
    if (ctx.dialect === 'postgres')
      await sql`select pg_advisory_xact_lock(hashtextextended(current_schema() || ':' || ${key}, 0))`.execute(
        trx,
      );
    return work(trx);
  });
}

/** One limit of a guard: at most `max` rows that `count` finds in the last `windowMs`. */
export interface WindowLimit {
  max: number;
  windowMs: number;
  /** The start of the 429's message. */
  what: string;
  /** The window's rows, oldest first, at most `max` of them (their `created_at`). */
  rows: (db: Kysely<DB>, since: string) => Promise<{ created_at: string }[]>;
}

/** Throws the 429 of the first full limit, its Retry-After when the oldest row leaves the window. */
export async function assertUnderLimits(db: Kysely<DB>, limits: WindowLimit[], nowMs = Date.now()) {
  for (const limit of limits) {
    const rows = await limit.rows(db, new Date(nowMs - limit.windowMs).toISOString());
    if (rows.length < limit.max) continue;
    throw rateLimited((Date.parse(rows[0]!.created_at) + limit.windowMs - nowMs) / 1000, limit.what);
  }
}

/**
 * Reserves one try under every limit at once: checks them and writes the try's row (`record`) under `key`'s
 * lock. The row counts as a failure from then on; a caller whose try succeeds deletes it (gives it back).
 */
export function reserveTry<T>(
  ctx: Pick<AppContext, 'db' | 'dialect'>,
  key: string,
  limits: WindowLimit[],
  record: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  return withKeyLock(ctx, key, async (trx) => {
    await assertUnderLimits(trx, limits);
    return record(trx);
  });
}
