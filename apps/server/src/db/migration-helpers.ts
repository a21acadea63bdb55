// Column types that differ between SQLite and PostgreSQL, for migrations shared by both.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not as typed today
export type MigrationDb = Kysely<any>;

export function isPostgres(db: MigrationDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export function columnTypes(db: MigrationDb) {
  const pg = isPostgres(db);
  return {
    timestamp: pg ? sql`timestamptz` : sql`text`,
    bool: pg ? sql`boolean` : sql`integer`,
    json: pg ? sql`jsonb` : sql`text`,
    bigint: pg ? sql`bigint` : sql`integer`,
  } as const;
}

/** A row trigger that runs `body` (SQL statements, each ending in `;`) after `event` (`insert on t`, ...). */
export async function createRowTrigger(
  db: MigrationDb,
  name: string,
  event: string,
  body: string,
): Promise<void> {
  if (!isPostgres(db)) {
    await sql.raw(`create trigger ${name} after ${event} for each row begin ${body} end`).execute(db);
    return;
  }
  await sql
    .raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`)
    .execute(db);
  await sql.raw(`create trigger ${name} after ${event} for each row execute function ${name}()`).execute(db);
}

/** Drops what `createRowTrigger` made; `table` is the one its event is on. */
export async function dropRowTrigger(db: MigrationDb, name: string, table: string): Promise<void> {
  if (!isPostgres(db)) {
    await sql.raw(`drop trigger ${name}`).execute(db);
    return;
  }
  await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
  await sql.raw(`drop function ${name}()`).execute(db);
}
