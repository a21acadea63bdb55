// One chunk at a time per upload, on every instance: two requests appending to the same upload at once (a
// client that gave up on a slow request and sent the chunk again, through another instance) would both
// write from the same offset. On SQLite there is one instance, and a set in its memory is the lock. On
// PostgreSQL the set is asked first (cheap), then a session advisory lock on a connection of the instance's
// own, held while the chunk is written: an instance that dies lets go of its locks with its connection, so
// the next request through any instance goes on at once. (Not a pool connection: a slow client's chunk holds
// its lock for minutes, and ten of them would take the whole pool.)
import pg from 'pg';
import type { AppContext } from '../../platform/context.ts';

export interface ChunkLocks {
  /** True when the upload was free and is now this request's; false when another request writes it. */
  acquire(id: string): Promise<boolean>;
  release(id: string): Promise<void>;
  close(): Promise<void>;
}

/** The locks of one instance's memory: enough where the instance is the only one (SQLite, disk uploads). */
function localLocks(): ChunkLocks & { held: Set<string> } {
  const held = new Set<string>();
  return {
    held,
    async acquire(id) {
      if (held.has(id)) return false;
      held.add(id);
      return true;
    },
    async release(id) {
      held.delete(id);
    },
    async close() {
      held.clear();
    },
  };
}

function postgresLocks(url: string, schema: string): ChunkLocks {
  const local = localLocks();
  let client: Promise<pg.Client> | null = null;
  const connection = () => {
    client ??= (async () => {
      const c = new pg.Client({ connectionString: url, keepAlive: true });
      // A connection that breaks (a database restart) lost its locks with it: the next chunk opens another.
      c.on('error', () => {
        client = null;
      });
      c.on('end', () => {
        client = null;
      });
      await c.connect();
      return c;
    })().catch((err) => {
      client = null;
      throw err;
    });
    return client;
  };
  // The schema is in the key: deployments sharing a database server lock their own uploads only.
  const key = (id: string) => `${schema}:upload-chunk:${id}`;
  return {
    async acquire(id) {
      if (!(await local.acquire(id))) return false;
      try {
        const c = await connection();
        const { rows } = await c.query<{ locked: boolean }>(
          'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
          [key(id)],
        );
        if (rows[0]?.locked === true) return true;
      } catch (err) {
        await local.release(id);
        throw err;
      }
      await local.release(id);
      return false;
    },
    async release(id) {
      try {
        const c = await client;
        await c?.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key(id)]);
      } catch {
        // The connection is gone, and its locks with it.
      } finally {
        await local.release(id);
      }
    },
    async close() {
      const c = await client?.catch(() => null);
      client = null;
      await c?.end().catch(() => undefined);
      await local.close();
    },
  };
}

const locks = new WeakMap<AppContext, ChunkLocks>();

export function chunkLocks(ctx: AppContext): ChunkLocks {
  let l = locks.get(ctx);
  if (!l) {
    const db = ctx.config.database;
    l = db.kind === 'postgres' ? postgresLocks(db.url, db.schema ?? 'public') : localLocks();
    locks.set(ctx, l);
  }
  return l;
}

export async function closeChunkLocks(ctx: AppContext): Promise<void> {
  await locks.get(ctx)?.close();
  locks.delete(ctx);
}
