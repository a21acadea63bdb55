// Part of migration 0002-projects (not a migration of its own): the index behind the projects list's search.
// Search matches any part of a project's title, description or tags (search_text), so it needs a substring
// index: FTS5's trigram tokenizer on SQLite, pg_trgm on PostgreSQL. Terms under three characters, and a
// PostgreSQL without pg_trgm, fall back to scanning one owner's projects, which stays correct.
import { sql } from 'kysely';
import type { MigrationDb } from '../migration-helpers.ts';

export async function createSqliteSearch(db: MigrationDb): Promise<void> {
  await db.schema.createIndex('projects_search_key').on('projects').column('search_key').unique().execute();
  // Contentless: the index holds only trigrams; the text stays in projects.search_text.
  await sql`create virtual table projects_search using fts5(
    search_text, content='', contentless_delete=1, tokenize='trigram'
  )`.execute(db);
  await sql`create trigger projects_search_insert after insert on projects begin
    update projects set search_key = (select coalesce(max(search_key), 0) + 1 from projects)
      where rowid = new.rowid;
    insert into projects_search (rowid, search_text)
      select search_key, search_text from projects where rowid = new.rowid;
  end`.execute(db);
  await sql`create trigger projects_search_update after update of search_text on projects begin
    delete from projects_search where rowid = old.search_key;
    insert into projects_search (rowid, search_text) values (new.search_key, new.search_text);
  end`.execute(db);
  await sql`create trigger projects_search_delete after delete on projects begin
    delete from projects_search where rowid = old.search_key;
  end`.execute(db);
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

export async function createPostgresSearch(db: MigrationDb): Promise<void> {
  const schema = await trigramSchema(db);
  if (!schema) return;
  await sql`create index projects_search_trgm on projects
    using gin (search_text ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
}
