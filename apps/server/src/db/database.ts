// One Kysely instance over SQLite (embedded default) or PostgreSQL (DATABASE_URL).
import { closeSync, openSync, statSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PostgresDialect,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { DB } from './schema.ts';
import { SqliteDialectKeepingErrors } from './sqlite-dialect.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  close(): Promise<void>;
  /** A cheap round trip, for health checks. */
  ping(): Promise<void>;
  /** What the diagnostics and /metrics show of the connection: the pool, or the file and its WAL. */
  stats(): DatabaseStats;
  /** The server's version string (e.g. '3.50.2' or 'PostgreSQL 16.4 ...'). */
  version(): Promise<string>;
}

export type DatabaseStats =
  | { dialect: 'sqlite'; file: string; sizeBytes: number; walBytes: number }
  | { dialect: 'postgres'; total: number; idle: number; waiting: number; max: number };

const sizeOf = (file: string) => {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
};

// PostgreSQL returns timestamps as ISO strings and 64-bit integers as numbers, like SQLite does.
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (v) => new Date(v).toISOString());
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/** better-sqlite3 cannot bind booleans: store them as 0/1. */
class BooleanToInteger extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const v = node.value;
    return typeof v === 'boolean' ? { ...node, value: v ? 1 : 0 } : super.transformValue(node);
  }
  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return { ...node, values: node.values.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v)) };
  }
}

class SqliteBooleans implements KyselyPlugin {
  readonly #t = new BooleanToInteger();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#t.transformNode(args.node);
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/**
 * Kysely prepares every query anew; better-sqlite3 statements are reusable, so keep the recent ones.
 * Queries are built with parameters, so the SQL texts are few and the cache stays small.
 */
function withStatementCache(sqlite: SqliteDatabase.Database, max = 500): SqliteDatabase.Database {
  const cache = new Map<string, SqliteDatabase.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  return new Proxy(sqlite, {
    get(target, prop, receiver) {
      if (prop !== 'prepare') {
        const value = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return (source: string) => {
        let stmt = cache.get(source);
        if (!stmt) {
          if (cache.size >= max) cache.clear();
          stmt = prepare(source);
          cache.set(source, stmt);
        }
        return stmt;
      };
    },
  });
}

export function openSqlite(file: string): Database {
  // A new database file is made owner-only before SQLite opens it; SQLite gives its WAL and shared-memory
  // files the database file's mode.
  try {
    closeSync(openSync(file, 'wx', 0o600));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const sqlite = new SqliteDatabase(file);
  // WAL + synchronous FULL: a committed row survives kill -9 and power loss.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({
    dialect: new SqliteDialectKeepingErrors({ database: withStatementCache(sqlite) }, sqlite),
    plugins: [new SqliteBooleans()],
  });
  return {
    db,
    dialect: 'sqlite',
    close: () => db.destroy(),
    ping: async () => {
      sqlite.prepare('select 1').get();
    },
    stats: () => ({ dialect: 'sqlite', file, sizeBytes: sizeOf(file), walBytes: sizeOf(`${file}-wal`) }),
    version: async () => (sqlite.prepare('select sqlite_version() as v').get() as { v: string }).v,
  };
}

/** How long a query waits for a connection to PostgreSQL (a new one, or a free one in the pool). */
export const CONNECT_TIMEOUT_MS = 3000;

export function openPostgres(url: string, schema?: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A server that does not answer, or a pool with no connection free for this long, fails the query (a 503
    // for a request: db/unavailable.ts) instead of holding the request until the server is back.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A connection whose server went away without a word (a host that died) is noticed, then dropped.
    keepAlive: true,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {});
  // Nor one that a request holds between two queries (inside a transaction, say): its error has no query to
  // reject, and an 'error' event with no listener would end the process. Its next query fails instead (a 503,
  // logged), and the pool drops it when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    close: () => db.destroy(),
    ping: async () => {
      await pool.query('select 1');
    },
    stats: () => ({
      dialect: 'postgres',
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? 10,
    }),
    version: async () => (await pool.query<{ v: string }>('select version() as v')).rows[0]?.v ?? 'unknown',
  };
}

export async function openDatabase(config: Pick<Config, 'database'>): Promise<Database> {
  const c = config.database;
  if (c.kind === 'sqlite') return openSqlite(c.file);
  if (c.schema) {
    const admin = new pg.Client({ connectionString: c.url });
    await admin.connect();
    try {
      // `create schema if not exists` is not safe when instances start together: two see no schema, both
      // create it, one fails on the catalog's unique index. Creating it under a transaction's advisory lock
      // on its name makes the second wait and find it there.
      await admin.query('begin');
      await admin.query('select pg_advisory_xact_lock(hashtext($1))', [`mixdesk-schema:${c.schema}`]);
      await admin.query(`create schema if not exists "${c.schema}"`);
      await admin.query('commit');
    } finally {
      await admin.end();
    }
  }
  return openPostgres(c.url, c.schema);
}
