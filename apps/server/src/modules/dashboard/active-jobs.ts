// The dashboard's running work: analyses and masters of my projects that wait or run, with what they work on.
import { ACTIVE_JOBS_COUNT, type ActiveJob } from '@mixdesk/contract/dashboard';
import type { AppContext } from '../../platform/context.ts';
import { presentJob } from '../../platform/jobs/jobs.ts';
import { joinVersionAndTrack } from '../media/public.ts';
import { joinProject, ownsOrWorksOn } from '../projects/public.ts';

export async function activeJobs(ctx: AppContext, userId: string): Promise<ActiveJob[]> {
  // The version and its track as `v` and `t`: the media area's join (same SQL as written here before).
  const rows = await joinVersionAndTrack(ctx.db.selectFrom('jobs as j'), 'j.subject_id')
    .$call((q) => joinProject(q, 'p', 'j.project_id'))
    .selectAll('j')
    .select([
      'p.title as project_title',
      't.id as track_id',
      't.title as track_title',
      'v.label as version_label',
    ])
    .where('j.status', 'in', ['queued', 'running'])
    .where((eb) => ownsOrWorksOn(eb, 'p', userId))
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
