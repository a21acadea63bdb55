// The delete confirmation (SPEC §2, §8): on failure the dialog stays open and says so.
import type { Project } from '@mixdesk/contract/project-responses';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api';
import { deleteProject } from '../../lib/projects-api';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { formatBytes, plural } from './format';

export const DELETE_FAILED = 'Failed to delete project';

interface Props {
  /** The project to delete; null closes the dialog. */
  project: Project | null;
  onClose: () => void;
  /** Demo mode: the project leaves the local list only. */
  demo: boolean;
  onDeleted: (id: string) => void;
}

export function DeleteProjectDialog({ project, onClose, demo, onDeleted }: Props) {
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (project) setFailure(null);
  }, [project]);

  const mutation = useMutation({
    mutationFn: async (target: Project) => {
      if (!demo) await deleteProject(target._id);
      return target._id;
    },
    onSuccess: (id) => {
      onDeleted(id);
      onClose();
    },
    onError: (error) => {
      console.error(DELETE_FAILED, error);
      const reason = error instanceof ApiError && error.status !== 0 ? error.message : null;
      setFailure(reason ? `${DELETE_FAILED}: ${reason}` : DELETE_FAILED);
    },
  });

  return (
    <Modal
      open={project !== null}
      onOpenChange={(open) => !open && !mutation.isPending && onClose()}
      role="alertdialog"
      title="Delete project?"
      description={
        project ? (
          <>
            <strong className="font-semibold text-text">{project.title}</strong> will be deleted
            {project.trackCount > 0 || project.totalFileSize > 0
              ? ` with its ${plural(project.trackCount, 'track')}, every version and ${formatBytes(project.totalFileSize)} of stored files`
              : ''}
            , for everyone on it. This cannot be undone.
          </>
        ) : null
      }
      footer={
        <>
          <Button onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={mutation.isPending}
            onClick={() => project && mutation.mutate(project)}
          >
            Delete Project
          </Button>
        </>
      }
    >
      {failure ? <Alert type="error">{failure}</Alert> : null}
    </Modal>
  );
}
