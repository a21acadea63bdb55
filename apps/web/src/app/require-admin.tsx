// The extra protection layer of /con-test (SPEC §2): administrators only. Anyone else, signed in or not, gets
// the 404 page, exactly as for a path that does not exist, and the screen (so its API calls) never mounts.
import { Navigate, Outlet } from 'react-router';
import { useSession } from '../lib/session';
import { LoadingOverlay } from '../ui/loading-overlay';
import { NotFoundPage } from './not-found-page';
import { useIsAdmin } from './use-is-admin';

export function RequireAdmin() {
  const session = useSession();
  const isAdmin = useIsAdmin();
  if (isAdmin === 'checking') return <LoadingOverlay label="Loading your workspace..." />;
  if (!isAdmin) return <NotFoundPage />;
  if (session.user && !session.user.verified) return <Navigate to="/verify-email" replace />;
  return <Outlet />;
}
