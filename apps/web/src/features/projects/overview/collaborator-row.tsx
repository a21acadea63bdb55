// One person on a project: name, email, permission and role; the owner changes or removes collaborators here.

import type { Collaborator, Project } from '@mixdesk/contract/project-responses';
import { COLLABORATOR_ROLE_MAX, type CollaboratorPermission } from '@mixdesk/contract/projects';
import { useMutation } from '@tanstack/react-query';
import { Check, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { removeCollaborator, updateCollaborator } from '../../../lib/projects-api';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Input } from '../../../ui/input';
import { Select } from '../../../ui/select';
import { useToast } from '../../../ui/toast';
import { saveErrorMessage } from '../project-errors';

export function PersonLine({ name, email, badge }: { name: string; email: string; badge?: string }) {
  return (
    <div className="flex min-w-0 items-center gap-2.5">
      <span
        aria-hidden="true"
        className="grid size-8 shrink-0 place-items-center rounded-full bg-surface-3 text-sm font-semibold uppercase"
      >
        {name.trim().charAt(0) || 'U'}
      </span>
      <div className="flex min-w-0 flex-col">
        <span className="flex items-center gap-1.5 truncate text-base font-medium">
          {name}
          {badge && <Badge tone="accent">{badge}</Badge>}
        </span>
        <span className="truncate text-sm text-muted">{email}</span>
      </div>
    </div>
  );
}

interface Props {
  project: Project;
  collaborator: Collaborator;
  /** The owner sees controls; everyone else reads. */
  manage: boolean;
  onSaved: (project: Project) => void;
}

export function CollaboratorRow({ project, collaborator, manage, onSaved }: Props) {
  const { user } = collaborator;
  const [role, setRole] = useState(collaborator.role);
  const toast = useToast();
  const update = useMutation({
    mutationFn: (patch: { permission?: CollaboratorPermission; role?: string }) =>
      updateCollaborator(project._id, user._id, patch),
    onSuccess: onSaved,
    onError: (error) => toast.notify('error', saveErrorMessage(error)),
  });
  const remove = useMutation({
    mutationFn: () => removeCollaborator(project._id, user._id),
    onSuccess: () => {
      onSaved({ ...project, collaborators: project.collaborators.filter((c) => c.user._id !== user._id) });
      toast.notify('success', `${user.name} was removed from the project`);
    },
    onError: (error) => toast.notify('error', saveErrorMessage(error)),
  });

  if (!manage) {
    return (
      <li className="flex items-center justify-between gap-3 py-2.5">
        <PersonLine name={user.name} email={user.email} />
        <div className="flex shrink-0 flex-col items-end gap-0.5 text-right">
          <Badge tone={collaborator.permission === 'edit' ? 'info' : 'neutral'}>
            {collaborator.permission === 'edit' ? 'Can edit' : 'Can view'}
          </Badge>
          {collaborator.role && <span className="text-xs text-muted">{collaborator.role}</span>}
        </div>
      </li>
    );
  }

  const roleChanged = role.trim() !== collaborator.role;
  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex items-center justify-between gap-2">
        <PersonLine name={user.name} email={user.email} />
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Remove ${user.name}`}
          title="Remove from project"
          loading={remove.isPending}
          onClick={() => remove.mutate()}
          className="hover:text-danger"
        >
          <UserMinus aria-hidden="true" />
        </Button>
      </div>
      <div className="grid grid-cols-[8rem_1fr] gap-2 pl-10.5">
        <Select
          aria-label={`Permission of ${user.name}`}
          value={collaborator.permission}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ permission: e.target.value as CollaboratorPermission })}
        >
          <option value="view">Can view</option>
          <option value="edit">Can edit</option>
        </Select>
        <form
          className="flex gap-1.5"
          onSubmit={(e) => {
            e.preventDefault();
            if (roleChanged) update.mutate({ role: role.trim() });
          }}
        >
          <Input
            aria-label={`Role of ${user.name}`}
            placeholder="Role"
            maxLength={COLLABORATOR_ROLE_MAX}
            value={role}
            onChange={(e) => setRole(e.target.value)}
          />
          {roleChanged && (
            <Button
              type="submit"
              size="icon"
              aria-label={`Save role of ${user.name}`}
              loading={update.isPending}
            >
              <Check aria-hidden="true" />
            </Button>
          )}
        </form>
      </div>
    </li>
  );
}
