// The activity feed (ROADMAP: "every activity is one stored event"). `activities` holds one row per thing
// that happened; `activity_inbox` holds, per person who may see it, a pointer ordered by time, so "what
// happened across my projects" is one index range however many projects a person has. Triggers write both
// in the same transaction as the change, whichever code makes it (services, seeds, cascades):
// - a project, collaborator, track, version or file inserted, and a document's audit event, each record an
//   activity (documents' only for the document's owner: they are private business papers);
// - an activity goes to the inbox of everyone on its project (or of its one audience);
// - a new collaborator's inbox gets the project's recent history; a removed one's loses the project's rows;
// - `dashboard_versions` is bumped for whoever's inbox or running jobs change, so the dashboard's cached
//   answer (modules/dashboard/cache.ts) is never served stale.
// Later kinds (comments, approvals, edits) insert into `activities` from their services; the fan-out and
// the versions follow by themselves.
import { sql } from 'kysely';
import { activityIdSql } from '../activity-ids.ts';
import { columnTypes, isPostgres, type MigrationDb } from '../migration-helpers.ts';

/** How much of a project's history a person added to it finds in their feed. */
const HISTORY_ON_JOIN = 50;

const ACTIVITY_COLUMNS =
  'id, kind, project_id, audience_user_id, actor_id, actor_name, subject_id, subject, detail, created_at';

/** The activity each source row records, as a SELECT list over the row `r` (a trigger's `new`, or a table). */
const SOURCES: { table: string; select: (r: string) => string }[] = [
  {
    table: 'projects',
    select: (
      r,
    ) => `${activityIdSql('project_created', `${r}.id`)}, 'project_created', ${r}.id, null, ${r}.owner_id, null,
      ${r}.id, null, null, ${r}.created_at`,
  },
  {
    table: 'project_collaborators',
    select: (
      r,
    ) => `${activityIdSql('collaborator_added', `${r}.project_id || ':' || ${r}.user_id || ':' || ${r}.created_at`)},
      'collaborator_added', ${r}.project_id, null, ${r}.user_id, null, ${r}.user_id, null, ${r}.role,
      ${r}.created_at`,
  },
  {
    table: 'tracks',
    select: (
      r,
    ) => `${activityIdSql('track_added', `${r}.id`)}, 'track_added', ${r}.project_id, null, ${r}.created_by, null,
      ${r}.id, ${r}.title, null, ${r}.created_at`,
  },
  {
    table: 'track_versions',
    select: (r) => `
      case when ${r}.mastered_from is null then ${activityIdSql('version_uploaded', `${r}.id`)}
        else ${activityIdSql('version_mastered', `${r}.id`)} end,
      case when ${r}.mastered_from is null then 'version_uploaded' else 'version_mastered' end,
      ${r}.project_id, null, ${r}.uploaded_by, null, ${r}.id, ${r}.label,
      (select title from tracks where id = ${r}.track_id), ${r}.created_at`,
  },
  {
    table: 'project_files',
    select: (
      r,
    ) => `${activityIdSql('file_uploaded', `${r}.id`)}, 'file_uploaded', ${r}.project_id, null, ${r}.uploaded_by, null,
      ${r}.id, ${r}.original_name, null, ${r}.created_at`,
  },
  {
    table: 'document_events',
    select: (r) => `${activityIdSql('document_event', `${r}.id`)}, 'document_event', null,
      (select owner_id from documents where id = ${r}.document_id), null, ${r}.actor_name, ${r}.document_id,
      (select title from documents where id = ${r}.document_id), ${r}.type, ${r}.created_at`,
  },
];

/** Everyone who sees a project: its owner and its collaborators. */
const viewersOf = (projectId: string) => `
  select owner_id as user_id from projects where id = ${projectId}
  union select user_id from project_collaborators where project_id = ${projectId}`;

interface Trigger {
  name: string;
  /** `insert on t`, `delete on t`, `update of a, b on t`. */
  event: string;
  /** Row condition, as [SQLite, PostgreSQL]. */
  when?: [string, string];
  body: (pg: boolean) => string;
}

const bump = (users: string) => (pg: boolean) =>
  `insert into dashboard_versions (user_id, version)
  select user_id, 1 from (${users}) viewers where user_id is not null
  on conflict (user_id) do update set version = ${pg ? 'dashboard_versions.version' : 'version'} + 1;`;

