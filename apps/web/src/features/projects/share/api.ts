// The share-link calls of a project's team (packages/contract/src/share-links.ts), parsed with the shared
// contract, and their query keys.
import {
  type CreateShareLinkInput,
  ShareLinkEventsResponseSchema,
  ShareLinkListResponseSchema,
  ShareLinkResponseSchema,
} from '@mixdesk/contract/share-links';
import { api } from '../../../lib/api';

/** Events a page of the access log shows. */
export const EVENTS_PAGE_SIZE = 20;

export const shareLinkKeys = {
  list: (projectId: string) => ['share-links', projectId] as const,
  events: (projectId: string, linkId: string, page: number) =>
    ['share-links', projectId, linkId, 'events', page] as const,
};

const linksPath = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/share-links`;
const linkPath = (projectId: string, linkId: string) =>
  `${linksPath(projectId)}/${encodeURIComponent(linkId)}`;

export async function fetchShareLinks(projectId: string, signal?: AbortSignal) {
  return (await api.get(linksPath(projectId), { schema: ShareLinkListResponseSchema, signal })).data.links;
}

/** The new link, with its `url`: the only time the page to send is known (the server keeps a hash). */
export async function createShareLink(projectId: string, input: CreateShareLinkInput) {
  return (await api.post(linksPath(projectId), input, { schema: ShareLinkResponseSchema })).data.link;
}

/** The link, now revoked: it stops working at once. */
export async function revokeShareLink(projectId: string, linkId: string) {
  return (await api.delete(linkPath(projectId, linkId), { schema: ShareLinkResponseSchema })).data.link;
}

export async function fetchShareLinkEvents(
  projectId: string,
  linkId: string,
  page: number,
  signal?: AbortSignal,
) {
  return (
    await api.get(`${linkPath(projectId, linkId)}/events`, {
      query: { page, limit: EVENTS_PAGE_SIZE },
      schema: ShareLinkEventsResponseSchema,
      signal,
    })
  ).data;
}
