// Approvals on a track version (issue #15). `version_reviews` keeps every decision a person made on a version
// (the API shows each person's latest); `review_requests` holds who was asked to review a version, once per
// person. Both go with their version and their reviewer's account. Triggers, in the same transaction as the
// change whoever makes it:
// - a decision records a `version_reviewed` activity (0012-activity's fan-out delivers it to the project), and
//   takes it away when it goes (by hand or by the version's cascade);
// - a collaborator removed from a project (or leaving it) loses the review requests of its versions.
import { sql } from 'kysely';
import { activityIdSql } from '../activity-ids.ts';
import { columnTypes, isPostgres, type MigrationDb } from '../migration-helpers.ts';

const ACTIVITY_COLUMNS =
  'id, kind, project_id, audience_user_id, actor_id, actor_name, subject_id, subject, detail, created_at';

/**
 * The activity a decision records, over the row `r`: its subject is the version (id and label), its detail
 * `<decision>:<track id>:<track title>` (the title last: it may hold any character).
 */
const reviewActivity = (
  r: string,
) => `${activityIdSql('version_reviewed', `${r}.id`)}, 'version_reviewed', ${r}.project_id,
  null, ${r}.reviewer_id, null, ${r}.version_id, (select label from track_versions where id = ${r}.version_id),
  ${r}.decision || ':' || ${r}.track_id || ':' || coalesce((select title from tracks where id = ${r}.track_id), ''),
  ${r}.created_at`;

const TRIGGERS = [
  {
    name: 'version_reviews_activity',
    table: 'version_reviews',
    event: 'insert',
    body: `insert into activities (${ACTIVITY_COLUMNS}) select ${reviewActivity('new')}
      on conflict (id) do nothing;`,
  },
  {
    name: 'version_reviews_activity_gone',
    table: 'version_reviews',
    event: 'delete',
    body: `delete from activities where id = ${activityIdSql('version_reviewed', 'old.id')};`,
  },
  {
    name: 'collaborators_review_requests_leave',
    table: 'project_collaborators',
    event: 'delete',
    body: `delete from review_requests where project_id = old.project_id and reviewer_id = old.user_id;`,
  },
];

export async function up(db: MigrationDb): Promise<void> {
  const t = columnTypes(db);
  const pg = isPostgres(db);
  await db.schema
    .createTable('version_reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('track_id', 'text', (c) => c.notNull())
    .addColumn('version_id', 'text', (c) => c.notNull().references('track_versions.id').onDelete('cascade'))
    .addColumn('reviewer_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('decision', 'text', (c) =>
      c.notNull().check(sql`decision in ('approved', 'changes_requested')`),
    )
    .addColumn('note', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  // A person's latest decision on a version is the top of this index; a reviewer's rows go with their account.
  await db.schema
    .createIndex('version_reviews_latest')
    .on('version_reviews')
    .columns(['version_id', 'reviewer_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('version_reviews_reviewer')
    .on('version_reviews')
    .column('reviewer_id')
    .execute();

  await db.schema
    .createTable('review_requests')
    .addColumn('version_id', 'text', (c) => c.notNull().references('track_versions.id').onDelete('cascade'))
    .addColumn('reviewer_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('requested_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('track_id', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('review_requests_pk', ['version_id', 'reviewer_id'])
    .execute();
  // Removing a collaborator drops their requests on the project; deleting an account, theirs and its asks.
  await db.schema
    .createIndex('review_requests_reviewer')
    .on('review_requests')
    .columns(['reviewer_id', 'project_id'])
    .execute();
  await db.schema
    .createIndex('review_requests_requested_by')
    .on('review_requests')
    .column('requested_by')
    .execute();

  for (const trigger of TRIGGERS) {
    const event = `${trigger.event} on ${trigger.table}`;
    if (!pg) {
      await sql
        .raw(`create trigger ${trigger.name} after ${event} for each row begin ${trigger.body} end`)
        .execute(db);
      continue;
    }
    await sql
      .raw(`create function ${trigger.name}() returns trigger language plpgsql as $$
        begin ${trigger.body} return null; end $$`)
      .execute(db);
    await sql
      .raw(`create trigger ${trigger.name} after ${event} for each row execute function ${trigger.name}()`)
      .execute(db);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  const pg = isPostgres(db);
  // Dropping a table fires no delete trigger: the activities the decisions recorded are removed here.
  await db.deleteFrom('activities').where('kind', '=', 'version_reviewed').execute();
  for (const trigger of TRIGGERS) {
    if (pg) {
      await sql.raw(`drop trigger ${trigger.name} on ${trigger.table}`).execute(db);
      await sql.raw(`drop function ${trigger.name}()`).execute(db);
    } else await sql.raw(`drop trigger ${trigger.name}`).execute(db);
  }
  await db.schema.dropTable('review_requests').execute();
  await db.schema.dropTable('version_reviews').execute();
}
