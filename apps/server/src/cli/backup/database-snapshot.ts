// The database half of a backup (decision 027): a consistent snapshot of the app's database, and what that
// snapshot itself says (the keys of the stored objects it names, the migrations applied), read from the same
// moment; and putting a snapshot back. SQLite: better-sqlite3's online backup API into a file. PostgreSQL:
// `pg_dump -Fc` of the app's schema, run on a snapshot exported by a transaction that reads the keys too;
// `pg_restore` in one transaction into an empty schema of the same name.
import { spawn } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { openPostgres } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { randomToken } from '../../platform/ids.ts';
import { everyNamedStorageKey, type StoredKeyColumns } from '../../platform/storage/stored-keys.ts';
import { BackupError } from './backup-manifest.ts';

export interface Snapshot {
  /** Every key of a stored object the snapshot names. */
  keys: Set<string>;
  /** The migrations applied to it, in name order. */
  migrations: string[];
  /** PostgreSQL: the schema dumped. */
  schema?: string;
}

type PostgresTarget = { url: string; schema?: string };

/** What a backup does around a snapshot, as close to it as it can. */
export interface SnapshotHooks {
  /** Just before the snapshot is taken (the database already open). */
  before(): Promise<void>;
  /** As soon as the keys the snapshot names are known (on PostgreSQL, while pg_dump runs). */
  onKeys(keys: Set<string>): Promise<void>;
  /** The columns whose keys the snapshot names. */
  storedKeys: StoredKeyColumns;
}

/** The migrations applied, read through a connection to the snapshot (or to its moment). */
async function migrationsOf(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((r) => r.name);
}

/**
 * Copies the live SQLite database `file` into `out` with the online backup API (a writer in between makes it
 * start over, so the copy is one moment's), then reads the copy.
 */
export async function snapshotSqlite(file: string, out: string, hooks: SnapshotHooks): Promise<Snapshot> {
  let source: SqliteDatabase.Database;
  try {
    source = new SqliteDatabase(file, { fileMustExist: true });
  } catch {
    throw new BackupError(`there is no database at ${file} to back up (is DATA_DIR right?)`, 2);
  }
  try {
    source.pragma('busy_timeout = 5000');
    await hooks.before();
    // After the first step, the rest in one step: a copy that restarts is at once whole again.
    await source.backup(out, { progress: ({ remainingPages }) => Math.max(remainingPages, 100) });
  } finally {
    source.close();
  }
  const copy = new SqliteDatabase(out, { fileMustExist: true });
  // The copy says WAL like its source; a single file until the restored app opens it (which sets WAL again).
  copy.pragma('journal_mode = DELETE');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: copy }) });
  let seen: Snapshot;
  try {
    seen = { keys: await everyNamedStorageKey(db, hooks.storedKeys), migrations: await migrationsOf(db) };
  } finally {
    await db.destroy();
  }
  await hooks.onKeys(seen.keys);
  return seen;
}

/** Runs a PostgreSQL client program; rejects with its last error lines. */
function run(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          err.code === 'ENOENT'
            ? `${program} is not installed (PostgreSQL's client programs, the server's major version or newer)`
            : `${program}: ${err.message}`,
        ),
      ),
    );
    child.on('close', (code) => {
      if (code === 0) return resolve(stdout);
      const lines = stderr.trim().split('\n').filter(Boolean).slice(-3).join(' / ');
      reject(new BackupError(`${program} failed (exit code ${code}): ${lines || 'no message'}`));
    });
  });
}

/**
 * The URL without its password, and an environment that gives the password to libpq: a password in the
 * arguments would show in the process list.
 */
function libpq(url: string, env: NodeJS.ProcessEnv): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  if (!parsed.password) return { url, env };
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: { ...env, PGPASSWORD: password } };
}

/** Extensions the schema's tables, indexes and functions use (pg_trgm's operator class), for pg_dump -e. */
const extensionsUsed = (db: Kysely<DB>) =>
  sql<{ name: string }>`
  select distinct e.extname as name
  from pg_depend d
  join pg_depend member on member.classid = d.refclassid and member.objid = d.refobjid and member.deptype = 'e'
  join pg_extension e on e.oid = member.refobjid
  where (d.classid = 'pg_class'::regclass
      and d.objid in (select oid from pg_class where relnamespace = current_schema()::regnamespace))
    or (d.classid = 'pg_proc'::regclass
      and d.objid in (select oid from pg_proc where pronamespace = current_schema()::regnamespace))`.execute(
    db,
  );

