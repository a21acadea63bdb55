// Wraps every route: the screen, the session-expired notice, scroll restoration, and a bar across the top while
// a screen's code is on its way.
import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useSession } from '../lib/session';

// Only a signed-in session can expire: the notice (and Radix Dialog with it) loads with the first signed-in
// screen, not before the sign-in screen (decision 012).
const SessionExpiredNotice = lazy(() =>
  import('./shell/session-expired-notice').then((m) => ({ default: m.SessionExpiredNotice })),
);

export function RootLayout() {
  const session = useSession();
  // Screens load lazily: the current one stays until the next one's code has arrived (a short delay before
  // the bar shows, so a quick load never flashes).
  const loading = useNavigation().state === 'loading';
  return (
    <>
      {loading && (
        <div
          role="progressbar"
          aria-label="Loading the page"
          className="fixed inset-x-0 top-0 z-[80] h-0.5 animate-[fade-in_200ms_ease-out_150ms_both] bg-accent"
        />
      )}
      <Outlet />
      {(session.user || session.expired) && (
        <Suspense fallback={null}>
          <SessionExpiredNotice />
        </Suspense>
      )}
      <ScrollRestoration />
    </>
  );
}
