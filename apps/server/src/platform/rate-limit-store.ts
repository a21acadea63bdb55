// Where request counts live so that every instance sees the same ones: Redis when REDIS_URL is set, else
// PostgreSQL; with SQLite (one server) its memory. Counts are per fixed window: the key names the window, and
// a window's count dies with it.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { createClient } from 'redis';
import type { DB } from '../db/schema.ts';

export interface RateLimitHitsTable {
  /** `<limit>:<client>:<window number>` */
  key: string;
  /** When the window ends (ms since the epoch); later rows are swept away. */
  expires_at: number;
  hits: number;
}

declare module '../db/schema.ts' {
  interface DB {
    rate_limit_hits: RateLimitHitsTable;
  }
}

export interface RateLimitStore {
  /** Counts one request under `key` in the window ending at `windowEndsMs`; answers the window's count. */
  hit(key: string, windowEndsMs: number): Promise<number>;
  close(): Promise<void>;
}

/**
 * SQLite is one server's file (more instances need PostgreSQL), so its counts can live in that server's memory:
 * a write to the file for every counted read cost a list request three quarters of its time. Apps opened on
 * the same file in one process (tests) share one map.
 */
const memoryCounts = new Map<string, Map<string, { hits: number; expiresAt: number }>>();

export function memoryStore(file: string): RateLimitStore {
  let counts = memoryCounts.get(file);
  if (!counts) {
    counts = new Map();
    memoryCounts.set(file, counts);
  }
  const mine = counts;
  let lastSweep = 0;
  return {
    async hit(key, windowEndsMs) {
      const now = Date.now();
      if (now - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = now;
        for (const [k, v] of mine) if (v.expiresAt < now) mine.delete(k);
      }
      const entry = mine.get(key);
      if (entry) {
        entry.hits += 1;
        return entry.hits;
      }
      mine.set(key, { hits: 1, expiresAt: windowEndsMs });
      return 1;
    },
    async close() {},
  };
}

/** Ended windows are deleted at most this often per instance. */
const SWEEP_EVERY_MS = 60_000;

export function databaseStore(db: Kysely<DB>, log: FastifyBaseLogger): RateLimitStore {
  let lastSweep = 0;
  const sweep = (now: number) => {
    lastSweep = now;
    db.deleteFrom('rate_limit_hits')
      .where('expires_at', '<', now)
      .execute()
      .catch((err: unknown) =>
        log.warn({ service: 'rate-limit', err }, 'Could not sweep ended rate windows'),
      );
  };
  return {
    async hit(key, windowEndsMs) {
      const now = Date.now();
      if (now - lastSweep > SWEEP_EVERY_MS) sweep(now);
      const row = await db
        .insertInto('rate_limit_hits')
        .values({ key, expires_at: windowEndsMs, hits: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({ hits: eb('rate_limit_hits.hits', '+', 1) })),
        )
        .returning('hits')
        .executeTakeFirstOrThrow();
      return Number(row.hits);
    },
    async close() {},
  };
}

/** Redis counts, falling back to the database's while Redis cannot answer (a request is never refused for it). */
export function redisStore(url: string, fallback: RateLimitStore, log: FastifyBaseLogger): RateLimitStore {
  let reported = false;
  const client = createClient({
    url,
    // While Redis is down a count goes to the database at once instead of waiting in a queue.
    disableOfflineQueue: true,
    socket: { connectTimeout: 2000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2000) },
  });
  client.on('error', (err: Error) => {
    if (!reported)
      log.warn(
        { service: 'rate-limit', err: err.message },
        'Redis is unreachable: counting requests in the database',
      );
    reported = true;
  });
  client.on('ready', () => {
    if (reported) log.info({ service: 'rate-limit' }, 'Redis is reachable again: counting requests there');
    reported = false;
  });
  client.connect().catch(() => {});
  return {
    async hit(key, windowEndsMs) {
      if (!client.isReady) return fallback.hit(key, windowEndsMs);
      const redisKey = `mixdesk:rate:${key}`;
      try {
        // Created with the window's lifetime, then counted: one round trip, atomic.
        const [, hits] = await client
          .multi()
          .set(redisKey, '0', { condition: 'NX', expiration: { type: 'PXAT', value: windowEndsMs } })
          .incr(redisKey)
          .exec();
        return Number(hits);
      } catch {
        return fallback.hit(key, windowEndsMs);
      }
    },
    async close() {
      if (client.isReady) await client.close().catch(() => client.destroy());
      else if (client.isOpen) client.destroy();
    },
  };
}
