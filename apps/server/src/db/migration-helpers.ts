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
