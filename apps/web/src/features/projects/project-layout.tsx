// /projects/:id and its tabs (Overview, Tracks, Files, and Share for the owner and editors): the project's header,
// figures and tab links around the tab's page. The tabs read the same project query (useProject) or the outlet
// context.
import type { Project } from '@mixdesk/contract/project-responses';
import { ArrowLeft, Clock3, HardDrive, ListMusic, RotateCw, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink, Outlet, useOutletContext, useParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { enumLabel, STATUS_TONE } from '../../ui/project-labels';
import { Skeleton } from '../../ui/skeleton';
import { formatBytes, formatDuration } from './format';
import { listErrorMessage } from './project-errors';
import { ProjectPresence } from './project-presence';
import { useProject } from './use-project';

export interface ProjectOutletContext {
  project: Project;
}

/** The project of the page around a tab (for the Overview, Tracks and Files pages). */
export function useProjectOutlet(): ProjectOutletContext {
  return useOutletContext<ProjectOutletContext>();
}

const TABS = [
  { to: '', label: 'Overview', end: true, editorsOnly: false },
  { to: 'tracks', label: 'Tracks', end: false, editorsOnly: false },
  { to: 'files', label: 'Files', end: false, editorsOnly: false },
  // Share links speak for the project to outsiders: only those who may change it make them.
  { to: 'share', label: 'Share', end: false, editorsOnly: true },
] as const;

export function ProjectLayout() {
  const { id = '' } = useParams();
  const query = useProject(id);

  if (query.isPending) return <ProjectSkeleton />;
  if (query.isError) {
    const missing =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return missing ? (
      <ProjectMissing />
    ) : (
      <ProjectLoadFailed message={listErrorMessage(query.error)} retry={query.refetch} />
    );
  }

  const project = query.data;
  return (
    <div className="flex flex-col gap-5">
      <title>{`${project.title} · Mixdesk`}</title>
      <header className="flex flex-col gap-3">
        <Link
          to="/projects"
          className="flex w-fit items-center gap-1 rounded-sm text-sm text-muted hover:text-text"
        >
          <ArrowLeft aria-hidden="true" className="size-3.5" />
          Projects
        </Link>
        <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
          <div className="flex min-w-0 flex-col gap-2">
            <div className="flex flex-wrap items-center gap-1.5">
              <Badge>{enumLabel(project.type)}</Badge>
              <Badge tone={STATUS_TONE[project.status]}>{enumLabel(project.status)}</Badge>
              {project.metadata.genre.map((g) => (
                <span key={g} className="text-xs text-muted">
                  {enumLabel(g)}
                </span>
              ))}
            </div>
            <h1 className="text-2xl font-semibold tracking-tight break-words">{project.title}</h1>
            <p className="flex items-center gap-1.5 text-sm text-muted">
              <Users aria-hidden="true" className="size-3.5" />
              {project.access === 'owner'
                ? 'You own this project'
                : `Shared by ${project.owner.name} · ${project.access === 'edit' ? 'you can edit' : 'view only'}`}
            </p>
          </div>
          <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
            <ProjectPresence project={project} />
            <dl className="flex gap-5 font-mono text-sm tabular-nums">
              <Figure icon={<ListMusic className="size-3.5" aria-hidden="true" />} label="Tracks">
                {project.trackCount}
              </Figure>
              <Figure icon={<Clock3 className="size-3.5" aria-hidden="true" />} label="Duration">
                {formatDuration(project.totalDuration)}
              </Figure>
              <Figure icon={<HardDrive className="size-3.5" aria-hidden="true" />} label="Stored">
                {formatBytes(project.totalFileSize)}
              </Figure>
            </dl>
          </div>
        </div>
        <nav aria-label="Project sections" className="border-b border-border">
          <ul className="-mb-px flex gap-1">
            {TABS.filter((tab) => !tab.editorsOnly || project.access !== 'view').map((tab) => (
              <li key={tab.label}>
                <NavLink
                  to={tab.to}
                  end={tab.end}
                  className={({ isActive }) =>
                    cn(
                      'flex h-9 items-center border-b-2 px-3 text-base font-medium transition-colors',
                      isActive ? 'border-accent text-text' : 'border-transparent text-muted hover:text-text',
                    )
                  }
                >
                  {tab.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <Outlet context={{ project } satisfies ProjectOutletContext} />
    </div>
  );
}

function Figure({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="flex items-center gap-1 font-sans text-xs text-muted">
        {icon}
        {label}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

function ProjectSkeleton() {
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="sr-only">
        Loading project...
      </p>
      <Skeleton className="h-4 w-20" />
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-9 w-64" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

function ProjectMissing() {
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center">
      <title>Project not found · Mixdesk</title>
      <h1 className="text-2xl font-semibold tracking-tight">Project not found</h1>
      <p className="max-w-md text-base text-muted">
        This project does not exist, was deleted, or has not been shared with you.
      </p>
      <Button asChild variant="primary">
        <Link to="/projects">Back to projects</Link>
      </Button>
    </div>
  );
}

function ProjectLoadFailed({ message, retry }: { message: string; retry: () => void }) {
  return (
    <Alert
      type="error"
      title="Connection Error"
      action={
        <Button size="sm" onClick={retry}>
          <RotateCw aria-hidden="true" />
          Try Again
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

/** The router's `lazy` takes the module's `Component` (one name for every lazily loaded screen). */
export { ProjectLayout as Component };
