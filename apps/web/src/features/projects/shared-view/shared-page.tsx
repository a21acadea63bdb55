// /s/:token: what a share link opens, for people without an account. While the view loads, a skeleton; a
// password-protected link asks for it first; a dead link (unknown, expired, revoked) says so and shows nothing
// else; otherwise the project's shared tracks, a player, and — if the link allows — comments and download.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link2Off } from 'lucide-react';
import { useParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { LoadErrorPage } from '../../../ui/load-error-page';
import { PublicLayout, PublicNotice } from '../../../ui/public-layout';
import { Skeleton } from '../../../ui/skeleton';
import { mediaErrorMessage } from '../media/media-errors';
import { fetchShare, sharedKeys } from './api';
import { SharedView } from './shared-view';
import { UnlockPage } from './unlock-page';

/** 401 is the server's "password needed" (a wrong session is not possible here: calls go out without one). */
const isLocked = (error: unknown) => error instanceof ApiError && error.status === 401;
/** Unknown, expired or revoked (404), or a token that cannot be one (400). */
const isDead = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

export function SharedPage() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const view = useQuery({
    queryKey: sharedKeys.view(token),
    queryFn: ({ signal }) => fetchShare(token, signal),
    // Every opening is logged by the server: ask once per visit, never behind the guest's back, and keep
    // nothing once the page is left (a revoked link must read as revoked on the next visit).
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });

  if (view.isPending) return <LoadingPage />;
  if (view.isError) {
    if (isLocked(view.error)) {
      return (
        <UnlockPage
          token={token}
          onUnlocked={(share) => queryClient.setQueryData(sharedKeys.view(token), share)}
        />
      );
    }
    if (isDead(view.error)) return <DeadSharePage />;
    return (
      <LoadErrorPage
        message={mediaErrorMessage(
          view.error,
          'This page could not be loaded. Please try again in a moment.',
        )}
        onRetry={() => void view.refetch()}
      />
    );
  }
  return <SharedView token={token} share={view.data} />;
}

function DeadSharePage() {
  return (
    <PublicLayout title="Link not valid">
      <PublicNotice>
        <div role="alert" className="flex flex-col items-center gap-3">
          <Link2Off aria-hidden="true" className="size-12 text-muted" />
          <h1 className="text-2xl font-semibold tracking-tight">This link is invalid or has expired</h1>
        </div>
        <p className="text-base text-muted">
          If you still need to listen, ask the person who sent it for a new link.
        </p>
      </PublicNotice>
    </PublicLayout>
  );
}

function LoadingPage() {
  return (
    <PublicLayout title="Loading">
      <p role="status" className="sr-only">
        Loading the shared music...
      </p>
      <div className="mb-6 flex flex-col gap-2">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-8 w-80 max-w-full" />
        <Skeleton className="h-4 w-56" />
      </div>
      <div className="flex flex-col gap-5 lg:grid lg:grid-cols-[minmax(16rem,1fr)_minmax(0,2.2fr)]">
        <Skeleton className="h-40" />
        <Skeleton className="h-80" />
      </div>
    </PublicLayout>
  );
}

/** The router's `lazy` takes the module's `Component` (one name for every lazily loaded screen). */
export { SharedPage as Component };