const TRIGGERS: Trigger[] = [
  ...SOURCES.map(({ table, select }) => ({
    name: `${table}_activity`,
    event: `insert on ${table}`,
    body: () =>
      `insert into activities (${ACTIVITY_COLUMNS}) select ${select('new')} on conflict (id) do nothing;`,
  })),
  {
    name: 'document_events_activity_gone',
    event: 'delete on document_events',
    body: () => `delete from activities where id = 'document_event:' || old.id;`,
  },
  {
    name: 'activities_fan_out',
    event: 'insert on activities',
    body: () => `insert into activity_inbox (user_id, activity_id, project_id, created_at)
      select user_id, new.id, new.project_id, new.created_at from (
        select new.audience_user_id as user_id where new.audience_user_id is not null
        union ${viewersOf('new.project_id')}
      ) audience where user_id is not null and (new.audience_user_id is null or user_id = new.audience_user_id)
      on conflict do nothing;`,
  },
  {
    name: 'collaborators_activity_join',
    event: 'insert on project_collaborators',
    body: () => `insert into activity_inbox (user_id, activity_id, project_id, created_at)
      select new.user_id, a.id, a.project_id, a.created_at from activities a
      where a.project_id = new.project_id and a.audience_user_id is null
      order by a.created_at desc limit ${HISTORY_ON_JOIN}
      on conflict do nothing;`,
  },
  {
    name: 'collaborators_activity_leave',
    event: 'delete on project_collaborators',
    body: () => `delete from activity_inbox where user_id = old.user_id and project_id = old.project_id;`,
  },
  {
    name: 'inbox_dashboard_in',
    event: 'insert on activity_inbox',
    body: bump('select new.user_id as user_id'),
  },
  {
    name: 'inbox_dashboard_out',
    event: 'delete on activity_inbox',
    body: bump('select old.user_id as user_id'),
  },
  { name: 'jobs_dashboard_in', event: 'insert on jobs', body: bump(viewersOf('new.project_id')) },
  {
    name: 'jobs_dashboard_change',
    event: 'update of status, progress on jobs',
    when: [
      'old.status is not new.status or old.progress is not new.progress',
      'old.status is distinct from new.status or old.progress is distinct from new.progress',
    ],
    body: bump(viewersOf('new.project_id')),
  },
  { name: 'jobs_dashboard_out', event: 'delete on jobs', body: bump(viewersOf('old.project_id')) },
];

async function createTrigger(db: MigrationDb, pg: boolean, t: Trigger): Promise<void> {
  if (!pg) {
    const when = t.when ? ` when ${t.when[0]}` : '';
    await sql
      .raw(`create trigger ${t.name} after ${t.event} for each row${when} begin ${t.body(false)} end`)
      .execute(db);
    return;
  }
  await sql
    .raw(`create function ${t.name}() returns trigger language plpgsql as $$
      begin ${t.body(true)} return null; end $$`)
    .execute(db);
  const when = t.when ? ` when (${t.when[1]})` : '';
  await sql
    .raw(`create trigger ${t.name} after ${t.event} for each row${when} execute function ${t.name}()`)
    .execute(db);
}

export async function up(db: MigrationDb): Promise<void> {
  const t = columnTypes(db);
  const pg = isPostgres(db);
  await db.schema
    .createTable('activities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.references('projects.id').onDelete('cascade'))
    /** Set when one person only may see it (a document's owner); otherwise everyone on the project. */
    .addColumn('audience_user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    /** Who did it when they have no account (a document's signer); a user's name is read from users. */
    .addColumn('actor_name', 'text')
    /** What it is about (a track, version, file, document), and its name then. */
    .addColumn('subject_id', 'text')
    .addColumn('subject', 'text')
    .addColumn('detail', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('activities_project')
    .on('activities')
    .columns(['project_id', 'created_at'])
    .execute();
  await db.schema.createIndex('activities_subject').on('activities').column('subject_id').execute();
  await db.schema
    .createTable('activity_inbox')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('activity_id', 'text', (c) => c.notNull().references('activities.id').onDelete('cascade'))
    .addColumn('project_id', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('activity_inbox_pk', ['user_id', 'activity_id'])
    .execute();
  await db.schema
    .createIndex('activity_inbox_feed')
    .on('activity_inbox')
    .columns(['user_id', 'created_at', 'activity_id'])
    .execute();
  await db.schema.createIndex('activity_inbox_activity').on('activity_inbox').column('activity_id').execute();
  await db.schema
    .createTable('dashboard_versions')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('version', t.bigint, (c) => c.notNull())
    .execute();
  for (const trigger of TRIGGERS) await createTrigger(db, pg, trigger);
  // What happened before the feed existed: the same rows the triggers would have written, fanned out by them.
  for (const { table, select } of SOURCES)
    await sql
      .raw(`insert into activities (${ACTIVITY_COLUMNS}) select ${select('r')} from ${table} r
        where true on conflict (id) do nothing`)
      .execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  const pg = isPostgres(db);
  for (const t of TRIGGERS) {
    const table = t.event.split(' on ')[1];
    if (pg) {
      await sql.raw(`drop trigger ${t.name} on ${table}`).execute(db);
      await sql.raw(`drop function ${t.name}()`).execute(db);
    } else await sql.raw(`drop trigger ${t.name}`).execute(db);
  }
  await db.schema.dropTable('dashboard_versions').execute();
  await db.schema.dropTable('activity_inbox').execute();
  await db.schema.dropTable('activities').execute();
}
