// Removes stored objects that no row names: what a crash leaves between writing an object and committing the
// row that names it (every write stores the object first, then commits its row; every delete removes the
// row first, then the object, so a crash never leaves a row naming nothing). Objects younger than the grace
// age are kept: an upload in flight has written its object and not yet committed its row. The keys rows name
// are modules/stored-keys.ts's; on PostgreSQL one instance sweeps at a time (an advisory lock).
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../context.ts';
import { runPeriodically } from '../jobs/periodic.ts';
import { formatBytes, type StoredObject } from './storage.ts';
import { namedStorageKeys } from './stored-keys.ts';

/** An upload's object waits this long for its row before it counts as left by a crash. */
export const DEFAULT_GRACE_MS = 60 * 60_000;
export const DEFAULT_SWEEP_MINUTES = 60;
/** Objects looked up in the database at once. */
export const BATCH = 500;
/** The advisory lock the sweeping instance holds, with its schema's hash: one sweep per database schema. */
export const SWEEP_LOCK = 0x6d697873; // "mixs"

export interface SweepResult {
  /** Objects listed. */
  scanned: number;
  /** Objects (and the local disk's abandoned partial writes) removed. */
  removed: number;
  bytesFreed: number;
}

export interface SweepOptions {
  /** The grace age: objects modified less than this long ago are kept (default an hour). */
  olderThanMs?: number;
  /** The moment ages are measured from (default now). */
  now?: Date;
}

/**
 * Lists every stored object and removes those older than the grace age that no row names. Resolves with
 * the figures, or null when another instance is sweeping (PostgreSQL).
 */
export async function sweepOrphans(ctx: AppContext, opts: SweepOptions = {}): Promise<SweepResult | null> {
  const now = opts.now?.getTime() ?? Date.now();
  const before = new Date(now - (opts.olderThanMs ?? DEFAULT_GRACE_MS));
  const result = await underSweepLock(ctx, (db) => sweep(ctx, db, before));
  if (result && result.removed > 0)
    ctx.log.info(
      { service: 'storage', ...result },
      `Removed ${result.removed} stored objects no row names (${formatBytes(result.bytesFreed)}), of ${result.scanned}`,
    );
  return result;
}

async function sweep(ctx: AppContext, db: Kysely<DB>, before: Date): Promise<SweepResult> {
  const result: SweepResult = { scanned: 0, removed: 0, bytesFreed: 0 };
  let batch: StoredObject[] = [];
  const settle = async () => {
    const named = await namedStorageKeys(
      db,
      ctx.storedKeys,
      batch.map((o) => o.key),
    );
    for (const object of batch) {
      if (named.has(object.key)) continue;
      await ctx.storage.remove(object.key);
      result.removed += 1;
      result.bytesFreed += object.size;
    }
    batch = [];
  };
  for await (const object of ctx.storage.list()) {
    result.scanned += 1;
    if (object.modifiedAt >= before) continue;
    batch.push(object);
    if (batch.length >= BATCH) await settle();
  }
  await settle();
  const temporaries = await ctx.storage.removeStaleTemporaries?.(before);
  if (temporaries) {
    result.removed += temporaries.removed;
    result.bytesFreed += temporaries.bytes;
  }
  return result;
}

/** Runs `sweep` unless another instance holds the sweep's lock (PostgreSQL); SQLite has one instance. */
async function underSweepLock<T>(ctx: AppContext, run: (db: Kysely<DB>) => Promise<T>): Promise<T | null> {
  if (ctx.dialect !== 'postgres') return run(ctx.db);
  // A session lock, so one connection holds it (and runs the sweep's queries) from start to end; an
  // instance that dies lets go of it with its connection.
  return ctx.db.connection().execute(async (conn) => {
    const lock = sql`${SWEEP_LOCK}::int, hashtext(current_schema())`;
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${lock}) as locked`.execute(
      conn,
    );
    if (!rows[0]?.locked) return null;
    try {
      return await run(conn);
    } finally {
      await sql`select pg_advisory_unlock(${lock})`.execute(conn);
    }
  });
}

/**
 * Sweeps once the app is ready (in the background) and then every STORAGE_SWEEP_MINUTES (0: never). On
 * SQLite the data is this one instance's, so the first sweep needs no grace age: whatever was last written
 * before this process started cannot be an upload of this process in flight, and what a killed process left
 * (an object without its row, a partial write) goes at once. On PostgreSQL other instances may be writing:
 * the grace age stays.
 */
export function scheduleStorageSweep(app: FastifyInstance): void {
  const minutes = app.ctx.config.storageSweepMinutes ?? DEFAULT_SWEEP_MINUTES;
  if (minutes <= 0) return;
  const startedAt = new Date();
  let first = app.ctx.dialect === 'sqlite';
  runPeriodically(app, {
    service: 'storage',
    what: 'The storage sweep',
    everyMs: minutes * 60_000,
    atReady: true,
    run: () => {
      const opts = first ? { olderThanMs: 0, now: startedAt } : {};
      first = false;
      return sweepOrphans(app.ctx, opts);
    },
  });
}
