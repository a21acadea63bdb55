// Every route of SPEC §2. /auth, /verify-email, /reset-password, /sign/:token (an emailed signing link),
// /agree/:token (an emailed link to agree to a split) and /s/:token (a project's share link) are public; the rest
// sit in the shell, behind the protection wrapper, except the 404 page, which signed-out visitors see too (with
// Sign In / Get Started), and /con-test, which shows that same 404 page to anyone but an administrator.
// Only the shell, its wrappers and the sign-in screen are in the first load; every other screen is a chunk of its
// own, fetched through the route's `lazy` when first visited (decision 012). Each such module exports its screen
// as `Component`, which `lazy` takes as it is (a `.then` renaming it, per route, cost the first load bytes). A
// screen that shows another feature's pieces is put together in routes/ (a feature imports no other feature,
// issue #33).
import { createBrowserRouter } from 'react-router';
import { AuthPage } from '../features/auth/auth-page';
import { LoadingOverlay } from '../ui/loading-overlay';
import { ErrorPage } from './error-page';
import { NotFoundPage } from './not-found-page';
import { RequireAdmin } from './require-admin';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';
import { AppShell } from './shell/app-shell';

/** Shown while the first screen's code arrives when the app starts on a lazily loaded route. */
function StartingUp() {
  return <LoadingOverlay label="Loading your workspace..." />;
}

export function createRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <ErrorPage />,
      HydrateFallback: StartingUp,
      children: [
        { path: 'auth', element: <AuthPage /> },
        {
          path: 'verify-email',
          lazy: () => import('../features/auth/verify-email-page'),
        },
        {
          path: 'reset-password',
          lazy: () => import('../features/auth/reset-password-page'),
        },
        {
          path: 'sign/:token',
          lazy: () => import('../features/documents/signing/sign-page'),
        },
        {
          path: 'agree/:token',
          lazy: () => import('../features/agree/agree-page'),
        },
        {
          path: 's/:token',
          lazy: () => import('../features/projects/shared-view/shared-page'),
        },
        {
          element: <AppShell />,
          children: [
            {
              // Errors inside a screen keep the shell around them; so does the wait for a screen's code at start.
              errorElement: <ErrorPage />,
              HydrateFallback: StartingUp,
              children: [
                {
                  element: <RequireAuth />,
                  children: [
                    {
                      index: true,
                      lazy: () => import('./routes/dashboard-route'),
                    },
                    {
                      path: 'projects',
                      lazy: () => import('./routes/projects-route'),
                    },
                    {
                      path: 'projects/:id',
                      lazy: () => import('../features/projects/project-layout'),
                      children: [
                        {
                          index: true,
                          lazy: () => import('../features/projects/project-overview-page'),
                        },
                        {
                          path: 'tracks',
                          lazy: () => import('./routes/tracks-route'),
                        },
                        {
                          path: 'files',
                          lazy: () => import('../features/projects/files/files-page'),
                        },
                        {
                          path: 'share',
                          lazy: () => import('../features/projects/share/share-links-page'),
                        },
                      ],
                    },
                    {
                      path: 'invitations/:id',
                      lazy: () => import('../features/invitations/invitation-page'),
                    },
                    {
                      path: 'clients',
                      lazy: () => import('../features/clients/clients-page'),
                    },
                    {
                      path: 'documents',
                      lazy: () => import('../features/documents/documents-page'),
                    },
                    {
                      path: 'releases/:id?',
                      lazy: () => import('../features/catalog/releases-route'),
                    },
                    {
                      path: 'profile',
                      lazy: () => import('../features/profile/profile-page'),
                    },
                    {
                      path: 'settings',
                      lazy: () => import('../features/settings/settings-page'),
                    },
                  ],
                },
                {
                  element: <RequireAdmin />,
                  children: [
                    {
                      path: 'con-test',
                      lazy: () => import('../features/con-test/con-test-page'),
                    },
                  ],
                },
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ]);
}
