import { columnTypes, type MigrationDb } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  const t = columnTypes(db);
  // Background work of every kind (platform/jobs/jobs.ts): queued, claimed by one instance, done or failed.
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.references('projects.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payload', t.json, (c) => c.notNull())
    /** Refreshed while the job runs: a claim older than the queue's TTL belongs to an instance that died. */
    .addColumn('claimed_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('started_at', t.timestamp)
    .addColumn('finished_at', t.timestamp)
    .execute();
  await db.schema.createIndex('jobs_waiting').on('jobs').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('jobs_subject').on('jobs').columns(['subject_id', 'kind']).execute();
  await db.schema.createIndex('jobs_project').on('jobs').columns(['project_id', 'status']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
