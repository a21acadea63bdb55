// One project in the list (SPEC §2): title, type, status, first genre, up to three tags then '+N', track count,
// duration (m:ss) and size, with view, manage tracks, manage files, edit and delete. A sample (demo mode) is
// badged as one and links nowhere: it has no page to open (issue #32).
import type { Project } from '@mixdesk/contract/project-responses';
import { Clock3, Eye, FolderOpen, HardDrive, ListMusic, Pencil, Trash2, Users } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { enumLabel, STATUS_TONE } from '../../ui/project-labels';
import { SampleBadge } from '../../ui/sample-badge';
import { formatBytes, formatDuration, plural, tagsPreview } from './format';

interface Props {
  project: Project;
  onEdit: (project: Project) => void;
  onDelete: (project: Project) => void;
  /** A demo-mode sample: marked as such, with no link to a project page (there is none). */
  sample?: boolean;
}

export const SAMPLE_NOTE =
  'A sample project: there is no page to open. Sign in again to see your own projects.';

export function ProjectCard({ project, onEdit, onDelete, sample = false }: Props) {
  const titleId = useId();
  const noteId = useId();
  const { shown, more } = tagsPreview(project.tags);
  const genre = project.metadata.genre[0];
  const base = `/projects/${encodeURIComponent(project._id)}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col rounded-lg border border-border bg-surface shadow-sm transition-colors hover:border-border-strong"
    >
      <div className="flex flex-1 flex-col gap-2.5 px-4 pt-4 pb-3">
        <div className="flex flex-wrap items-center gap-1.5">
          {sample && <SampleBadge title={SAMPLE_NOTE} />}
          <Badge tone="neutral">{enumLabel(project.type)}</Badge>
          <Badge tone={STATUS_TONE[project.status]}>{enumLabel(project.status)}</Badge>
          {genre && <span className="text-xs text-muted">{enumLabel(genre)}</span>}
          {project.access !== 'owner' && (
            <Badge tone="info" className="ml-auto" title={`Shared by ${project.owner.name}`}>
              <Users aria-hidden="true" className="size-3" />
              {project.access === 'edit' ? 'Can edit' : 'View only'}
            </Badge>
          )}
        </div>
        <h2 id={titleId} className="text-lg leading-snug font-semibold break-words">
          {sample ? (
            project.title
          ) : (
            <Link to={base} className="rounded-sm hover:text-accent">
              {project.title}
            </Link>
          )}
        </h2>
        {project.description && <p className="line-clamp-2 text-sm text-muted">{project.description}</p>}
        {(shown.length > 0 || more > 0) && (
          <ul aria-label="Tags" className="flex flex-wrap gap-1">
            {shown.map((tag) => (
              <li key={tag} className="rounded-sm border border-border px-1.5 text-xs text-muted">
                {tag}
              </li>
            ))}
            {more > 0 && (
              <li className="px-1 text-xs text-subtle" aria-label={`${more} more tags`}>
                +{more}
              </li>
            )}
          </ul>
        )}
        <dl className="mt-auto grid grid-cols-3 gap-2 pt-1 font-mono text-xs text-muted tabular-nums">
          <div className="flex items-center gap-1.5" title="Tracks">
            <dt>
              <ListMusic aria-label="Tracks" className="size-3.5" />
            </dt>
            <dd>{plural(project.trackCount, 'track')}</dd>
          </div>
          <div className="flex items-center gap-1.5" title="Total duration">
            <dt>
              <Clock3 aria-label="Duration" className="size-3.5" />
            </dt>
            <dd>{formatDuration(project.totalDuration)}</dd>
          </div>
          <div className="flex items-center gap-1.5" title="Stored files">
            <dt>
              <HardDrive aria-label="Size" className="size-3.5" />
            </dt>
            <dd>{formatBytes(project.totalFileSize)}</dd>
          </div>
        </dl>
      </div>
      <div className="flex items-center gap-0.5 border-t border-border px-2 py-1.5">
        {sample ? (
          <>
            {/* A disabled button shows no tooltip: the wrapper carries it, the note says it for everyone. */}
            <span title={SAMPLE_NOTE}>
              <Button
                variant="ghost"
                size="sm"
                disabled
                aria-label={`View ${project.title}`}
                aria-describedby={noteId}
              >
                <Eye aria-hidden="true" />
                View
              </Button>
            </span>
            <span id={noteId} className="min-w-0 truncate text-xs text-muted" title={SAMPLE_NOTE}>
              Sample: nothing to open
            </span>
          </>
        ) : (
          <>
            <Button asChild variant="ghost" size="sm">
              <Link to={base} aria-label={`View ${project.title}`}>
                <Eye aria-hidden="true" />
                View
              </Link>
            </Button>
            <Button asChild variant="ghost" size="icon" title="Manage tracks">
              <Link to={`${base}/tracks`} aria-label={`Manage tracks of ${project.title}`}>
                <ListMusic aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild variant="ghost" size="icon" title="Manage files">
              <Link to={`${base}/files`} aria-label={`Manage files of ${project.title}`}>
                <FolderOpen aria-hidden="true" />
              </Link>
            </Button>
          </>
        )}
        <span className="ml-auto flex items-center gap-0.5">
          {project.access !== 'view' && (
            <Button
              variant="ghost"
              size="icon"
              title="Edit project"
              aria-label={`Edit ${project.title}`}
              onClick={() => onEdit(project)}
            >
              <Pencil aria-hidden="true" />
            </Button>
          )}
          <Button
            variant="ghost"
            size="icon"
            title="Delete project"
            aria-label={`Delete ${project.title}`}
            className="hover:text-danger"
            onClick={() => onDelete(project)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </span>
      </div>
    </article>
  );
}
