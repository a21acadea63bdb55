// A version per user of everything their projects list shows (their own and shared projects, collaborators,
// the names of the people on them). Triggers bump it in the same transaction as any change, whichever area
// makes it (projects, media's counters, collaborators, a renamed user), so a list response cached under a
// version is served only while the database still holds that version (modules/projects/list-cache.ts).
import { sql } from 'kysely';
import { columnTypes, isPostgres, type MigrationDb } from '../migration-helpers.ts';

/** Everyone who sees a project in their list: its owner and its collaborators. */
const viewersOf = (projectId: string) => `
  select owner_id as user_id from projects where id = ${projectId}
  union select user_id from project_collaborators where project_id = ${projectId}`;

/** Everyone whose list shows a user's name or email: themselves and whoever shares a project with them. */
const peopleSharingWith = (userId: string) => `
  select ${userId} as user_id
  union select p.owner_id from project_collaborators c join projects p on p.id = c.project_id
    where c.user_id = ${userId}
  union select c2.user_id from project_collaborators c
    join project_collaborators c2 on c2.project_id = c.project_id where c.user_id = ${userId}
  union select c.user_id from projects p join project_collaborators c on c.project_id = p.id
    where p.owner_id = ${userId}`;

async function createSqliteTriggers(db: MigrationDb): Promise<void> {
  // SQLite's upsert from a SELECT needs a WHERE to parse.
  const bump = (users: string) => `insert into project_list_versions (user_id, version)
    select user_id, 1 from (${users}) where user_id is not null
    on conflict (user_id) do update set version = version + 1;`;
  const triggers = [
    `projects_lv_insert after insert on projects begin ${bump(viewersOf('new.id'))} end`,
    `projects_lv_update after update on projects begin
      ${bump(`${viewersOf('new.id')} union select old.owner_id`)} end`,
    `projects_lv_delete after delete on projects begin
      ${bump(`select old.owner_id as user_id union select user_id from project_collaborators where project_id = old.id`)}
    end`,
    `collaborators_lv_insert after insert on project_collaborators begin
      ${bump(`${viewersOf('new.project_id')} union select new.user_id`)} end`,
    `collaborators_lv_update after update on project_collaborators begin
      ${bump(`${viewersOf('new.project_id')} union select new.user_id union select old.user_id`)} end`,
    `collaborators_lv_delete after delete on project_collaborators begin
      ${bump(`${viewersOf('old.project_id')} union select old.user_id`)} end`,
    `users_lv_rename after update of name, email on users
      when old.name is not new.name or old.email is not new.email begin ${bump(peopleSharingWith('new.id'))} end`,
  ];
  for (const trigger of triggers) await sql.raw(`create trigger ${trigger}`).execute(db);
}

async function createPostgresTriggers(db: MigrationDb): Promise<void> {
  await sql`create function project_list_bump(ids text[]) returns void language sql as $$
    insert into project_list_versions (user_id, version)
    select distinct u, 1 from unnest(ids) as u where u is not null
    on conflict (user_id) do update set version = project_list_versions.version + 1
  $$`.execute(db);
  await sql
    .raw(`create function projects_list_version() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        perform project_list_bump(array(select old.owner_id
          union select user_id from project_collaborators where project_id = old.id));
      elsif tg_op = 'UPDATE' then
        perform project_list_bump(array(${viewersOf('new.id')} union select old.owner_id));
      else
        perform project_list_bump(array(${viewersOf('new.id')}));
      end if;
      return null;
    end $$`)
    .execute(db);
  await sql
    .raw(`create function collaborators_list_version() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        perform project_list_bump(array(${viewersOf('old.project_id')} union select old.user_id));
      end if;
      if tg_op <> 'DELETE' then
        perform project_list_bump(array(${viewersOf('new.project_id')} union select new.user_id));
      end if;
      return null;
    end $$`)
    .execute(db);
  await sql
    .raw(`create function users_list_version() returns trigger language plpgsql as $$
    begin
      perform project_list_bump(array(${peopleSharingWith('new.id')}));
      return null;
    end $$`)
    .execute(db);
  await sql`create trigger projects_list_version after insert or update or delete on projects
    for each row execute function projects_list_version()`.execute(db);
  await sql`create trigger collaborators_list_version after insert or update or delete on project_collaborators
    for each row execute function collaborators_list_version()`.execute(db);
  await sql`create trigger users_list_version after update of name, email on users for each row
    when (old.name is distinct from new.name or old.email is distinct from new.email)
    execute function users_list_version()`.execute(db);
}

export async function up(db: MigrationDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('project_list_versions')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('version', t.bigint, (c) => c.notNull())
    .execute();
  if (isPostgres(db)) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger users_list_version on users`.execute(db);
    for (const fn of ['projects_list_version', 'collaborators_list_version', 'users_list_version'])
      await sql.raw(`drop function ${fn}() cascade`).execute(db);
    await sql`drop function project_list_bump(text[])`.execute(db);
  } else {
    for (const name of [
      'projects_lv_insert',
      'projects_lv_update',
      'projects_lv_delete',
      'collaborators_lv_insert',
      'collaborators_lv_update',
      'collaborators_lv_delete',
      'users_lv_rename',
    ])
      await sql.raw(`drop trigger ${name}`).execute(db);
  }
  await db.schema.dropTable('project_list_versions').execute();
}
