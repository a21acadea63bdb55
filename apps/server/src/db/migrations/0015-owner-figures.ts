// The dashboard's figures of what a user owns (active projects, tracks, bytes stored), kept per owner beside
// the project count (0002) by triggers in the same transaction as every change to a project: the dashboard
// and the storage quota read one row instead of summing 10,000 (decision 017).
import { sql } from 'kysely';
import { columnTypes, isPostgres, type MigrationDb } from '../migration-helpers.ts';

/** ACTIVE_PROJECT_STATUSES (contract/dashboard.ts) as they were when this ran; a change needs a migration. */
const ACTIVE = `('planning', 'in_progress', 'recording', 'mixing', 'mastering')`;
const active = (r: string) => `case when ${r}.status in ${ACTIVE} then 1 else 0 end`;

/** Adds (sign 1) or takes away (sign -1) a project row's figures to or from its owner's. */
function apply(r: string, sign: 1 | -1, pg: boolean): string {
  const cur = (c: string) => (pg ? `project_owner_stats.${c}` : c);
  if (sign === -1)
    return `update project_owner_stats set active_count = active_count - ${active(r)},
      track_total = track_total - ${r}.track_count, bytes_total = bytes_total - ${r}.total_file_size
      where owner_id = ${r}.owner_id;`;
  return `insert into project_owner_stats (owner_id, project_count, active_count, track_total, bytes_total)
    values (${r}.owner_id, 0, ${active(r)}, ${r}.track_count, ${r}.total_file_size)
    on conflict (owner_id) do update set active_count = ${cur('active_count')} + excluded.active_count,
      track_total = ${cur('track_total')} + excluded.track_total,
      bytes_total = ${cur('bytes_total')} + excluded.bytes_total;`;
}

const WATCHED = 'status, track_count, total_file_size, owner_id';
const changed = (op: string) =>
  WATCHED.split(', ')
    .map((c) => `old.${c} ${op} new.${c}`)
    .join(' or ');

export async function up(db: MigrationDb): Promise<void> {
  const t = columnTypes(db);
  const pg = isPostgres(db);
  for (const column of ['active_count', 'track_total', 'bytes_total'])
    await db.schema
      .alterTable('project_owner_stats')
      .addColumn(column, t.bigint, (c) => c.notNull().defaultTo(0))
      .execute();
  await sql
    .raw(`update project_owner_stats set
      active_count = (select count(*) from projects p where p.owner_id = project_owner_stats.owner_id
        and p.status in ${ACTIVE}),
      track_total = (select coalesce(sum(p.track_count), 0) from projects p
        where p.owner_id = project_owner_stats.owner_id),
      bytes_total = (select coalesce(sum(p.total_file_size), 0) from projects p
        where p.owner_id = project_owner_stats.owner_id)`)
    .execute(db);
  if (pg) {
    await sql
      .raw(`create function projects_owner_figures() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then ${apply('old', -1, true)} end if;
        if tg_op <> 'DELETE' then ${apply('new', 1, true)} end if;
        return null;
      end $$`)
      .execute(db);
    await sql
      .raw(`create trigger projects_owner_figures_change after update of ${WATCHED} on projects for each row
        when (${changed('is distinct from')}) execute function projects_owner_figures()`)
      .execute(db);
    await sql`create trigger projects_owner_figures after insert or delete on projects
      for each row execute function projects_owner_figures()`.execute(db);
    return;
  }
  await sql
    .raw(`create trigger projects_figures_insert after insert on projects begin
    ${apply('new', 1, false)} end`)
    .execute(db);
  await sql
    .raw(`create trigger projects_figures_update after update of ${WATCHED} on projects
    when ${changed('is not')} begin ${apply('old', -1, false)} ${apply('new', 1, false)} end`)
    .execute(db);
  await sql
    .raw(`create trigger projects_figures_delete after delete on projects begin
    ${apply('old', -1, false)} end`)
    .execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger projects_owner_figures_change on projects`.execute(db);
    await sql`drop trigger projects_owner_figures on projects`.execute(db);
    await sql`drop function projects_owner_figures()`.execute(db);
  } else {
    for (const name of ['projects_figures_insert', 'projects_figures_update', 'projects_figures_delete'])
      await sql.raw(`drop trigger ${name}`).execute(db);
  }
  for (const column of ['active_count', 'track_total', 'bytes_total'])
    await db.schema.alterTable('project_owner_stats').dropColumn(column).execute();
}
