// Work under way (issue #17): the analyses and masters of my projects that wait or run, from GET /api/dashboard,
// moved on live by job:updated from each project's room and read again every 5 s while any is listed (a
// finished job leaves the list; a new one appears). Hidden when nothing runs.
import type { ActiveJob, Dashboard } from '@mixdesk/contract/dashboard';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { dashboardKeys } from '../../lib/dashboard-api';
import { applyToActiveJobs, JOB_KIND_LABEL, jobPercent, jobProgressText } from '../../lib/job-progress';
import { subscribeJobUpdates } from '../../lib/job-updates';
import { Badge } from '../../ui/badge';
import { Card, CardTitle } from '../../ui/card';
import { cn } from '../../ui/cn';

export const ACTIVE_JOBS_POLL_MS = 5000;

function useLiveActiveJobs(jobs: ActiveJob[]) {
  const queryClient = useQueryClient();
  const projectIds = [...new Set(jobs.map((j) => j.project._id))].sort().join(' ');
  const listed = jobs.length > 0;

  useEffect(() => {
    if (!projectIds) return;
    const offs = projectIds
      .split(' ')
      .map((projectId) =>
        subscribeJobUpdates(projectId, (job) =>
          queryClient.setQueryData<Dashboard>(dashboardKeys.all, (old) =>
            old ? { ...old, activeJobs: applyToActiveJobs(old.activeJobs, job) } : old,
          ),
        ),
      );
    return () => {
      for (const off of offs) off();
    };
  }, [projectIds, queryClient]);

  useEffect(() => {
    if (!listed) return;
    const timer = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ACTIVE_JOBS_POLL_MS,
    );
    return () => clearInterval(timer);
  }, [listed, queryClient]);
}

export function ActiveJobs({ jobs, className }: { jobs: ActiveJob[] | undefined; className?: string }) {
  const titleId = useId();
  useLiveActiveJobs(jobs ?? []);
  if (!jobs || jobs.length === 0) return null;
  return (
    <Card aria-labelledby={titleId} className={cn('flex flex-col', className)}>
      <div className="px-5 pt-5 pb-3">
        <CardTitle id={titleId}>Work under way</CardTitle>
      </div>
      <ul className="flex flex-col divide-y divide-border px-5 pb-3">
        {jobs.map((job) => (
          <ActiveJobRow key={job._id} job={job} />
        ))}
      </ul>
    </Card>
  );
}

function ActiveJobRow({ job }: { job: ActiveJob }) {
  const kind = JOB_KIND_LABEL[job.kind];
  const percent = job.status === 'queued' ? 0 : jobPercent(job);
  // The badge names the kind: the row's text is only how far it is.
  const short = job.status === 'queued' ? 'Queued\u2026' : `${percent} %`;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 items-center gap-2">
        <Badge tone={job.kind === 'mastering' ? 'accent' : 'info'}>{kind}</Badge>
        <p className="min-w-0 truncate text-sm">
          <Link
            to={`/projects/${encodeURIComponent(job.project._id)}/tracks`}
            className="font-medium hover:text-accent hover:underline"
          >
            {job.project.title}
          </Link>
          <span className="text-muted">
            {' · '}
            {job.track.title} · {job.versionLabel}
          </span>
        </p>
      </div>
      <div className="flex items-center gap-3 sm:w-64">
        <div
          role="progressbar"
          aria-label={`${kind} of ${job.track.title} · ${job.versionLabel}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={jobProgressText(job)}
          className="h-1.5 flex-1 overflow-hidden rounded-full bg-surface-3"
        >
          <div
            className="h-full rounded-full bg-accent transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
        <span className="w-16 shrink-0 text-right font-mono text-xs whitespace-nowrap text-muted tabular-nums">
          {short}
        </span>
      </div>
    </li>
  );
}
