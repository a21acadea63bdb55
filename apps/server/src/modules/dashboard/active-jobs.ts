// The dashboard's running work: analyses and masters of my projects that wait or run, with what they work on.
import { ACTIVE_JOBS_COUNT, type ActiveJob } from '@mixdesk/contract/dashboard';
import type { AppContext } from '../../platform/context.ts';
import { presentJob } from '../../platform/jobs/jobs.ts';

export async function activeJobs(ctx: AppContext, userId: string): Promise<ActiveJob[]> {
  const rows = await ctx.db
    .selectFrom('jobs as j')
    .innerJoin('track_versions as v', 'v.id', 'j.subject_id')
    .innerJoin('tracks as t', 't.id', 'v.track_id')
    .innerJoin('projects as p', 'p.id', 'j.project_id')
    .selectAll('j')
    .select([
      'p.title as project_title',
      't.id as track_id',
      't.title as track_title',
      'v.label as version_label',
    ])
    .where('j.status', 'in', ['queued', 'running'])
    .where((eb) =>
      eb.or([
        eb('p.owner_id', '=', userId),
        eb.exists(
          eb
            .selectFrom('project_collaborators as c')
            .select('c.user_id')
            .whereRef('c.project_id', '=', 'p.id')
            .where('c.user_id', '=', userId),
        ),
      ]),
    )
    .orderBy('j.created_at')
    .limit(ACTIVE_JOBS_COUNT)
    .execute();
  return rows.map((r) => ({
    ...presentJob(r),
    project: { _id: r.project_id!, title: r.project_title },
    track: { _id: r.track_id, title: r.track_title },
    versionLabel: r.version_label,
  }));
}
