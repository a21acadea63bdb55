// The settings screen's own calls: signed-in sessions and the account export.
import { accountRoutes as routes } from '@mixdesk/contract/routes/account';
import { call } from '../../lib/call';

export const SESSIONS_QUERY_KEY = ['account-sessions'] as const;

export async function fetchSessions() {
  return (await call(routes.sessions, {})).data.sessions;
}

export async function signOutSession(id: string) {
  return call(routes.signOutSession, { params: { id } });
}

export async function signOutOtherSessions() {
  return call(routes.signOutOtherSessions, {});
}

/** Asks for a short-lived download link, then lets the browser download the ZIP from it. */
export async function downloadExport(includeFiles: boolean) {
  const { data } = await call(routes.export, { body: { includeFiles } });
  const link = document.createElement('a');
  link.href = data.url;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}
