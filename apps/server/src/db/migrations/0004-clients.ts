import { columnTypes, type MigrationDb } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  const t = columnTypes(db);
  // A user's client network. Money is integer cents; the recorded_* counts are the ones kept by hand
  // (work done outside Mixdesk); projects linked through projects.client_id are counted on top of them.
  await db.schema
    .createTable('clients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('company', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('location', 'text')
    .addColumn('genres', t.json, (c) => c.notNull())
    .addColumn('budget_min_cents', t.bigint)
    .addColumn('budget_max_cents', t.bigint)
    .addColumn('budget_currency', 'text')
    .addColumn('preferred_studios', t.json, (c) => c.notNull())
    .addColumn('equipment', t.json, (c) => c.notNull())
    .addColumn('previous_work', t.json, (c) => c.notNull())
    .addColumn('recorded_total', 'integer', (c) => c.notNull())
    .addColumn('recorded_active', 'integer', (c) => c.notNull())
    .addColumn('recorded_completed', 'integer', (c) => c.notNull())
    .addColumn('revenue_cents', t.bigint, (c) => c.notNull())
    .addColumn('last_project_date', 'text')
    .addColumn('preferred_contact_method', 'text')
    .addColumn('timezone', 'text')
    .addColumn('notes', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  // One client per email in a network (emails are stored lower-cased).
  await db.schema
    .createIndex('clients_owner_email')
    .on('clients')
    .columns(['owner_id', 'email'])
    .unique()
    .execute();
  // The list's order (newest first) and its filters, within one owner's network.
  await db.schema
    .createIndex('clients_owner_created')
    .on('clients')
    .columns(['owner_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('clients_owner_status')
    .on('clients')
    .columns(['owner_id', 'status', 'role', 'type'])
    .execute();

  // A project's client (runs after 0002-projects: migration names sort in run order).
  await db.schema
    .alterTable('projects')
    .addColumn('client_id', 'text', (c) => c.references('clients.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('projects_client').on('projects').column('client_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('projects_client').execute();
  await db.schema.alterTable('projects').dropColumn('client_id').execute();
  await db.schema.dropTable('clients').execute();
}
