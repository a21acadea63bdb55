// Recent Projects (SPEC §2 Dashboard): the five the user worked on last, each opening its project page, with
// View All for the whole list; with none yet, a way to start the first.
import type { Project } from '@mixdesk/contract/project-responses';
import { enumLabel } from '@mixdesk/contract/projects';
import { ArrowRight, FolderPlus, ListMusic, Plus } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { timeAgo } from '../../lib/time-ago';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardTitle } from '../../ui/card';
import { Skeleton } from '../../ui/skeleton';
import { NEW_PROJECT_PATH } from './quick-actions';

const SLOTS = ['one', 'two', 'three', 'four', 'five'];

/** `projects` undefined: still loading. */
export function RecentProjects({
  projects,
  now,
  className,
}: {
  projects: Project[] | undefined;
  now: Date;
  className?: string;
}) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className={className}>
      <div className="flex items-center justify-between gap-2 px-5 pt-5 pb-3">
        <CardTitle id={titleId}>Recent Projects</CardTitle>
        <Button asChild variant="ghost" size="sm">
          <Link to="/projects">
            View All
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
      {projects === undefined ? (
        <ul aria-hidden="true" className="flex flex-col px-5 pb-4">
          {SLOTS.map((slot) => (
            <li key={slot} className="flex items-center gap-3 border-t border-border py-3">
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="ml-auto h-4 w-20" />
            </li>
          ))}
        </ul>
      ) : projects.length === 0 ? (
        <EmptyProjects />
      ) : (
        <ul className="flex flex-col px-2 pb-3 sm:px-3">
          {projects.map((project) => (
            <li key={project._id} className="border-t border-border first:border-t-0">
              <ProjectRow project={project} now={now} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function ProjectRow({ project, now }: { project: Project; now: Date }) {
  const genre = project.metadata.genre[0];
  return (
    <Link
      to={`/projects/${encodeURIComponent(project._id)}`}
      className="group flex min-w-0 flex-col gap-1.5 rounded-md px-3 py-3 hover:bg-surface-2 sm:flex-row sm:items-center sm:gap-3"
    >
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="truncate font-medium group-hover:text-accent">{project.title}</span>
        <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted">
          <Badge tone="neutral">{enumLabel(project.type)}</Badge>
          <Badge tone={project.status === 'archived' ? 'neutral' : 'accent'}>
            {enumLabel(project.status)}
          </Badge>
          {genre && <span>{enumLabel(genre)}</span>}
        </span>
      </span>
      <span className="flex shrink-0 items-center gap-3 font-mono text-xs text-muted tabular-nums">
        <span className="flex items-center gap-1">
          <ListMusic aria-hidden="true" className="size-3.5" />
          {project.trackCount} {project.trackCount === 1 ? 'track' : 'tracks'}
        </span>
        <time dateTime={project.lastActivityAt} title={new Date(project.lastActivityAt).toLocaleString()}>
          {timeAgo(project.lastActivityAt, now)}
        </time>
      </span>
    </Link>
  );
}

function EmptyProjects() {
  return (
    <div className="mx-5 mb-5 flex flex-col items-center gap-3 rounded-lg border border-dashed border-border-strong px-6 py-10 text-center">
      <FolderPlus aria-hidden="true" className="size-8 text-muted" />
      <h3 className="text-lg font-semibold">No projects yet</h3>
      <p className="max-w-sm text-base text-muted">
        A project holds a record's tracks, versions and files. Start one and it shows up here.
      </p>
      <Button asChild variant="primary">
        <Link to={NEW_PROJECT_PATH}>
          <Plus aria-hidden="true" />
          New Project
        </Link>
      </Button>
    </div>
  );
}
