// The calls of whoever holds a share link (packages/contract/src/routes/share-links.ts): no session, the token
// in the address is the credential (and, once a password is given, a cookie the server sets for that link
// alone). Every call is made with `auth: false`: a 401 here means "password needed", never an expired session.
import { fillPath } from '@mixdesk/contract/routes';
import { sharedViewRoutes as routes } from '@mixdesk/contract/routes/share-links';
import type { GuestCommentInput } from '@mixdesk/contract/share-links';
import { api } from '../../../lib/api';
import { call } from '../../../lib/call';
import type { ListenReport } from './listen-tracker';

export const sharedKeys = {
  view: (token: string) => ['share', token] as const,
  comments: (token: string, versionId: string) => ['share', token, 'comments', versionId] as const,
};

/** What the link shows; refused with 401 while its password is needed, 404 once it cannot be used. */
export async function fetchShare(token: string, signal?: AbortSignal) {
  return (await call(routes.view, { params: { token } }, { signal, auth: false })).data.share;
}

export async function unlockShare(token: string, password: string) {
  return (await call(routes.unlock, { params: { token }, body: { password } }, { auth: false })).data.share;
}

/**
 * The comments left through this link on a version, at its `commentsUrl` (the view's answer gives it: the
 * declared comments route, filled), parsed with that route's answer.
 */
export async function fetchGuestComments(commentsUrl: string, signal?: AbortSignal) {
  const { response } = routes.comments;
  return (await api.get(commentsUrl, { schema: response, signal, auth: false })).data.comments;
}

export async function postGuestComment(commentsUrl: string, input: GuestCommentInput) {
  const { response } = routes.comment;
  return (await api.post(commentsUrl, input, { schema: response, auth: false })).data.comment;
}

/**
 * How far a listen got. Sent with fetch's keepalive so it still leaves while the page is being hidden or
 * closed — which is why it does not go through the API client, whose calls wait on other requests first.
 * (sendBeacon cannot reliably send a JSON content type.) A lost report only lowers a count: it is logged.
 */
export function reportPlay(token: string, versionId: string, report: ListenReport): void {
  const path = fillPath(routes.play.path, { token, versionId });
  void fetch(api.url(path), {
    method: routes.play.method,
    keepalive: true,
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(report),
  })
    .then((res) => {
      if (!res.ok) console.warn(`A listen report was refused (${res.status})`);
    })
    .catch((error: unknown) => console.warn('A listen report was not sent', error));
}
