// A thread's first comment deleted by its author after others replied stays as a placeholder (issue #31):
// `deleted_at` marks it, its words and author are cleared, and the replies keep their thread.
import { columnTypes, type MigrationDb } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('comments').addColumn('deleted_at', columnTypes(db).timestamp).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('comments').dropColumn('deleted_at').execute();
}
