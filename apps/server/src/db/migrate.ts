// Runs every pending migration (on start, and in each test database).
import { type Kysely, Migrator } from 'kysely';
import { migrations } from './migrations/index.ts';
import type { DB } from './schema.ts';

/** `schema`: the PostgreSQL schema the app runs in; its migration tables live there too. */
export async function migrateToLatest(db: Kysely<DB>, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
    // Areas are built in parallel; a migration that lands later but sorts earlier still runs.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
