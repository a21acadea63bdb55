// Every route of SPEC §2. /auth, /verify-email, /reset-password, /sign/:token (an emailed signing link) and
// /s/:token (a project's share link) are public; the rest sit in the shell, behind the protection wrapper, except the 404 page, which signed-out
// visitors see too (with Sign In / Get Started), and /con-test, which shows that same 404 page to anyone but an
// administrator.
// Only the shell, its wrappers and the sign-in screen are in the first load; every other screen is a chunk of its
// own, fetched through the route's `lazy` when first visited (decision 012). A screen that shows another feature's
// pieces is put together in routes/ (a feature imports no other feature, issue #33).
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
          lazy: () =>
            import('../features/auth/verify-email-page').then((m) => ({ Component: m.VerifyEmailPage })),
        },
        {
          path: 'reset-password',
          lazy: () =>
            import('../features/auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
        },
        {
          path: 'sign/:token',
          lazy: () =>
            import('../features/documents/signing/sign-page').then((m) => ({ Component: m.SignPage })),
        },
        {
          path: 's/:token',
          lazy: () =>
            import('../features/projects/shared-view/shared-page').then((m) => ({ Component: m.SharedPage })),
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
                      lazy: () =>
                        import('./routes/dashboard-route').then((m) => ({ Component: m.DashboardRoute })),
                    },
                    {
                      path: 'projects',
                      lazy: () =>
                        import('./routes/projects-route').then((m) => ({ Component: m.ProjectsRoute })),
                    },
                    {
                      path: 'projects/:id',
                      lazy: () =>
                        import('../features/projects/project-layout').then((m) => ({
                          Component: m.ProjectLayout,
                        })),
                      children: [
                        {
                          index: true,
                          lazy: () =>
                            import('../features/projects/project-overview-page').then((m) => ({
                              Component: m.ProjectOverviewPage,
                            })),
                        },
                        {
                          path: 'tracks',
                          lazy: () =>
                            import('./routes/tracks-route').then((m) => ({ Component: m.TracksRoute })),
                        },
                        {
                          path: 'files',
                          lazy: () =>
                            import('../features/projects/files/files-page').then((m) => ({
                              Component: m.FilesPage,
                            })),
                        },
                        {
                          path: 'share',
                          lazy: () =>
                            import('../features/projects/share/share-links-page').then((m) => ({
                              Component: m.ShareLinksPage,
                            })),
                        },
                      ],
                    },
                    {
                      path: 'invitations/:id',
                      lazy: () =>
                        import('../features/invitations/invitation-page').then((m) => ({
                          Component: m.InvitationPage,
                        })),
                    },
                    {
                      path: 'clients',
                      lazy: () =>
                        import('../features/clients/clients-page').then((m) => ({
                          Component: m.ClientsPage,
                        })),
                    },
                    {
                      path: 'documents',
                      lazy: () =>
                        import('../features/documents/documents-page').then((m) => ({
                          Component: m.DocumentsPage,
                        })),
                    },
                    {
                      path: 'profile',
                      lazy: () =>
                        import('../features/profile/profile-page').then((m) => ({
                          Component: m.ProfilePage,
                        })),
                    },
                    {
                      path: 'settings',
                      lazy: () =>
                        import('../features/settings/settings-page').then((m) => ({
                          Component: m.SettingsPage,
                        })),
                    },
                  ],
                },
                {
                  element: <RequireAdmin />,
                  children: [
                    {
                      path: 'con-test',
                      lazy: () =>
                        import('../features/con-test/con-test-page').then((m) => ({
                          Component: m.ConTestPage,
                        })),
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
