// The settings screen's own calls: signed-in sessions and the account export.
import { ExportLinkSchema, RevokedCountSchema, SessionListSchema } from '@mixdesk/contract/account';
import { envelope, OkSchema } from '@mixdesk/contract/envelope';
import { api } from '../../lib/api';

export const SESSIONS_QUERY_KEY = ['account-sessions'] as const;

export async function fetchSessions() {
  return (await api.get('/api/account/sessions', { schema: envelope(SessionListSchema) })).data.sessions;
}

export async function signOutSession(id: string) {
  return api.delete(`/api/account/sessions/${encodeURIComponent(id)}`, { schema: OkSchema });
}

export async function signOutOtherSessions() {
  return api.post('/api/account/sessions/sign-out-others', undefined, {
    schema: envelope(RevokedCountSchema),
  });
}

/** Asks for a short-lived download link, then lets the browser download the ZIP from it. */
export async function downloadExport(includeFiles: boolean) {
  const { data } = await api.post(
    '/api/account/export',
    { includeFiles },
    { schema: envelope(ExportLinkSchema) },
  );
  const link = document.createElement('a');
  link.href = data.url;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}
