import { sql } from 'kysely';
import { columnTypes, isPostgres, type MigrationDb } from '../migration-helpers.ts';

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
    // Lower-cased name, email and company, one per line: what the list's search matches.
    .addColumn('search_text', 'text', (c) => c.notNull())
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
  // The list's order (newest first) within one owner's network. The filtered columns ride along, so a page
  // of a search or filter is found in the index and only its own rows are read from the table.
  await db.schema
    .createIndex('clients_owner_created')
    .on('clients')
    .columns(['owner_id', 'created_at', 'id', 'search_text', 'status', 'role', 'type'])
    .execute();
  // Counts of a filtered or searched list read only this index (it holds every filtered column).
  await db.schema
    .createIndex('clients_owner_status')
    .on('clients')
    .columns(['owner_id', 'status', 'role', 'type', 'search_text'])
    .execute();

  // Per network, kept in the same transaction as every client change: the list's summary without reading
  // the network, and a version that tells any app instance whether its cached list responses are current.
  await db.schema
    .createTable('client_network_stats')
    .addColumn('owner_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('version', t.bigint, (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('potential', 'integer', (c) => c.notNull())
    .addColumn('recorded_completed', t.bigint, (c) => c.notNull())
    .addColumn('revenue_cents', t.bigint, (c) => c.notNull())
    .execute();

  // A project's client (runs after 0002-projects: migration names sort in run order).
  await db.schema
    .alterTable('projects')
    .addColumn('client_id', 'text', (c) => c.references('clients.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('projects_client').on('projects').column('client_id').execute();

  // A linked project's status, link or existence moves its client's counts, whichever area changes it:
  // these triggers bump the network's version in the same transaction, so cached lists never go stale.
  if (isPostgres(db)) {
    await sql`
      create function clients_bump_network_version() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' and old.client_id is not null then
          update client_network_stats set version = version + 1 where owner_id = old.owner_id;
        end if;
        if tg_op <> 'DELETE' and new.client_id is not null then
          update client_network_stats set version = version + 1 where owner_id = new.owner_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger projects_client_changes
      after insert or delete or update of status, client_id, owner_id on projects
      for each row execute function clients_bump_network_version()`.execute(db);
  } else {
    await sql`
      create trigger projects_client_insert after insert on projects when new.client_id is not null
      begin update client_network_stats set version = version + 1 where owner_id = new.owner_id; end`.execute(
      db,
    );
    await sql`
      create trigger projects_client_update after update of status, client_id, owner_id on projects
      when old.client_id is not null or new.client_id is not null
      begin
        update client_network_stats set version = version + 1 where owner_id in (old.owner_id, new.owner_id);
      end`.execute(db);
    await sql`
      create trigger projects_client_delete after delete on projects when old.client_id is not null
      begin update client_network_stats set version = version + 1 where owner_id = old.owner_id; end`.execute(
      db,
    );
  }
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger projects_client_changes on projects`.execute(db);
    await sql`drop function clients_bump_network_version()`.execute(db);
  } else
    for (const name of ['projects_client_insert', 'projects_client_update', 'projects_client_delete'])
      await sql`drop trigger ${sql.id(name)}`.execute(db);
  await db.schema.dropIndex('projects_client').execute();
  await db.schema.alterTable('projects').dropColumn('client_id').execute();
  await db.schema.dropTable('client_network_stats').execute();
  await db.schema.dropTable('clients').execute();
}
