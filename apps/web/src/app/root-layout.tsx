// Wraps every route: the screen, the session-expired notice and scroll restoration.
import { Outlet, ScrollRestoration } from 'react-router';
import { SessionExpiredNotice } from './shell/session-expired-notice';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <SessionExpiredNotice />
      <ScrollRestoration />
    </>
  );
}
