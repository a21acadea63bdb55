// /sign/:token (decision 010): the page an emailed signing link opens, for people with or without an account.
// It shows who sent what, the parties and key terms, the PDF and where every signer stands, then the signing
// panel; after signing or declining, a page that says so. A link that cannot be used says why, in the server's
// words. A used link answers 404 from then on, so the view is loaded once and never again.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { LoadErrorPage } from '../../../ui/load-error-page';
import { PublicLayout } from '../../../ui/public-layout';
import { Skeleton } from '../../../ui/skeleton';
import { documentKeys } from '../api';
import { Parties, Signers } from '../details/people';
import { fetchSigning, signingKeys } from './api';
import { isDeadEnd, LOAD_FAILED, signingErrorMessage } from './errors';
import { KeyFigures } from './key-figures';
import { DeadLinkPage, DeclinedPage, SignedPage } from './signing-outcomes';
import { SigningOverview } from './signing-overview';
import { SigningPanel } from './signing-panel';
import { SigningPdf } from './signing-pdf';

const PANEL_ID = 'signing-panel';

type Outcome =
  | { kind: 'signed'; completed: boolean }
  | { kind: 'declined' }
  | { kind: 'dead'; error: unknown };

export function SignPage() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  /** Signing or declining changes a document a signed-in party may also own: their list reloads. */
  const finish = (next: Outcome) => {
    setOutcome(next);
    void queryClient.invalidateQueries({ queryKey: documentKeys.all });
  };
  const view = useQuery({
    queryKey: signingKeys.view(token),
    queryFn: ({ signal }) => fetchSigning(token, signal),
    // Every failed look-up counts against this address (decision 010): no retries, no refetches, and nothing
    // kept once the page is left, so coming back asks the server again.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });

  if (outcome?.kind === 'dead') return <DeadLinkPage error={outcome.error} />;
  if (view.isPending) return <LoadingPage />;
  if (view.isError) {
    return isDeadEnd(view.error) ? (
      <DeadLinkPage error={view.error} />
    ) : (
      <LoadErrorPage
        message={signingErrorMessage(view.error, LOAD_FAILED)}
        onRetry={() => void view.refetch()}
      />
    );
  }

  const signing = view.data;
  const doc = signing.document;
  if (outcome?.kind === 'signed') return <SignedPage title={doc.title} completed={outcome.completed} />;
  if (outcome?.kind === 'declined') return <DeclinedPage title={doc.title} from={signing.from.name} />;
  return (
    <PublicLayout title={`Sign: ${doc.title}`}>
      <SigningOverview
        signing={signing}
        onJumpToSigning={() => {
          const panel = document.getElementById(PANEL_ID);
          panel?.scrollIntoView({ behavior: 'smooth', block: 'start' });
          panel?.focus({ preventScroll: true });
        }}
      />
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,1fr)_26rem] lg:grid-rows-[auto_auto_1fr] lg:gap-x-8">
        <div className="flex flex-col gap-6 lg:col-start-2 lg:row-start-1">
          <Parties document={doc} className="lg:grid-cols-1" />
          <KeyFigures document={doc} />
        </div>
        {/* Wide, tall enough screens: the document stays in view beside the panel while the page scrolls to Sign. */}
        <div className="lg:col-start-1 lg:[@media(min-height:44rem)]:sticky lg:[@media(min-height:44rem)]:top-4 lg:row-span-3 lg:row-start-1 lg:self-start">
          <SigningPdf token={token} />
        </div>
        <div className="lg:col-start-2 lg:row-start-2">
          <Signers document={doc} you={signing.signer._id} />
        </div>
        <div id={PANEL_ID} tabIndex={-1} className="outline-none lg:col-start-2 lg:row-start-3 lg:self-start">
          <SigningPanel
            token={token}
            signing={signing}
            onSigned={(status) => finish({ kind: 'signed', completed: status === 'completed' })}
            onDeclined={() => finish({ kind: 'declined' })}
            onDeadEnd={(error) => finish({ kind: 'dead', error })}
          />
        </div>
      </div>
    </PublicLayout>
  );
}

function LoadingPage() {
  return (
    <PublicLayout title="Loading">
      <p role="status" className="sr-only">
        Loading the document...
      </p>
      <div className="mb-6 flex flex-col gap-2">
        <Skeleton className="h-4 w-64 max-w-full" />
        <Skeleton className="h-8 w-96 max-w-full" />
        <Skeleton className="h-4 w-48" />
      </div>
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,1fr)_26rem] lg:gap-x-8">
        <Skeleton className="h-[60dvh]" />
        <div className="flex flex-col gap-4">
          <Skeleton className="h-28" />
          <Skeleton className="h-24" />
          <Skeleton className="h-72" />
        </div>
      </div>
    </PublicLayout>
  );
}

/** The router's `lazy` takes the module's `Component` (one name for every lazily loaded screen). */
export { SignPage as Component };
