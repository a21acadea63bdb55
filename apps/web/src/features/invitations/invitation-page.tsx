// /invitations/:id, where the invitation's email and notification lead: who invited me to which project, with
// what access, until when; Accept opens the project, Decline says so. Opening the page changes nothing: the
// emailed links only add ?answer=accept|decline, which focuses and emphasises that button.
import type { MyInvitation } from '@mixdesk/contract/invitations';
import { useQuery } from '@tanstack/react-query';
import { Check, FolderOpen, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../ui/card';
import { PageHeader } from '../../ui/page-header';
import { Skeleton } from '../../ui/skeleton';
import { useToast } from '../../ui/toast';
import { fetchInvitation, invitationKeys } from './api';
import { answerErrorMessage, isGone, NO_LONGER_OPEN } from './invitation-errors';
import { accessLabel, expiresLabel } from './invitation-labels';
import { useAnswerInvitation } from './use-answer-invitation';

type Outcome = 'open' | 'declined' | 'gone';

export function InvitationPage() {
  const { id = '' } = useParams();
  const [outcome, setOutcome] = useState<Outcome>('open');
  const query = useQuery({
    queryKey: invitationKeys.one(id),
    queryFn: ({ signal }) => fetchInvitation(id, signal),
    enabled: outcome === 'open',
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status >= 400),
  });

  if (outcome === 'declined')
    return <Closed title="Invitation declined" text="The owner will see that you declined." />;
  if (outcome === 'gone' || isGone(query.error))
    return (
      <Closed
        title={NO_LONGER_OPEN}
        text="It was answered, withdrawn or has expired, or it was sent to another account."
      />
    );
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col">
      <PageHeader title="Invitation" description="Join a project another producer shares with you." />
      {query.error ? (
        <Alert type="error" title="Could not load the invitation">
          {answerErrorMessage(query.error)}
        </Alert>
      ) : query.data ? (
        <InvitationCard invitation={query.data} onOutcome={setOutcome} />
      ) : (
        <Loading />
      )}
    </div>
  );
}

function InvitationCard({
  invitation,
  onOutcome,
}: {
  invitation: MyInvitation;
  onOutcome: (outcome: Outcome) => void;
}) {
  const titleId = useId();
  const navigate = useNavigate();
  const toast = useToast();
  const [params] = useSearchParams();
  const answerDecline = params.get('answer') === 'decline';
  const answerAccept = params.get('answer') === 'accept';
  const { accept, decline, pending } = useAnswerInvitation(invitation);
  const failure = accept.error ?? decline.error;
  const failed = (error: unknown) => isGone(error) && onOutcome('gone');

  const acceptButton = (
    <Button
      variant={answerDecline ? 'secondary' : 'primary'}
      autoFocus={answerAccept}
      loading={accept.isPending}
      disabled={pending}
      onClick={() =>
        accept.mutate(undefined, {
          onSuccess: ({ projectId }) => {
            toast.notify('success', `You joined ${invitation.project.title}`);
            navigate(`/projects/${projectId}`);
          },
          onError: failed,
        })
      }
    >
      <Check aria-hidden="true" />
      Accept
    </Button>
  );
  const declineButton = (
    <Button
      variant={answerDecline ? 'primary' : 'secondary'}
      autoFocus={answerDecline}
      loading={decline.isPending}
      disabled={pending}
      onClick={() => decline.mutate(undefined, { onSuccess: () => onOutcome('declined'), onError: failed })}
    >
      <X aria-hidden="true" />
      Decline
    </Button>
  );

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{invitation.project.title}</CardTitle>
        <CardDescription>
          {invitation.inviter.name} invited you to join this project on Mixdesk.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-base">
          <dt className="text-muted">Access</dt>
          <dd>{accessLabel(invitation.permission)}</dd>
          {invitation.role && (
            <>
              <dt className="text-muted">Role</dt>
              <dd>{invitation.role}</dd>
            </>
          )}
          <dt className="text-muted">Answer by</dt>
          <dd>{expiresLabel(invitation.expiresAt).replace(/^expires /, '')}</dd>
        </dl>
        {failure && !isGone(failure) && <Alert type="error">{answerErrorMessage(failure)}</Alert>}
      </CardContent>
      <CardFooter className="flex-wrap">
        {acceptButton}
        {declineButton}
      </CardFooter>
    </Card>
  );
}

function Closed({ title, text }: { title: string; text: string }) {
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center">
      <title>{`${title} · Mixdesk`}</title>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="max-w-md text-base text-muted">{text}</p>
      <Button asChild variant="primary">
        <Link to="/projects">
          <FolderOpen aria-hidden="true" />
          Go to Projects
        </Link>
      </Button>
    </div>
  );
}

function Loading() {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <p className="sr-only" role="status">
        Loading the invitation...
      </p>
      <Skeleton className="h-6 w-1/2" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

/** The router's `lazy` takes the module's `Component` (one name for every lazily loaded screen). */
export { InvitationPage as Component };
