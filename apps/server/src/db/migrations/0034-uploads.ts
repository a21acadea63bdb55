// Resumable uploads (issue #34, the tus protocol at /api/uploads): one row per upload, from its creation until
// it is terminated, expires, or has become what it was for. The row says whose it is and what the file becomes
// (target, project, track, fields), its declared length (reserved against the quota owner's storage while it
// is uploading or processing), where it stands (status, message) and, once done, what it made (result).
// The bytes themselves are the tus store's (DATA_DIR/uploads, or the bucket), named by the row's id.
import { columnTypes, type MigrationDb } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.references('projects.id').onDelete('cascade'))
    .addColumn('track_id', 'text', (c) => c.references('tracks.id').onDelete('cascade'))
    /** The target's fields (a version's label and makeCurrent, a file's category), as JSON. */
    .addColumn('fields', t.json, (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_type', 'text', (c) => c.notNull())
    .addColumn('length', t.bigint, (c) => c.notNull())
    /** Whose storage the bytes will count against (the project's owner; null for an avatar). */
    .addColumn('quota_owner_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('result', t.json)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .execute();
  // The bytes reserved for an owner: the sum over their uploads still uploading or processing.
  await db.schema
    .createIndex('uploads_quota_owner')
    .on('uploads')
    .columns(['quota_owner_id', 'status'])
    .execute();
  // The sweep of expired uploads, and the restart of those a stop left processing.
  await db.schema
    .createIndex('uploads_status_expires')
    .on('uploads')
    .columns(['status', 'expires_at'])
    .execute();
  // Deleting an account (cascade) and listing a person's uploads.
  await db.schema.createIndex('uploads_user').on('uploads').column('user_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('uploads').execute();
}
