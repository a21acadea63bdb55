// Who works on the project: the owner and the collaborators with their permission and role. The owner invites
// people (issue #20), sees and revokes the invitations not yet answered, and changes and removes collaborators;
// a collaborator may leave.
import type { ProjectInvitation } from '@mixdesk/contract/invitations';
import type { Project } from '@mixdesk/contract/project-responses';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { fetchProjectInvitations, projectKeys, removeCollaborator } from '../../../lib/projects-api';
import { useSession } from '../../../lib/session';
import { useLiveNotifications } from '../../../lib/use-live-notifications';
import { Button } from '../../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../ui/card';
import { useToast } from '../../../ui/toast';
import { saveErrorMessage } from '../project-errors';
import { CollaboratorRow, PersonLine } from './collaborator-row';
import { InviteCollaboratorForm } from './invite-collaborator-form';
import { PendingInvitations } from './pending-invitations';

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
  const queryClient = useQueryClient();
  const invitationsKey = projectKeys.invitations(project._id);
  const invitations = useQuery({
    queryKey: invitationsKey,
    queryFn: ({ signal }) => fetchProjectInvitations(project._id, signal),
    enabled: owner,
  });
  // An answer to one of this project's invitations moves the person out of the pending list (and in, if yes).
  useLiveNotifications((n) => {
    if (!owner || n.kind !== 'invitation_answered' || n.project?._id !== project._id) return;
    void queryClient.invalidateQueries({ queryKey: invitationsKey });
    void queryClient.invalidateQueries({ queryKey: projectKeys.detail(project._id) });
  });
  const editInvitations = (change: (list: ProjectInvitation[]) => ProjectInvitation[]) =>
    queryClient.setQueryData<ProjectInvitation[]>(invitationsKey, (list) => change(list ?? []));

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Collaborators</CardTitle>
        <CardDescription>
          {owner
            ? 'Invite people by email. Edit access changes the project, its tracks and files; view access reads and plays.'
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
          <p className="text-base text-subtle">
            {invitations.data?.length
              ? 'Nobody has accepted an invitation yet.'
              : 'Nobody else is on this project yet.'}
          </p>
        )}
        {owner && invitations.isError && (
          <p className="text-sm text-danger">Could not load the pending invitations.</p>
        )}
        {owner && (
          <PendingInvitations
            projectId={project._id}
            invitations={invitations.data ?? []}
            onRevoked={(id) => editInvitations((list) => list.filter((i) => i._id !== id))}
          />
        )}
        {owner ? (
          <div className="border-t border-border pt-4">
            <InviteCollaboratorForm
              project={project}
              onInvited={(invitation) =>
                editInvitations((list) => [...list.filter((i) => i._id !== invitation._id), invitation])
              }
            />
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
