// Where request counts live so that every instance sees the same ones: Redis when REDIS_URL is set, else
// PostgreSQL; with SQLite (one server) its memory. Counts are per fixed window: the key names the window, and
// a window's count dies with it.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { createClient } from 'redis';
import type { DB } from '../../db/schema.ts';

export interface RateLimitHitsTable {
  /** `<limit>:<client>:<window number>` */
  key: string;
  /** When the window ends (ms since the epoch); later rows are swept away. */
  expires_at: number;
  hits: number;
}

declare module '../../db/schema.ts' {
  interface DB {
    rate_limit_hits: RateLimitHitsTable;
  }
}

export interface RateLimitStore {
  /**
   * Counts one request under `key` in the window ending at `windowEndsMs`; answers the window's count (its
   * place in the window: more than `limit` means refused).
   */
  hit(key: string, windowEndsMs: number, limit: number): Promise<number>;
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
  /** Adds `n` hits to the key's window and answers its count after them: one upsert. */
  const add = async (key: string, windowEndsMs: number, n: number): Promise<number> => {
    const now = Date.now();
    if (now - lastSweep > SWEEP_EVERY_MS) sweep(now);
    const row = await db
      .insertInto('rate_limit_hits')
      .values({ key, expires_at: windowEndsMs, hits: n })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({ hits: eb('rate_limit_hits.hits', '+', n) })),
      )
      .returning('hits')
      .executeTakeFirstOrThrow();
    return Number(row.hits);
  };
  return { hit: leasedHits(add), async close() {} };
}

interface Waiting {
  resolve: (hits: number) => void;
  reject: (err: unknown) => void;
}

interface Lease {
  windowEndsMs: number;
  /** The window's places this instance holds and has not handed out yet: next … last. */
  next: number;
  last: number;
  /** The highest total the store has answered for the window (a total only grows). */
  known: number;
  waiting: Waiting[];
  busy: boolean;
}

/** Most places leased at once, and the share of what is left that one lease takes. */
const MAX_LEASE = 256;
const LEASE_SHARE = 4;

/**
 * Counting each request with a write (an upsert each, on one row per client) cost a list request on
 * PostgreSQL two thirds of its speed, and 64 requests of one client at once queued on that row's lock.
 * Instead an instance leases places in the window from the store, a quarter of what is left (at most 256,
 * and at least the requests waiting), and hands them out one by one from memory: one write per lease.
 * Every place is counted in the store before it is used, so instances together never let more than the
 * limit through; places one instance leased and did not use count against the others (a handful, as the
 * leases shrink near the limit). Once the store's total has passed the limit, the rest of the window is
 * refused from memory, so a flood costs no writes.
 */
export function leasedHits(
  add: (key: string, windowEndsMs: number, n: number) => Promise<number>,
): RateLimitStore['hit'] {
  const leases = new Map<string, Lease>();
  let lastSweep = 0;
  const serve = (lease: Lease) => {
    while (lease.waiting.length > 0 && lease.next <= lease.last) lease.waiting.shift()!.resolve(lease.next++);
  };
  const renew = (key: string, lease: Lease, limit: number) => {
    lease.busy = true;
    const n = Math.min(
      MAX_LEASE,
      Math.max(lease.waiting.length, 1, Math.floor((limit - lease.known) / LEASE_SHARE)),
    );
    add(key, lease.windowEndsMs, n).then(
      (total) => {
        lease.busy = false;
        lease.known = Math.max(lease.known, total);
        lease.next = total - n + 1;
        lease.last = total;
        serve(lease);
        if (lease.waiting.length > 0) renew(key, lease, limit);
      },
      (err: unknown) => {
        lease.busy = false;
        for (const w of lease.waiting.splice(0)) w.reject(err);
      },
    );
  };
  return (key, windowEndsMs, limit) => {
    const now = Date.now();
    if (now - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = now;
      for (const [k, lease] of leases) if (lease.windowEndsMs < now) leases.delete(k);
    }
    let lease = leases.get(key);
    if (!lease) {
      lease = { windowEndsMs, next: 1, last: 0, known: 0, waiting: [], busy: false };
      leases.set(key, lease);
    }
    if (lease.next <= lease.last) return Promise.resolve(lease.next++);
    if (lease.known >= limit) return Promise.resolve(++lease.known);
    const held = lease;
    return new Promise<number>((resolve, reject) => {
      held.waiting.push({ resolve, reject });
      if (!held.busy) renew(key, held, limit);
    });
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
    async hit(key, windowEndsMs, limit) {
      if (!client.isReady) return fallback.hit(key, windowEndsMs, limit);
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
        return fallback.hit(key, windowEndsMs, limit);
      }
    },
    async close() {
      if (client.isReady) await client.close().catch(() => client.destroy());
      else if (client.isOpen) client.destroy();
    },
  };
}
