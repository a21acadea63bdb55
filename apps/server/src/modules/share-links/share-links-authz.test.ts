// Who may manage a project's share links, over every team endpoint: anonymous (401), a stranger (404: the
// project does not exist for them), a view collaborator (403: sending the music out is an editor's call), an
// edit collaborator and the owner. A refused call makes, revokes and reveals nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { type CommentsFixture, call, commentsFixture } from '../comments/comments-testing.ts';
import { guest, linksUrl, type MadeLink, makeLink } from './share-testing.ts';

let t: TestApp;
let f: CommentsFixture;
/** The link every refused call aims at: it must stay live, unrevoked and unread. */
let target: MadeLink;

beforeAll(async () => {
  t = await createTestApp();
  f = await commentsFixture(t.app);
  target = await makeLink(t.app, f.owner.token, f.projectId, { label: 'Target' });
});
afterAll(async () => {
  await t.close();
});

const ROLES = ['anonymous', 'stranger', 'viewer', 'editor', 'owner'] as const;
type Role = (typeof ROLES)[number];
const tokenOf = (role: Role) => (role === 'anonymous' ? null : f[role].token);
const REFUSED: Record<'anonymous' | 'stranger' | 'viewer', number> = {
  anonymous: 401,
  stranger: 404,
  viewer: 403,
};

interface Endpoint {
  name: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: () => string;
  body?: object;
  ok: number;
}

const ENDPOINTS: Endpoint[] = [
  {
    name: 'create',
    method: 'POST',
    path: () => linksUrl(f.projectId),
    body: { label: 'New', allowDownload: true, allowComments: true },
    ok: 201,
  },
  { name: 'list', method: 'GET', path: () => linksUrl(f.projectId), ok: 200 },
  {
    name: 'access log',
    method: 'GET',
    path: () => `${linksUrl(f.projectId)}/${target.link._id}/events`,
    ok: 200,
  },
  { name: 'revoke', method: 'DELETE', path: () => `${linksUrl(f.projectId)}/${target.link._id}`, ok: 200 },
];

const snapshot = async () =>
  JSON.stringify(await t.app.ctx.db.selectFrom('share_links').selectAll().orderBy('id').execute());

describe.each(ENDPOINTS)('$name', (endpoint) => {
  it.each(['anonymous', 'stranger', 'viewer'] as const)(
    'refused to %s, with nothing changed',
    async (role) => {
      const before = await snapshot();
      const res = await call(t.app, tokenOf(role), endpoint.method, endpoint.path(), endpoint.body);
      expect(res.statusCode).toBe(REFUSED[role]);
      expect(res.json().success).toBe(false);
      expect(res.body).not.toContain('Target');
      expect(await snapshot()).toBe(before);
      expect((await guest(t.app).get(target.api)).statusCode).toBe(200);
    },
  );

  it.each(['editor', 'owner'] as const)('allowed to %s', async (role) => {
    // Revoking aims at a link of its own, so the refused calls above keep theirs.
    const path =
      endpoint.name === 'revoke'
        ? `${linksUrl(f.projectId)}/${(await makeLink(t.app, f.owner.token, f.projectId, {})).link._id}`
        : endpoint.path();
    const res = await call(t.app, tokenOf(role), endpoint.method, path, endpoint.body);
    expect(res.statusCode).toBe(endpoint.ok);
    expect(res.json().success).toBe(true);
  });
});

it('a removed collaborator loses the links with the project', async () => {
  await t.app.ctx.db
    .deleteFrom('project_collaborators')
    .where('project_id', '=', f.projectId)
    .where('user_id', '=', f.editor.user._id)
    .execute();
  const res = await call(t.app, f.editor.token, 'GET', linksUrl(f.projectId));
  expect(res.statusCode).toBe(404);
});
