// Projects and their collaborators. The list (GET /api/projects) filters, counts and pages in SQL, newest
// activity first, over the caller's own projects and the ones shared with them; see modules/projects/
// list-query.ts for the queries these indexes serve and docs/decisions for why they look like this.
import { sql } from 'kysely';
import { columnTypes, isPostgres, type MigrationDb } from '../migration-helpers.ts';
import { createPostgresSearch, createSqliteSearch } from '../trigram-search.ts';

export async function up(db: MigrationDb): Promise<void> {
  const t = columnTypes(db);
  const pg = isPostgres(db);
  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('genre', t.json, (c) => c.notNull())
    .addColumn('target_release_date', 'text')
    .addColumn('record_label', 'text')
    .addColumn('producer', 'text')
    .addColumn('engineer', 'text')
    .addColumn('studio', 'text')
    .addColumn('tags', t.json, (c) => c.notNull())
    .addColumn('track_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_duration', pg ? sql`double precision` : 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('total_file_size', t.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('search_text', 'text', (c) => c.notNull())
    // SQLite only: the project's stable key in the full-text index (rowids may move on VACUUM).
    .addColumn('search_key', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_activity_at', t.timestamp, (c) => c.notNull())
    .execute();
  // The unfiltered list: one owner's projects already in page order.
  await db.schema
    .createIndex('projects_owner_activity')
    .on('projects')
    .columns(['owner_id', 'last_activity_at', 'id'])
    .execute();
  // Type and status filters, alone or together, read in page order without touching other projects.
  await db.schema
    .createIndex('projects_owner_type_status')
    .on('projects')
    .columns(['owner_id', 'type', 'status', 'last_activity_at', 'id'])
    .execute();
  await db.schema
    .createIndex('projects_owner_status')
    .on('projects')
    .columns(['owner_id', 'status', 'last_activity_at', 'id'])
    .execute();
  // The genre filter counts from the index alone (genres are a short JSON list).
  await db.schema.createIndex('projects_owner_genre').on('projects').columns(['owner_id', 'genre']).execute();

  await db.schema
    .createTable('project_collaborators')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('permission', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('project_collaborators_pk', ['project_id', 'user_id'])
    .execute();
  // "Shared with me": a user's collaborations.
  await db.schema
    .createIndex('project_collaborators_user')
    .on('project_collaborators')
    .columns(['user_id', 'project_id'])
    .execute();

  // How many projects each user owns, kept by triggers in the same transaction as every insert and delete
  // (cascades included), so the unfiltered list never counts thousands of rows.
  await db.schema
    .createTable('project_owner_stats')
    .addColumn('owner_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('project_count', 'integer', (c) => c.notNull())
    .execute();
  if (pg) {
    await sql`
      create function projects_count_owned() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into project_owner_stats (owner_id, project_count) values (new.owner_id, 1)
          on conflict (owner_id) do update set project_count = project_owner_stats.project_count + 1;
        else
          update project_owner_stats set project_count = project_count - 1 where owner_id = old.owner_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger projects_count_owned after insert or delete on projects
      for each row execute function projects_count_owned()`.execute(db);
    await createPostgresSearch(db, 'projects');
  } else {
    await sql`create trigger projects_count_insert after insert on projects begin
      insert into project_owner_stats (owner_id, project_count) values (new.owner_id, 1)
      on conflict (owner_id) do update set project_count = project_count + 1;
    end`.execute(db);
    await sql`create trigger projects_count_delete after delete on projects begin
      update project_owner_stats set project_count = project_count - 1 where owner_id = old.owner_id;
    end`.execute(db);
    await createSqliteSearch(db, 'projects');
  }
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) await sql`drop function if exists projects_count_owned() cascade`.execute(db);
  else await sql`drop table if exists projects_search`.execute(db);
  await db.schema.dropTable('project_owner_stats').execute();
  await db.schema.dropTable('project_collaborators').execute();
  await db.schema.dropTable('projects').execute();
}
