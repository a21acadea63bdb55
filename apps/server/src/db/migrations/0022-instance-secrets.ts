// Secrets the instances generate for themselves, shared through PostgreSQL (issue #18, decision 024): the
// JWT secret when JWT_SECRET is unset, the document-signing key when SIGNING_P12 is unset. One instance on
// SQLite keeps them as files in DATA_DIR and leaves this table empty.
import { columnTypes, type MigrationDb } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('instance_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('instance_secrets').execute();
}
