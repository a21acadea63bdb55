// Issue #33 (reads that stay fast as an account grows): a person's notifications are paged newest first, ties
// by id, and counted on every page. With 50,000 of them the unread page sorted every unread row (its index
// held only the user) and the counts read every row for `read_at`. Both indexes now carry the order of the
// page, `(user_id, created_at, id)`, the unread one still only over unread rows: a page is a walk down an
// index, and each count is an index-only count (repo.ts `countsOfUser`).
import { sql } from 'kysely';
import type { MigrationDb } from '../migration-helpers.ts';

/** Both list indexes over `columns`: every row's, and the unread rows'. */
async function listIndexes(db: MigrationDb, columns: string[]): Promise<void> {
  await db.schema.dropIndex('notifications_user_created').execute();
  await db.schema.dropIndex('notifications_user_unread').execute();
  await db.schema.createIndex('notifications_user_created').on('notifications').columns(columns).execute();
  await db.schema
    .createIndex('notifications_user_unread')
    .on('notifications')
    .columns(columns)
    .where(sql.ref('read_at'), 'is', null)
    .execute();
}

export async function up(db: MigrationDb): Promise<void> {
  await listIndexes(db, ['user_id', 'created_at', 'id']);
}

/** As 0017 made them (its unread index held only the user; the same rows, so the same answers). */
export async function down(db: MigrationDb): Promise<void> {
  await listIndexes(db, ['user_id', 'created_at']);
}
