// Per-user notifications (issue #15): one row per thing a person is told about (a mention, a reply, a review
// asked or decided, being added to a project). The title is written once, as the sentence the person reads;
// the actor's name is kept beside their id (a guest has no id, and a deleted account leaves its name).
// `dedupe_key` lets a source say "this one only once" (unique per user when set: NULLs never collide);
// `emailed_at` is when the email sweep dealt with it (mailed, or passed over by the person's settings).
import { sql } from 'kysely';
import { columnTypes, type MigrationDb } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_name', 'text')
    .addColumn('project_id', 'text', (c) => c.references('projects.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text')
    .addColumn('read_at', t.timestamp)
    .addColumn('emailed_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  // A person's list, newest first.
  await db.schema
    .createIndex('notifications_user_created')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute();
  // The unread badge: counts only unread rows.
  await db.schema
    .createIndex('notifications_user_unread')
    .on('notifications')
    .column('user_id')
    .where(sql.ref('read_at'), 'is', null)
    .execute();
  // Not partial, so `on conflict (user_id, dedupe_key) do nothing` can name it on both dialects.
  await db.schema
    .createIndex('notifications_user_dedupe')
    .on('notifications')
    .columns(['user_id', 'dedupe_key'])
    .unique()
    .execute();
  // The email sweep's scan: only rows still waiting for it.
  await db.schema
    .createIndex('notifications_to_email')
    .on('notifications')
    .column('created_at')
    .where(sql.ref('emailed_at'), 'is', null)
    .where(sql.ref('read_at'), 'is', null)
    .execute();
  // Deleting an account sets its notifications' actor to null, and a project its rows: both need an index.
  await db.schema.createIndex('notifications_actor').on('notifications').column('actor_id').execute();
  await db.schema.createIndex('notifications_project').on('notifications').column('project_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('notifications').execute();
}
