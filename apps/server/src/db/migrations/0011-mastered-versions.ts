import { sql } from 'kysely';
import { columnTypes, type MigrationDb } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  // A mastered version names the version it was made from (its id, and its label as it was then, so the
  // name survives the original's deletion).
  await db.schema.alterTable('track_versions').addColumn('mastered_from', 'text').execute();
  await db.schema.alterTable('track_versions').addColumn('mastered_from_label', 'text').execute();
  // What a finished job made (a mastering job: the new version's id), for the client that asked.
  await db.schema.alterTable('jobs').addColumn('result', columnTypes(db).json).execute();
  // The same work asked for twice while it waits or runs is one job: a unique key among the live jobs.
  await db.schema.alterTable('jobs').addColumn('dedupe_key', 'text').execute();
  await db.schema
    .createIndex('jobs_live_dedupe')
    .on('jobs')
    .columns(['subject_id', 'kind', 'dedupe_key'])
    .unique()
    .where(sql<boolean>`status in ('queued', 'running')`)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('jobs_live_dedupe').execute();
  await db.schema.alterTable('jobs').dropColumn('dedupe_key').execute();
  await db.schema.alterTable('jobs').dropColumn('result').execute();
  await db.schema.alterTable('track_versions').dropColumn('mastered_from_label').execute();
  await db.schema.alterTable('track_versions').dropColumn('mastered_from').execute();
}
