// A person's project figures, in SQL, one round trip (the dashboard's, issue #33 moved them to the area that
// owns the tables): what they own from the figures triggers keep per owner (project_owner_stats, migration
// 0015), what is shared with them over their collaborations' index, and the people they work with.
import { ACTIVE_PROJECT_STATUSES } from '@mixdesk/contract/dashboard';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

export interface ProjectFigures {
  /** Active projects owned plus those shared with the person. */
  activeProjects: number;
  /** Tracks in the projects owned plus in those shared. */
  totalTracks: number;
  /** People who share a project with the person, each once. */
  collaborators: number;
  /** Bytes stored in the projects owned. */
  bytesOwned: number;
}

interface Figures {
  active_owned: number | string | null;
  active_shared: number | string;
  tracks_owned: number | string | null;
  tracks_shared: number | string | null;
  people: number | string;
  bytes_owned: number | string | null;
}

export async function projectFiguresOf(db: Kysely<DB>, userId: string): Promise<ProjectFigures> {
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
  const row = (await figures.execute(db)).rows[0]!;
  return {
    activeProjects: Number(row.active_owned ?? 0) + Number(row.active_shared),
    totalTracks: Number(row.tracks_owned ?? 0) + Number(row.tracks_shared ?? 0),
    collaborators: Number(row.people),
    bytesOwned: Number(row.bytes_owned ?? 0),
  };
}
