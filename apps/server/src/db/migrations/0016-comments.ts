// Timestamped comments on a track version (issue #15) and their likes. A comment belongs to one version and
// goes with it (and a thread's replies with their first comment). `author_id` is null for a guest from a
// share link, who is named by `guest_name`. Triggers keep the activity feed (0012-activity) in step, in the
// same transaction as the change: a new comment records a `comment_added` activity, which the feed's fan-out
// delivers to everyone on the project; a deleted one (by hand or by any cascade) takes its activity with it,
// and the inbox rows follow through their foreign key.
import { sql } from 'kysely';
import { activityIdSql } from '../activity-ids.ts';
import { columnTypes, isPostgres, type MigrationDb } from '../migration-helpers.ts';

const ACTIVITY_COLUMNS =
  'id, kind, project_id, audience_user_id, actor_id, actor_name, subject_id, subject, detail, created_at';

/** The activity a comment records, as a SELECT list over the row `r` (as 0012-activity's SOURCES). */
const commentActivity = (
  r: string,
) => `${activityIdSql('comment_added', `${r}.id`)}, 'comment_added', ${r}.project_id, null,
  ${r}.author_id, ${r}.guest_name, ${r}.id, (select title from tracks where id = ${r}.track_id),
  'track=' || ${r}.track_id || '&version=' || ${r}.version_id || '&t=' || ${r}.at_sec || '&comment=' || ${r}.id,
  ${r}.created_at`;

const TRIGGERS = [
  {
    name: 'comments_activity',
    event: 'insert on comments',
    body: `insert into activities (${ACTIVITY_COLUMNS}) select ${commentActivity('new')}
      on conflict (id) do nothing;`,
  },
  {
    name: 'comments_activity_gone',
    event: 'delete on comments',
    body: `delete from activities where id = ${activityIdSql('comment_added', 'old.id')};`,
  },
];

export async function up(db: MigrationDb): Promise<void> {
  const t = columnTypes(db);
  const pg = isPostgres(db);
  const real = pg ? sql`double precision` : sql`real`;
  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('track_id', 'text', (c) => c.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('version_id', 'text', (c) => c.notNull().references('track_versions.id').onDelete('cascade'))
    .addColumn('parent_id', 'text', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('guest_name', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('at_sec', real, (c) => c.notNull())
    .addColumn('end_sec', real)
    .addColumn('resolved_at', t.timestamp)
    .addColumn('resolved_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('edited_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('comments_version_at')
    .on('comments')
    .columns(['version_id', 'at_sec'])
    .execute();
  // Replies are found (and cascaded) by their first comment; an author's comments by the account export.
  await db.schema.createIndex('comments_parent').on('comments').column('parent_id').execute();
  await db.schema.createIndex('comments_author').on('comments').column('author_id').execute();
  await db.schema
    .createTable('comment_likes')
    .addColumn('comment_id', 'text', (c) => c.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_likes_pk', ['comment_id', 'user_id'])
    .execute();
  await db.schema.createIndex('comment_likes_user').on('comment_likes').column('user_id').execute();

  for (const trigger of TRIGGERS) {
    if (!pg) {
      await sql
        .raw(`create trigger ${trigger.name} after ${trigger.event} for each row begin ${trigger.body} end`)
        .execute(db);
      continue;
    }
    await sql
      .raw(`create function ${trigger.name}() returns trigger language plpgsql as $$
        begin ${trigger.body} return null; end $$`)
      .execute(db);
    await sql
      .raw(
        `create trigger ${trigger.name} after ${trigger.event} for each row execute function ${trigger.name}()`,
      )
      .execute(db);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  const pg = isPostgres(db);
  // Dropping a table fires no delete trigger: the activities the comments recorded are removed here.
  await db.deleteFrom('activities').where('kind', '=', 'comment_added').execute();
  for (const trigger of TRIGGERS) {
    if (pg) {
      await sql.raw(`drop trigger ${trigger.name} on comments`).execute(db);
      await sql.raw(`drop function ${trigger.name}()`).execute(db);
    } else await sql.raw(`drop trigger ${trigger.name}`).execute(db);
  }
  await db.schema.dropTable('comment_likes').execute();
  await db.schema.dropTable('comments').execute();
}
