// The dashboards' recent activity shows each actor's name as users holds it now, and a dashboard answer is
// kept under versions the database bumps (modules/dashboard/cache.ts). A name change bumps the people who
// share a project with that person (migration 0006), but activity outlives membership: a former member's
// entries stay in the inboxes of the people they worked with. So a change to someone's name, or their account
// going, also bumps every dashboard whose inbox holds something they did, in the same transaction.

import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import './tables.ts';

/** Bumps the dashboard version of everyone whose inbox holds an activity by `actorId`. */
export async function bumpDashboardsShowingActor(trx: Kysely<DB>, actorId: string): Promise<void> {
  await trx
    .insertInto('dashboard_versions')
    .columns(['user_id', 'version'])
    .expression(
      trx
        .selectFrom('activity_inbox as i')
        .innerJoin('activities as a', 'a.id', 'i.activity_id')
        .select(['i.user_id', sql<number>`1`.as('version')])
        .distinct()
        .where('a.actor_id', '=', actorId),
    )
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ version: sql`dashboard_versions.version + 1` }))
    .execute();
}
