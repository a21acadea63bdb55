// PostgreSQL: request counts are written on every counted request and matter for a minute at most, so they
// skip the write-ahead log (an UNLOGGED table: no WAL record, no flush at commit; emptied after a crash,
// which only forgives a minute's counts). SQLite keeps its counts in memory (platform/http/rate-limit-store.ts).
import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) await sql`alter table rate_limit_hits set unlogged`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) await sql`alter table rate_limit_hits set logged`.execute(db);
}
