// Issue #31: guest comments counted per share link and address, and repeated notifications folded into one.
// `guest_comment_log` holds one row per guest comment with a keyed hash of the address (never the address),
// kept only for the hour the limit counts. A notification with a `fold_key` (kind and thread) is updated by the
// next one of the same key while it is unread (`fold_count` counts them); marking it read clears the key, so
// the unique index below allows one unread row per person and key, and none collide once read (NULLs never do).
import { columnTypes, type MigrationDb } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('fold_key', 'text').execute();
  await db.schema
    .alterTable('notifications')
    .addColumn('fold_count', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // Not partial, so `on conflict (user_id, fold_key)` can name it on both dialects.
  await db.schema
    .createIndex('notifications_user_fold')
    .on('notifications')
    .columns(['user_id', 'fold_key'])
    .unique()
    .execute();

  await db.schema
    .createTable('guest_comment_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('link_id', 'text', (c) => c.notNull().references('share_links.id').onDelete('cascade'))
    .addColumn('address_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', columnTypes(db).timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('guest_comment_log_lookup')
    .on('guest_comment_log')
    .columns(['link_id', 'address_hash', 'created_at'])
    .execute();
  await db.schema
    .createIndex('guest_comment_log_created')
    .on('guest_comment_log')
    .column('created_at')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('guest_comment_log').execute();
  await db.schema.dropIndex('notifications_user_fold').execute();
  await db.schema.alterTable('notifications').dropColumn('fold_count').execute();
  await db.schema.alterTable('notifications').dropColumn('fold_key').execute();
}
