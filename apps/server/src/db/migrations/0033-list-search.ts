// Issue #33 (reads that stay fast as an account grows): the clients' and documents' search gets the trigram
// index the projects' has had since 0002 (db/trigram-search.ts). Scanning a label's 100,000 clients or 200,000
// documents for a substring took 15 to 120 ms a request; the index finds the few rows that hold it.
import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from '../migration-helpers.ts';
import { createPostgresSearch, createSqliteSearch, dropSqliteSearch } from '../trigram-search.ts';

const TABLES = ['clients', 'documents'] as const;

export async function up(db: MigrationDb): Promise<void> {
  for (const table of TABLES) {
    // SQLite only (PostgreSQL leaves it empty, as for projects): the row's stable key in the full-text index.
    await db.schema.alterTable(table).addColumn('search_key', 'integer').execute();
    if (isPostgres(db)) {
      await createPostgresSearch(db, table);
      continue;
    }
    // Rowids are unique, so today's rows take theirs; the trigger numbers new rows after the largest.
    await sql`update ${sql.table(table)} set search_key = rowid`.execute(db);
    await createSqliteSearch(db, table);
    await sql`insert into ${sql.table(`${table}_search`)} (rowid, search_text)
      select search_key, search_text from ${sql.table(table)}`.execute(db);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of TABLES) {
    if (isPostgres(db)) await sql`drop index if exists ${sql.raw(`${table}_search_trgm`)}`.execute(db);
    else await dropSqliteSearch(db, table);
    await db.schema.alterTable(table).dropColumn('search_key').execute();
  }
}
