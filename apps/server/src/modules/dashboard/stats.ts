// The dashboard's four figures in SQL: one round trip, over indexes (projects by owner, collaborations by
// user), never reading every project of a busy account into the server.
import { ACTIVE_PROJECT_STATUSES, type DashboardStats } from '@mixdesk/contract/dashboard';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { storageQuota, storageUsedBy } from '../media/quota.ts';

interface Figures {
  active_owned: number | string;
  active_shared: number | string;
  tracks_owned: number | string | null;
  tracks_shared: number | string | null;
  people: number | string;
}

export async function dashboardStats(ctx: AppContext, userId: string): Promise<DashboardStats> {
  const active = sql.join(ACTIVE_PROJECT_STATUSES.map((s) => sql`${s}`));
  const figures = sql<Figures>`
    select
      (select count(*) from projects p where p.owner_id = ${userId} and p.status in (${active})) as active_owned,
      (select count(*) from project_collaborators c join projects p on p.id = c.project_id
        where c.user_id = ${userId} and p.status in (${active})) as active_shared,
      (select sum(p.track_count) from projects p where p.owner_id = ${userId}) as tracks_owned,
      (select sum(p.track_count) from project_collaborators c join projects p on p.id = c.project_id
        where c.user_id = ${userId}) as tracks_shared,
      (select count(*) from (
        select c.user_id as person from projects p join project_collaborators c on c.project_id = p.id
          where p.owner_id = ${userId}
        union
        select p.owner_id from project_collaborators c join projects p on p.id = c.project_id
          where c.user_id = ${userId}
        union
        select other.user_id from project_collaborators c
          join project_collaborators other on other.project_id = c.project_id
          where c.user_id = ${userId}
      ) people where people.person <> ${userId}) as people`;
  const [{ rows }, used] = await Promise.all([figures.execute(ctx.db), storageUsedBy(ctx.db, userId)]);
  const row = rows[0]!;
  return {
    activeProjects: Number(row.active_owned) + Number(row.active_shared),
    totalTracks: Number(row.tracks_owned ?? 0) + Number(row.tracks_shared ?? 0),
    collaborators: Number(row.people),
    storageUsedBytes: used,
    storageQuotaBytes: storageQuota(ctx),
  };
}
