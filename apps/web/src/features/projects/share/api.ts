// The share-link calls of a project's team (packages/contract/src/routes/share-links.ts), parsed with the
// shared contract, and their query keys.
import { shareLinkRoutes as routes } from '@mixdesk/contract/routes/share-links';
import type { CreateShareLinkInput } from '@mixdesk/contract/share-links';
import { call } from '../../../lib/call';

/** Events a page of the access log shows. */
export const EVENTS_PAGE_SIZE = 20;

export const shareLinkKeys = {
  list: (projectId: string) => ['share-links', projectId] as const,
  events: (projectId: string, linkId: string, page: number) =>
    ['share-links', projectId, linkId, 'events', page] as const,
};

export async function fetchShareLinks(projectId: string, signal?: AbortSignal) {
  return (await call(routes.list, { params: { id: projectId } }, { signal })).data.links;
}

/** The new link, with its `url`: the only time the page to send is known (the server keeps a hash). */
export async function createShareLink(projectId: string, input: CreateShareLinkInput) {
  return (await call(routes.create, { params: { id: projectId }, body: input })).data.link;
}

/** The link, now revoked: it stops working at once. */
export async function revokeShareLink(projectId: string, linkId: string) {
  return (await call(routes.revoke, { params: { id: projectId, linkId } })).data.link;
}

export async function fetchShareLinkEvents(
  projectId: string,
  linkId: string,
  page: number,
  signal?: AbortSignal,
) {
  const query = { page, limit: EVENTS_PAGE_SIZE };
  return (await call(routes.events, { params: { id: projectId, linkId }, query }, { signal })).data;
}