/**
 * Dumps the app's schema into `out` (custom format). A read-only repeatable-read transaction exports its
 * snapshot; pg_dump runs on that snapshot, and the same transaction reads the keys: both see one moment.
 */
export async function snapshotPostgres(
  target: PostgresTarget,
  out: string,
  env: NodeJS.ProcessEnv,
  hooks: SnapshotHooks,
): Promise<Snapshot> {
  const database = openPostgres(target.url, target.schema);
  try {
    return await database.db.connection().execute(async (connection) => {
      // Connected first, so that the snapshot follows `before` at once.
      await sql`select 1`.execute(connection);
      await hooks.before();
      return connection
        .transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute(async (trx) => {
          const { rows } = await sql<{ snapshot: string; schema: string | null; tables: number }>`
            select pg_export_snapshot() as snapshot, current_schema() as schema,
              (select count(*) from pg_tables where schemaname = current_schema()
                and tablename = 'kysely_migration')::int as tables`.execute(trx);
          const { snapshot, schema, tables } = rows[0]!;
          if (!schema || tables === 0)
            throw new BackupError(
              `there is no Mixdesk database in schema ${schema ?? target.schema ?? '(none)'} at DATABASE_URL to back up`,
              2,
            );
          const keys = await everyNamedStorageKey(trx, hooks.storedKeys);
          const fetching = hooks.onKeys(keys);
          const dumping = (async () => {
            const migrations = await migrationsOf(trx);
            const extensions = (await extensionsUsed(trx)).rows.map((r) => `--extension=${r.name}`);
            const client = libpq(target.url, env);
            const args = [`--snapshot=${snapshot}`, `--schema=${schema}`, ...extensions, `--file=${out}`];
            await run('pg_dump', ['--format=custom', ...args, `--dbname=${client.url}`], client.env);
            return migrations;
          })();
          // Both to their end (pg_dump must not go on writing into a folder that a failure empties), then
          // the first failure.
          const [dumped, fetched] = await Promise.allSettled([dumping, fetching]);
          if (dumped.status === 'rejected') throw dumped.reason;
          if (fetched.status === 'rejected') throw fetched.reason;
          return { keys, migrations: dumped.value, schema };
        });
    });
  } finally {
    await database.close();
  }
}

/** The schema a connection to `target` works in, whether it exists, and how many tables it holds. */
export async function postgresSchemaState(
  target: PostgresTarget,
): Promise<{ schema: string; exists: boolean; tables: number }> {
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    // Without DATABASE_SCHEMA the app works in the first schema of the search path that exists: public.
    const { rows } = await client.query<{ schema: string; exists: boolean; tables: number }>(
      `select s.name as schema, n.oid is not null as exists,
         (select count(*) from pg_class c where c.relnamespace = n.oid and c.relkind in ('r', 'p', 'v', 'm', 'f'))::int as tables
       from (select coalesce($1::text, current_schema(), 'public') as name) s
       left join pg_namespace n on n.nspname = s.name`,
      [target.schema ?? null],
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}

/**
 * Restores a dump into `target`'s database, in one transaction (all or nothing), objects owned by the
 * connecting role. An existing (empty) schema is used as it is: its CREATE SCHEMA and the comments only an
 * owner may set are left out of the dump's table of contents.
 */
export async function restorePostgres(
  target: PostgresTarget,
  dump: string,
  schema: string,
  schemaExists: boolean,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const client = libpq(target.url, env);
  const contents = await run('pg_restore', ['--list', dump], client.env);
  const kept = contents
    .split('\n')
    .filter((line) => !/ COMMENT - (EXTENSION|SCHEMA) /.test(line))
    .filter((line) => !(schemaExists && new RegExp(` SCHEMA - ${schema}( |$)`).test(line)));
  const list = path.join(tmpdir(), `mixdesk-restore-${randomToken(8)}.list`);
  await writeFile(list, kept.join('\n'), { mode: 0o600 });
  try {
    const options = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction'];
    await run('pg_restore', [...options, `--use-list=${list}`, `--dbname=${client.url}`, dump], client.env);
  } finally {
    await rm(list, { force: true });
  }
}
