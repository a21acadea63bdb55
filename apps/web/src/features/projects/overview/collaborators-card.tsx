// Who works on the project: the owner and the collaborators with their permission and role. The owner adds,
// changes and removes collaborators; a collaborator may leave.
import type { Project } from '@mixdesk/contract/project-responses';
import { useMutation } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../../lib/session';
import { Button } from '../../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../ui/card';
import { useToast } from '../../../ui/toast';
import { removeCollaborator } from '../api';
import { saveErrorMessage } from '../project-errors';
import { AddCollaboratorForm } from './add-collaborator-form';
import { CollaboratorRow, PersonLine } from './collaborator-row';

interface Props {
  project: Project;
  onSaved: (project: Project) => void;
  onLeft: () => void;
}

export function CollaboratorsCard({ project, onSaved, onLeft }: Props) {
  const titleId = useId();
  const session = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const owner = project.access === 'owner';
  const leave = useMutation({
    mutationFn: () => removeCollaborator(project._id, session.user?._id ?? ''),
    onSuccess: () => {
      onLeft();
      toast.notify('success', `You left ${project.title}`);
      navigate('/projects');
    },
    onError: (error) => toast.notify('error', saveErrorMessage(error)),
  });

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Collaborators</CardTitle>
        <CardDescription>
          {owner
            ? 'People with edit access change the project, its tracks and files; view access reads and plays.'
            : 'Only the owner adds or changes collaborators.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ul aria-label="People on this project" className="flex flex-col divide-y divide-border">
          <li className="flex items-center justify-between gap-3 py-2.5">
            <PersonLine name={project.owner.name} email={project.owner.email} badge="Owner" />
          </li>
          {project.collaborators.map((c) => (
            <CollaboratorRow
              key={c.user._id}
              project={project}
              collaborator={c}
              manage={owner}
              onSaved={onSaved}
            />
          ))}
        </ul>
        {project.collaborators.length === 0 && (
          <p className="text-base text-subtle">Nobody else is on this project yet.</p>
        )}
        {owner ? (
          <div className="border-t border-border pt-4">
            <AddCollaboratorForm project={project} onSaved={onSaved} />
          </div>
        ) : (
          <Button
            variant="ghost"
            className="self-start"
            loading={leave.isPending}
            onClick={() => leave.mutate()}
          >
            <LogOut aria-hidden="true" />
            Leave Project
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
