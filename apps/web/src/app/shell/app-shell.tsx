// The shared navigation shell around every protected screen (SPEC §2 Shell).
import { lazy, Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import type { AuthRedirectState } from '../../features/auth/redirect';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/button';
import { Logo } from '../../ui/logo';
import { ThemeToggle } from '../../ui/theme-toggle';
import { useIsAdmin } from '../use-is-admin';
import { Clock } from './clock';
import { ConnectionDot } from './connection-dot';
import { MainNav } from './main-nav';

const GET_STARTED: AuthRedirectState = { mode: 'register' };

// The two dropdown menus bring the menu library (Radix menu and Floating UI, about 16 KiB gzipped): they load
// as soon as the shell is on screen rather than before it (decision 012).
const MobileNav = lazy(() => import('./mobile-nav').then((m) => ({ default: m.MobileNav })));
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
const NotificationBell = lazy(() =>
  import('../../features/notifications/notification-bell').then((m) => ({ default: m.NotificationBell })),
);

export function AppShell() {
  const session = useSession();
  const isAdmin = useIsAdmin() === true;
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only rounded-md bg-accent px-3 py-2 text-accent-fg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-border bg-surface">
        <div className="mx-auto flex h-12 max-w-screen-2xl items-center gap-2 px-2 sm:px-4 lg:gap-4 lg:px-6">
          <Suspense fallback={<span className="size-8 md:hidden" />}>
            <MobileNav className="md:hidden" isAdmin={isAdmin} />
          </Suspense>
          <Link to="/" aria-label="Mixdesk home" className="mr-1 rounded-md">
            <Logo />
          </Link>
          <MainNav className="hidden md:block" isAdmin={isAdmin} />
          <div className="ml-auto flex items-center gap-1">
            {session.user && <ConnectionDot />}
            <Clock className="hidden px-2 sm:flex" />
            <ThemeToggle />
            {session.user ? (
              <Suspense fallback={<span className="size-8" />}>
                <NotificationBell />
                <UserMenu />
              </Suspense>
            ) : (
              session.status === 'ready' && (
                <>
                  <Button asChild variant="ghost" size="sm">
                    <Link to="/auth">Sign In</Link>
                  </Button>
                  <Button asChild variant="primary" size="sm">
                    <Link to="/auth" state={GET_STARTED}>
                      Get Started
                    </Link>
                  </Button>
                </>
              )
            )}
          </div>
        </div>
      </header>
      <main
        id="main"
        className="mx-auto flex w-full max-w-screen-2xl flex-1 flex-col px-4 py-6 sm:px-6 lg:py-8"
      >
        <Outlet />
      </main>
    </div>
  );
}
