// The calls of whoever holds a share link (packages/contract/src/share-links.ts): no session, the token in the
// address is the credential (and, once a password is given, a cookie the server sets for that link alone).
// Every call is made with `auth: false`: a 401 here means "password needed", never an expired session.
import {
  type GuestCommentInput,
  GuestCommentListResponseSchema,
  GuestCommentResponseSchema,
  ShareViewResponseSchema,
} from '@mixdesk/contract/share-links';
import { api } from '../../../lib/api';
import type { ListenReport } from './listen-tracker';

export const sharedKeys = {
  view: (token: string) => ['share', token] as const,
  comments: (token: string, versionId: string) => ['share', token, 'comments', versionId] as const,
};

const sharePath = (token: string) => `/api/share/${encodeURIComponent(token)}`;

/** What the link shows; refused with 401 while its password is needed, 404 once it cannot be used. */
export async function fetchShare(token: string, signal?: AbortSignal) {
  return (await api.get(sharePath(token), { schema: ShareViewResponseSchema, signal, auth: false })).data
    .share;
}

export async function unlockShare(token: string, password: string) {
  return (
    await api.post(
      `${sharePath(token)}/unlock`,
      { password },
      { schema: ShareViewResponseSchema, auth: false },
    )
  ).data.share;
}

/** The comments left through this link on a version (its `commentsUrl`). */
export async function fetchGuestComments(commentsUrl: string, signal?: AbortSignal) {
  return (await api.get(commentsUrl, { schema: GuestCommentListResponseSchema, signal, auth: false })).data
    .comments;
}

export async function postGuestComment(commentsUrl: string, input: GuestCommentInput) {
  return (await api.post(commentsUrl, input, { schema: GuestCommentResponseSchema, auth: false })).data
    .comment;
}

/**
 * How far a listen got. Sent with fetch's keepalive so it still leaves while the page is being hidden or
 * closed — which is why it does not go through the API client, whose calls wait on other requests first.
 * (sendBeacon cannot reliably send a JSON content type.) A lost report only lowers a count: it is logged.
 */
export function reportPlay(token: string, versionId: string, report: ListenReport): void {
  const path = `${sharePath(token)}/versions/${encodeURIComponent(versionId)}/plays`;
  void fetch(api.url(path), {
    method: 'POST',
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
