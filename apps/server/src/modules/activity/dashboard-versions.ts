// The dashboard's own cache version per person (dashboard_versions, migration 0012): the activity area keeps
// it, since what bumps it is activity's (the triggers on inboxes and jobs, and `bumpDashboardsShowingActor`);
// the dashboard reads it beside the projects list's version in one query (modules/dashboard/cache.ts).
import type { SelectQueryBuilder, StringReference } from 'kysely';
import type { DashboardVersionsTable } from './tables.ts';

/** Kysely cannot check a join made on the caller's query: the join is built untyped, here only. */
type Untyped = SelectQueryBuilder<Record<string, Record<string, unknown>>, string, unknown>;
const untyped = (qb: unknown) => qb as Untyped;

/**
 * Adds `dashboard`, the dashboard version of the person `userId` refers to (null before anything bumped it):
 * joins dashboard_versions as `d` (a left join), so the query must not use that alias itself.
 */
export function withDashboardVersion<QDB, TB extends keyof QDB, O>(
  qb: SelectQueryBuilder<QDB, TB, O>,
  userId: StringReference<QDB, TB>,
): SelectQueryBuilder<QDB, TB, O & { dashboard: DashboardVersionsTable['version'] | null }> {
  return untyped(qb)
    .leftJoin('dashboard_versions as d', 'd.user_id', userId as string)
    .select('d.version as dashboard') as never;
}
