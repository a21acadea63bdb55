import { columnTypes, type MigrationDb } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  const t = columnTypes(db);
  // A version's latest loudness analysis (modules/analysis): the figures as one JSON value; whether one is
  // running is the jobs table's to say.
  await db.schema
    .createTable('version_analyses')
    .addColumn('version_id', 'text', (c) =>
      c.primaryKey().references('track_versions.id').onDelete('cascade'),
    )
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('figures', t.json, (c) => c.notNull())
    .addColumn('analysed_at', t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('version_analyses').execute();
}
