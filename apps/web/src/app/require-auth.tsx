// The protection wrapper (SPEC §2): signed out -> /auth remembering where they were; unverified -> /verify-email.
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { AuthRedirectState } from '../features/auth/redirect';
import { useSession } from '../lib/session';
import { LoadingOverlay } from '../ui/loading-overlay';

export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  const { revalidate } = session;

  // Moving between screens re-checks the session, so a session revoked elsewhere (password reset, sign-out
  // everywhere) is noticed on the next click rather than whenever a screen happens to call the API.
  const lastPath = useRef(location.pathname);
  useEffect(() => {
    if (lastPath.current === location.pathname) return;
    lastPath.current = location.pathname;
    void revalidate();
  }, [location.pathname, revalidate]);

  if (session.status === 'loading') return <LoadingOverlay label="Loading your workspace..." />;
  if (!session.user) {
    const state: AuthRedirectState = { from: location };
    return <Navigate to="/auth" replace state={state} />;
  }
  if (!session.user.verified) return <Navigate to="/verify-email" replace />;
  return <Outlet />;
}
