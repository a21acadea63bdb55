// Why a fully signed document could not be completed (issue #31): completion runs in the request of the last
// signature and of each resend; when it still fails after a retry the reason is kept here for the owner to
// read, and cleared when a later try completes the document.
import type { MigrationDb } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('documents').addColumn('completion_error', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('documents').dropColumn('completion_error').execute();
}
