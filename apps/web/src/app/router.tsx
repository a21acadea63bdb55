// Every route of SPEC §2. /auth, /verify-email, /reset-password and /sign/:token (an emailed signing link) are
// public; the rest sit in the shell, behind the protection wrapper, except the 404 page, which signed-out
// visitors see too (with Sign In / Get Started), and /con-test, which shows that same 404 page to anyone but an
// administrator.
import { createBrowserRouter } from 'react-router';
import { AuthPage } from '../features/auth/auth-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { VerifyEmailPage } from '../features/auth/verify-email-page';
import { ClientsPage } from '../features/clients/clients-page';
import { ConTestPage } from '../features/con-test/con-test-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { DocumentsPage } from '../features/documents/documents-page';
import { SignPage } from '../features/documents/signing/sign-page';
import { ProfilePage } from '../features/profile/profile-page';
import { FilesPage } from '../features/projects/files/files-page';
import { ProjectLayout } from '../features/projects/project-layout';
import { ProjectOverviewPage } from '../features/projects/project-overview-page';
import { ProjectsPage } from '../features/projects/projects-page';
import { TracksPage } from '../features/projects/tracks/tracks-page';
import { SettingsPage } from '../features/settings/settings-page';
import { ErrorPage } from './error-page';
import { NotFoundPage } from './not-found-page';
import { RequireAdmin } from './require-admin';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';
import { AppShell } from './shell/app-shell';

export function createRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <ErrorPage />,
      children: [
        { path: 'auth', element: <AuthPage /> },
        { path: 'verify-email', element: <VerifyEmailPage /> },
        { path: 'reset-password', element: <ResetPasswordPage /> },
        { path: 'sign/:token', element: <SignPage /> },
        {
          element: <AppShell />,
          children: [
            {
              // Errors inside a screen keep the shell around them.
              errorElement: <ErrorPage />,
              children: [
                {
                  element: <RequireAuth />,
                  children: [
                    { index: true, element: <DashboardPage /> },
                    { path: 'projects', element: <ProjectsPage /> },
                    {
                      path: 'projects/:id',
                      element: <ProjectLayout />,
                      children: [
                        { index: true, element: <ProjectOverviewPage /> },
                        { path: 'tracks', element: <TracksPage /> },
                        { path: 'files', element: <FilesPage /> },
                      ],
                    },
                    { path: 'clients', element: <ClientsPage /> },
                    { path: 'documents', element: <DocumentsPage /> },
                    { path: 'profile', element: <ProfilePage /> },
                    { path: 'settings', element: <SettingsPage /> },
                  ],
                },
                {
                  element: <RequireAdmin />,
                  children: [{ path: 'con-test', element: <ConTestPage /> }],
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
