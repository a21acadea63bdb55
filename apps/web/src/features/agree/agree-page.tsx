// /agree/:token: the page an emailed agreement link opens, for people with or without an account. It shows
// the whole split (what it is about, every party with their part and share, and each answer so far), then
// Accept or Decline with a reason; once answered, or when the request is agreed, declined or no longer counts,
// it says so above the split. An unknown link says why, in the server's words.
import type { AgreeView } from '@mixdesk/contract/catalog';
import { useQuery } from '@tanstack/react-query';
import { Link2Off } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Alert } from '../../ui/alert';
import { LoadErrorPage } from '../../ui/load-error-page';
import { PublicLayout, PublicNotice } from '../../ui/public-layout';
import { Skeleton } from '../../ui/skeleton';
import { AnswerPanel } from './answer-panel';
import { agreeKeys, fetchAgreement } from './api';
import { agreeErrorMessage, isDeadEnd, LINK_INVALID, LOAD_FAILED } from './errors';
import { SplitList, SubjectLine } from './split-list';

const VOID_TEXT: Record<NonNullable<AgreeView['voidReason']>, string> = {
  replaced: 'A newer request replaced this one. Use the link in the latest email about this split.',
  changed:
    'The split changed after this request was sent, so it no longer counts. A new request will follow.',
  deleted: 'The owner deleted what this request was about. There is nothing left to agree to.',
};

/** Where this party and the round stand, in one sentence and a tone; null while the party still has to answer. */
function standing(
  view: AgreeView,
): { type: 'success' | 'info' | 'warning'; title: string; text: ReactNode } | null {
  if (view.roundStatus === 'void')
    return {
      type: 'warning',
      title: 'This request no longer counts',
      text: VOID_TEXT[view.voidReason ?? 'changed'],
    };
  if (view.roundStatus === 'agreed')
    return {
      type: 'success',
      title: 'Agreed by everyone',
      text: 'Every party accepted this split. The sealed split sheet was sent to everyone by email.',
    };
  if (view.you.status === 'declined')
    return {
      type: 'info',
      title: 'You declined this split',
      text: `${view.requestedBy} has been told, with your reason.`,
    };
  if (view.roundStatus === 'declined') {
    const by = view.parties.find((p) => p.status === 'declined');
    return {
      type: 'info',
      title: `${by?.name ?? 'A party'} declined this split`,
      text: `${view.requestedBy} will change it or send it again; you will get a new request then.`,
    };
  }
  if (view.you.status === 'accepted')
    return {
      type: 'success',
      title: 'You accepted this split',
      text: 'When every party has accepted it, you will get the sealed split sheet by email.',
    };
  return null;
}

export function AgreePage() {
  const { token = '' } = useParams();
  const view = useQuery({
    queryKey: agreeKeys.view(token),
    queryFn: ({ signal }) => fetchAgreement(token, signal),
    retry: false,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

  if (view.isPending) return <LoadingPage />;
  if (view.isError)
    return isDeadEnd(view.error) ? (
      <DeadLinkPage message={agreeErrorMessage(view.error, LINK_INVALID)} />
    ) : (
      <LoadErrorPage
        message={agreeErrorMessage(view.error, LOAD_FAILED)}
        onRetry={() => void view.refetch()}
      />
    );

  const data = view.data;
  const state = standing(data);
  return (
    <PublicLayout title={`Split: ${data.subject.title}`}>
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
        <header className="flex flex-col gap-1">
          <p className="text-sm text-muted">{data.requestedBy} asks you to agree to the split of</p>
          <h1 className="text-2xl font-semibold tracking-tight break-words">{data.subject.title}</h1>
          <SubjectLine subject={data.subject} />
        </header>
        {state ? (
          <Alert type={state.type} title={state.title}>
            {state.text}
          </Alert>
        ) : null}
        <SplitList view={data} />
        {state === null ? (
          <AnswerPanel token={token} requestedBy={data.requestedBy} onAnswered={() => void view.refetch()} />
        ) : null}
      </div>
    </PublicLayout>
  );
}

function DeadLinkPage({ message }: { message: string }) {
  return (
    <PublicLayout title="Link not valid">
      <PublicNotice>
        <div role="alert" className="flex flex-col items-center gap-3">
          <Link2Off aria-hidden="true" className="size-12 text-muted" />
          <h1 className="text-2xl font-semibold tracking-tight">This link can't be used</h1>
          <p className="text-base text-text">{message}</p>
        </div>
        <p className="text-base text-muted">If you still need to answer, ask the sender for a new request.</p>
      </PublicNotice>
    </PublicLayout>
  );
}

function LoadingPage() {
  return (
    <PublicLayout title="Loading">
      <p role="status" className="sr-only">
        Loading the split...
      </p>
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
        <Skeleton className="h-4 w-64 max-w-full" />
        <Skeleton className="h-8 w-96 max-w-full" />
        <Skeleton className="h-56" />
        <Skeleton className="h-28" />
      </div>
    </PublicLayout>
  );
}

/** The router's `lazy` takes the module's `Component` (one name for every lazily loaded screen). */
export { AgreePage as Component };
