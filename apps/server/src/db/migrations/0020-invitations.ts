// Project invitations (issue #20): a collaborator joins by accepting, not by being added. An invitation names
// an email (an account may not exist yet); it gives no access until a verified account with that email accepts
// it, and it waits at most 14 days. One pending invitation per project and email.
import { sql } from 'kysely';
import { columnTypes, type MigrationDb } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('project_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('permission', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('responded_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('project_invitations_project')
    .on('project_invitations')
    .columns(['project_id', 'status'])
    .execute();
  await db.schema
    .createIndex('project_invitations_email')
    .on('project_invitations')
    .columns(['email', 'status'])
    .execute();
  await db.schema
    .createIndex('project_invitations_inviter')
    .on('project_invitations')
    .column('invited_by')
    .execute();
  // Partial indexes read the same on both dialects: at most one invitation waiting per project and email.
  await sql`create unique index project_invitations_one_pending on project_invitations (project_id, email) where status = 'pending'`.execute(
    db,
  );
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('project_invitations').execute();
}
