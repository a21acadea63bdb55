// Issue #33 (reads that stay fast as an account grows): how many activities each person's feed holds, kept
// rather than counted. The feed's page count needs the total, and counting an inbox of 2,000,000 rows took
// about a second on every request. `activity_inbox_counts` holds, per person and kind, how many inbox rows
// they have; triggers on `activity_inbox` keep it in the same transaction as every row that comes or goes,
// whichever way it goes (the fan-out, a collaborator joining or leaving, a cascade from a deleted activity,
// project or user). The kind is read from the activity's id (`<kind>:<subject>`, db/activity-ids.ts), not from
// `activities`, because a cascade may have removed that row by the time the inbox row goes. Per kind, so the
// feed still counts only the kinds this version can describe.
import { sql } from 'kysely';
import {
  columnTypes,
  createRowTrigger,
  dropRowTrigger,
  isPostgres,
  type MigrationDb,
} from '../migration-helpers.ts';

/** The kind of the activity an inbox row points at, from its id, as an SQL expression over `id`. */
const kindOf = (pg: boolean, id: string) =>
  pg ? `split_part(${id}, ':', 1)` : `substr(${id}, 1, instr(${id}, ':') - 1)`;

export async function up(db: MigrationDb): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('activity_inbox_counts')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('n', columnTypes(db).bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('activity_inbox_counts_pk', ['user_id', 'kind'])
    .execute();
  await createRowTrigger(
    db,
    'inbox_count_in',
    'insert on activity_inbox',
    `insert into activity_inbox_counts (user_id, kind, n) values (new.user_id, ${kindOf(pg, 'new.activity_id')}, 1)
      on conflict (user_id, kind) do update set n = activity_inbox_counts.n + 1;`,
  );
  await createRowTrigger(
    db,
    'inbox_count_out',
    'delete on activity_inbox',
    `update activity_inbox_counts set n = n - 1
      where user_id = old.user_id and kind = ${kindOf(pg, 'old.activity_id')};`,
  );
  await sql
    .raw(`insert into activity_inbox_counts (user_id, kind, n)
      select user_id, ${kindOf(pg, 'activity_id')}, count(*) from activity_inbox group by 1, 2`)
    .execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropRowTrigger(db, 'inbox_count_out', 'activity_inbox');
  await dropRowTrigger(db, 'inbox_count_in', 'activity_inbox');
  await db.schema.dropTable('activity_inbox_counts').execute();
}
