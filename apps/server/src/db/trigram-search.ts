// The substring index behind a list's search (migrations 0002 for projects, 0033 for clients and documents).
// A search matches any part of a row's lower-cased `search_text`, so it needs a trigram index: FTS5's trigram
// tokenizer on SQLite, pg_trgm on PostgreSQL (which serves `like '%term%'` by itself). Terms under three
// characters, and a PostgreSQL without pg_trgm, fall back to scanning one owner's rows, which stays correct.
// SQLite's index is contentless (it holds only trigrams; the text stays in the table) and keyed by the row's
// `search_key`, a stable integer given by a trigger on insert (rowids may move on VACUUM).
import { sql } from 'kysely';
import type { MigrationDb } from './migration-helpers.ts';

/** The tables with a trigram index over `search_text`. */
export type SearchedTable = 'projects' | 'clients' | 'documents';

export async function createSqliteSearch(db: MigrationDb, table: SearchedTable): Promise<void> {
  const t = sql.table(table);
  const index = sql.table(`${table}_search`);
  await db.schema.createIndex(`${table}_search_key`).on(table).column('search_key').unique().execute();
  await sql`create virtual table ${index} using fts5(
    search_text, content='', contentless_delete=1, tokenize='trigram'
  )`.execute(db);
  await sql`create trigger ${sql.raw(`${table}_search_insert`)} after insert on ${t} begin
    update ${t} set search_key = (select coalesce(max(search_key), 0) + 1 from ${t})
      where rowid = new.rowid;
    insert into ${index} (rowid, search_text)
      select search_key, search_text from ${t} where rowid = new.rowid;
  end`.execute(db);
  await sql`create trigger ${sql.raw(`${table}_search_update`)} after update of search_text on ${t} begin
    delete from ${index} where rowid = old.search_key;
    insert into ${index} (rowid, search_text) values (new.search_key, new.search_text);
  end`.execute(db);
  await sql`create trigger ${sql.raw(`${table}_search_delete`)} after delete on ${t} begin
    delete from ${index} where rowid = old.search_key;
  end`.execute(db);
}

/** SQLite: undoes `createSqliteSearch` (the `search_key` column stays with the table that declared it). */
export async function dropSqliteSearch(db: MigrationDb, table: SearchedTable): Promise<void> {
  for (const event of ['insert', 'update', 'delete'])
    await sql`drop trigger if exists ${sql.raw(`${table}_search_${event}`)}`.execute(db);
  await sql`drop table if exists ${sql.table(`${table}_search`)}`.execute(db);
  await sql`drop index if exists ${sql.raw(`${table}_search_key`)}`.execute(db);
}

/** The schema pg_trgm lives in, installing it into public if the server offers it and we may. */
async function trigramSchema(db: MigrationDb): Promise<string | undefined> {
  const installed = await sql<{ nspname: string }>`select n.nspname from pg_extension e
    join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  if (installed.rows[0]) return installed.rows[0].nspname;
  const available = await sql`select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (available.rows.length === 0) return undefined;
  // A failed CREATE EXTENSION (no privilege, a concurrent install) must not abort the migration.
  await sql`savepoint install_pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm schema public`.execute(db);
    await sql`release savepoint install_pg_trgm`.execute(db);
    return 'public';
  } catch {
    await sql`rollback to savepoint install_pg_trgm`.execute(db);
    return undefined;
  }
}

export async function createPostgresSearch(db: MigrationDb, table: SearchedTable): Promise<void> {
  const schema = await trigramSchema(db);
  if (!schema) return;
  await sql`create index ${sql.raw(`${table}_search_trgm`)} on ${sql.table(table)}
    using gin (search_text ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
}
