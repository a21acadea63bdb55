// Test factories for share links: the comments fixture's project (owner, view and edit collaborators, a
// stranger; a track with two versions of known length), links made through the API, and a guest's calls with
// the cookies a browser would keep.
import {
  type ShareLink,
  ShareLinkResponseSchema,
  ShareViewResponseSchema,
} from '@mixdesk/contract/share-links';
import type { FastifyInstance } from 'fastify';
import { cookieHeader, cookiesOf } from '../../../test/helper.ts';
import { call } from '../comments/comments-testing.ts';

export const linksUrl = (projectId: string) => `/api/projects/${projectId}/share-links`;

export interface MadeLink {
  link: ShareLink;
  token: string;
  /** /api/share/:token */
  api: string;
}

export async function makeLink(
  app: FastifyInstance,
  token: string,
  projectId: string,
  body: object,
): Promise<MadeLink> {
  const res = await call(app, token, 'POST', linksUrl(projectId), {
    label: 'For the artist',
    allowDownload: false,
    allowComments: true,
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`share link failed: ${res.statusCode} ${res.body}`);
  const link = ShareLinkResponseSchema.parse(res.json()).data.link;
  const shareToken = new URL(link.url!).pathname.split('/').pop()!;
  return { link, token: shareToken, api: `/api/share/${shareToken}` };
}

/** A browser without an account: keeps the cookies the share API sets, per path as a browser would. */
export function guest(
  app: FastifyInstance,
  userAgent = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
) {
  const jar: Record<string, string> = {};
  const request = async (
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => {
    const res = await app.inject({
      method,
      url,
      headers: {
        'user-agent': userAgent,
        ...(Object.keys(jar).length ? { cookie: cookieHeader(jar) } : {}),
        ...headers,
      },
      ...(payload === undefined ? {} : { payload }),
    });
    Object.assign(jar, cookiesOf(res));
    return res;
  };
  return {
    jar,
    get: (url: string, headers?: Record<string, string>) => request('GET', url, undefined, headers),
    post: (url: string, payload: object) => request('POST', url, payload),
    view: async (api: string) => ShareViewResponseSchema.parse((await request('GET', api)).json()).data.share,
  };
}
