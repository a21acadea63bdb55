// Issue #32: an emailed link (verify email, reset password) retired because a newer one of its kind was sent is
// marked `replaced_at`, besides `used_at`, so opening it says a newer link replaced it instead of that it was
// already used.
import { columnTypes, type MigrationDb } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('one_time_tokens').addColumn('replaced_at', columnTypes(db).timestamp).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('one_time_tokens').dropColumn('replaced_at').execute();
}
