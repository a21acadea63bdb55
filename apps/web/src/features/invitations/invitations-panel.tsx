// The projects screen's 'Invitations' panel: each pending invitation addressed to me, with Accept and Decline.
// Accepting brings the project into the list below; declining just removes the invitation. Hidden when there
// are none (and never loaded in demo mode: the projects screen only renders it with a session).
import type { MyInvitation } from '@mixdesk/contract/invitations';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MailOpen } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useLiveNotifications } from '../../lib/use-live-notifications';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { useToast } from '../../ui/toast';
import { fetchMyInvitations, invitationKeys } from './api';
import { answerErrorMessage } from './invitation-errors';
import { InvitationTerms } from './invitation-terms';
import { useAnswerInvitation } from './use-answer-invitation';

export function InvitationsPanel() {
  const titleId = useId();
  const queryClient = useQueryClient();
  // An invitation sent while the screen is open shows up at once.
  useLiveNotifications((n) => {
    if (n.kind === 'invitation') void queryClient.invalidateQueries({ queryKey: invitationKeys.mine });
  });
  const query = useQuery({
    queryKey: invitationKeys.mine,
    queryFn: ({ signal }) => fetchMyInvitations(signal),
  });
  const invitations = query.data ?? [];
  if (invitations.length === 0) return null;
  return (
    <Card aria-labelledby={titleId} className="mb-5">
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <MailOpen aria-hidden="true" className="size-4 text-accent" />
          Invitations
        </CardTitle>
      </CardHeader>
      <CardContent className="pt-2">
        <ul className="flex flex-col divide-y divide-border">
          {invitations.map((invitation) => (
            <InvitationItem key={invitation._id} invitation={invitation} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function InvitationItem({ invitation }: { invitation: MyInvitation }) {
  const toast = useToast();
  const { accept, decline, pending } = useAnswerInvitation(invitation);
  const title = invitation.project.title;
  const failed = (error: unknown) => toast.notify('error', answerErrorMessage(error));
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="text-base break-words">
          <span className="font-medium">{invitation.inviter.name}</span> invited you to{' '}
          <Link to={`/invitations/${invitation._id}`} className="font-medium text-accent hover:underline">
            {title}
          </Link>
        </p>
        <InvitationTerms invitation={invitation} />
      </div>
      <div className="flex shrink-0 gap-2">
        <Button
          variant="primary"
          aria-label={`Accept invitation to ${title}`}
          loading={accept.isPending}
          disabled={pending}
          onClick={() =>
            accept.mutate(undefined, {
              onSuccess: () => toast.notify('success', `You joined ${title}`),
              onError: failed,
            })
          }
        >
          Accept
        </Button>
        <Button
          aria-label={`Decline invitation to ${title}`}
          loading={decline.isPending}
          disabled={pending}
          onClick={() =>
            decline.mutate(undefined, {
              onSuccess: () => toast.notify('info', `Invitation to ${title} declined`),
              onError: failed,
            })
          }
        >
          Decline
        </Button>
      </div>
    </li>
  );
}
