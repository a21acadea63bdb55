// The dashboard's four figures in SQL, one round trip: what the user owns from the figures triggers keep per
// owner (project_owner_stats, migration 0015), what is shared with them over their collaborations' index.
import { ACTIVE_PROJECT_STATUSES, type DashboardStats } from '@mixdesk/contract/dashboard';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { storageQuota } from '../media/public.ts';

interface Figures {
  active_owned: number | string | null;
  active_shared: number | string;
  tracks_owned: number | string | null;
  tracks_shared: number | string | null;
  people: number | string;
  bytes_owned: number | string | null;
}

export async function dashboardStats(ctx: AppContext, userId: string): Promise<DashboardStats> {
  const active = sql.join(ACTIVE_PROJECT_STATUSES.map((s) => sql`${s}`));
  const figures = sql<Figures>`
    select
      (select active_count from project_owner_stats where owner_id = ${userId}) as active_owned,
      (select count(*) from project_collaborators c join projects p on p.id = c.project_id
        where c.user_id = ${userId} and p.status in (${active})) as active_shared,
      (select track_total from project_owner_stats where owner_id = ${userId}) as tracks_owned,
      (select bytes_total from project_owner_stats where owner_id = ${userId}) as bytes_owned,
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
  const row = (await figures.execute(ctx.db)).rows[0]!;
  return {
    activeProjects: Number(row.active_owned ?? 0) + Number(row.active_shared),
    totalTracks: Number(row.tracks_owned ?? 0) + Number(row.tracks_shared ?? 0),
    collaborators: Number(row.people),
    storageUsedBytes: Number(row.bytes_owned ?? 0),
    storageQuotaBytes: storageQuota(ctx),
  };
}
