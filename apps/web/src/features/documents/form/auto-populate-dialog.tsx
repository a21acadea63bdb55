// The Auto-Populate dialog (SPEC §2 Documents): the user's projects (GET /api/documents/auto-populate/sources);
// choosing one fills the form from it.
import type { AutoPopulateSource } from '@mixdesk/contract/document-responses';
import type { ProjectStatus } from '@mixdesk/contract/projects';
import { useQuery } from '@tanstack/react-query';
import { FolderOpen, FolderX, RotateCw, Users } from 'lucide-react';
import { Alert } from '../../../ui/alert';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';
import { enumLabel, STATUS_TONE } from '../../../ui/project-labels';
import { Skeleton } from '../../../ui/skeleton';
import { documentKeys, fetchSources } from '../api';
import { sourcesErrorMessage } from '../errors';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (source: AutoPopulateSource) => void;
}

export function AutoPopulateDialog({ open, onOpenChange, onChoose }: Props) {
  const sources = useQuery({
    queryKey: documentKeys.sources(),
    queryFn: ({ signal }) => fetchSources(signal),
    enabled: open,
    retry: false,
  });
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Auto-Populate from a Project"
      description="Fills the parties, titles and a first invoice line from one of your projects."
      className="sm:max-w-lg"
    >
      {sources.isPending ? (
        <div className="flex flex-col gap-2">
          <p role="status" className="sr-only">
            Loading projects...
          </p>
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : sources.isError ? (
        <Alert
          type="error"
          action={
            <Button size="sm" onClick={() => void sources.refetch()}>
              <RotateCw aria-hidden="true" />
              Try Again
            </Button>
          }
        >
          {sourcesErrorMessage(sources.error)}
        </Alert>
      ) : sources.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-6 text-center">
          <FolderX aria-hidden="true" className="size-7 text-muted" />
          <p className="font-semibold">No projects yet</p>
          <p className="max-w-xs text-sm text-muted">
            Create a project first; its name, owner and collaborators can then fill this form.
          </p>
        </div>
      ) : (
        <ul aria-label="Projects" className="flex flex-col gap-2">
          {sources.data.map((source) => (
            <li key={source._id}>
              <button
                type="button"
                onClick={() => onChoose(source)}
                className="flex w-full cursor-pointer flex-col gap-1 rounded-md border border-border bg-surface-2 px-3 py-2.5 text-left transition-colors hover:border-accent hover:bg-surface-3"
              >
                <span className="flex items-center gap-2">
                  <FolderOpen aria-hidden="true" className="size-4 shrink-0 text-accent" />
                  <span className="min-w-0 flex-1 truncate font-medium">{source.name}</span>
                  {/* The status as the projects list shows it ('in_progress' is "In progress"). */}
                  <Badge tone={STATUS_TONE[source.status as ProjectStatus]}>{enumLabel(source.status)}</Badge>
                </span>
                {source.description && (
                  <span className="line-clamp-2 text-sm text-muted">{source.description}</span>
                )}
                <span className="flex items-center gap-1.5 text-xs text-subtle">
                  <Users aria-hidden="true" className="size-3.5 shrink-0" />
                  <span className="truncate">
                    {[source.ownerName, ...source.collaborators.map((c) => c.name)].join(', ')}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
