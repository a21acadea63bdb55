// The authorization matrix: every project and collaborator endpoint, for anonymous, a stranger, a view
// collaborator, an edit collaborator and the owner. Denied calls change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { addMember } from '../../../test/invitations.ts';

let t: TestApp;
const who = {} as Record<'owner' | 'stranger' | 'viewer' | 'editor' | 'extra', SignedIn>;

beforeAll(async () => {
  // Every case shares a fresh project with three people: past the hourly invitation limit of one owner.
  t = await createTestApp({ rateLimits: { invite: 10_000 } });
  for (const name of ['owner', 'stranger', 'viewer', 'editor', 'extra'] as const)
    who[name] = await registerUser(t.app, { name });
});
afterAll(async () => {
  await t.close();
});

type Role = 'anonymous' | 'stranger' | 'viewer' | 'editor' | 'owner';
const ROLES: Role[] = ['anonymous', 'stranger', 'viewer', 'editor', 'owner'];

/** A fresh project of `owner` shared with viewer (view), editor (edit) and extra (view). */
async function sharedProject() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(who.owner.token),
    payload: { title: 'Matrix', tags: ['a'] },
  });
  const id: string = res.json().data.project._id;
  for (const [name, permission] of [
    ['viewer', 'view'],
    ['editor', 'edit'],
    ['extra', 'view'],
  ] as const) {
    await addMember(t.app, who.owner.token, id, who[name], { permission, role: 'Session player' });
  }
  return id;
}

async function snapshot(id: string) {
  const project = await t.app.ctx.db
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  const collaborators = await t.app.ctx.db
    .selectFrom('project_collaborators')
    .selectAll()
    .where('project_id', '=', id)
    .orderBy('user_id')
    .execute();
  const invitations = await t.app.ctx.db
    .selectFrom('project_invitations')
    .selectAll()
    .where('project_id', '=', id)
    .orderBy('id')
    .execute();
  return { project, collaborators, invitations };
}

interface Endpoint {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (id: string) => string;
  payload?: () => object;
  expected: Record<Role, number>;
}

const denyOutsiders = { anonymous: 401, stranger: 404 };
const ENDPOINTS: Endpoint[] = [
  {
    name: 'GET /api/projects/:id',
    method: 'GET',
    url: (id) => `/api/projects/${id}`,
    expected: { ...denyOutsiders, viewer: 200, editor: 200, owner: 200 },
  },
  {
    name: 'PUT /api/projects/:id',
    method: 'PUT',
    url: (id) => `/api/projects/${id}`,
    payload: () => ({ title: 'Changed', status: 'mixing' }),
    expected: { ...denyOutsiders, viewer: 403, editor: 200, owner: 200 },
  },
  {
    name: 'DELETE /api/projects/:id',
    method: 'DELETE',
    url: (id) => `/api/projects/${id}`,
    expected: { ...denyOutsiders, viewer: 403, editor: 403, owner: 200 },
  },
  {
    name: 'GET /api/projects/:id/collaborators',
    method: 'GET',
    url: (id) => `/api/projects/${id}/collaborators`,
    expected: { ...denyOutsiders, viewer: 200, editor: 200, owner: 200 },
  },
  {
    name: 'POST /api/projects/:id/collaborators',
    method: 'POST',
    url: (id) => `/api/projects/${id}/collaborators`,
    payload: () => ({ email: who.stranger.user.email, permission: 'edit' }),
    expected: { ...denyOutsiders, viewer: 403, editor: 403, owner: 201 },
  },
  {
    name: 'PUT /api/projects/:id/collaborators/:userId',
    method: 'PUT',
    url: (id) => `/api/projects/${id}/collaborators/${who.extra.user._id}`,
    payload: () => ({ permission: 'edit', role: 'Co-producer' }),
    expected: { ...denyOutsiders, viewer: 403, editor: 403, owner: 200 },
  },
  {
    name: 'DELETE /api/projects/:id/collaborators/:userId',
    method: 'DELETE',
    url: (id) => `/api/projects/${id}/collaborators/${who.extra.user._id}`,
    expected: { ...denyOutsiders, viewer: 403, editor: 403, owner: 200 },
  },
];

describe.each(ENDPOINTS)('$name', (endpoint) => {
  it.each(ROLES)('as %s', async (role) => {
    const id = await sharedProject();
    const before = await snapshot(id);
    const res = await t.app.inject({
      method: endpoint.method,
      url: endpoint.url(id),
      headers: role === 'anonymous' ? {} : bearer(who[role].token),
      ...(endpoint.payload ? { payload: endpoint.payload() } : {}),
    });
    const status = endpoint.expected[role];
    expect(res.statusCode, res.body).toBe(status);
    if (status >= 400) {
      expect(res.json()).toMatchObject({ success: false, error: { code: expect.any(String) } });
      expect(await snapshot(id)).toEqual(before);
    } else {
      expect(res.json().success).toBe(true);
    }
    if (status === 404) {
      // Exactly what an id that never existed gets: nothing tells a stranger the project is there.
      const unknown = await t.app.inject({
        method: endpoint.method,
        url: endpoint.url('0190f5c2-0000-7000-8000-000000000000'),
        headers: bearer(who[role as 'stranger'].token),
        ...(endpoint.payload ? { payload: endpoint.payload() } : {}),
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual(res.json());
    }
  });
});

describe('the list and create', () => {
  it('anonymous callers get 401 on GET and POST /api/projects and nothing is created', async () => {
    const count = async () =>
      Number(
        (
          await t.app.ctx.db
            .selectFrom('projects')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect((await t.app.inject({ url: '/api/projects' })).statusCode).toBe(401);
    const post = await t.app.inject({ method: 'POST', url: '/api/projects', payload: { title: 'Anon' } });
    expect(post.statusCode).toBe(401);
    expect(post.json()).toMatchObject({ success: false, message: 'Access token required' });
    expect(await count()).toBe(before);
  });

  it.each(['stranger', 'viewer', 'editor', 'owner'] as const)(
    'a %s sees exactly the projects they own or share',
    async (role) => {
      const id = await sharedProject();
      const res = await t.app.inject({ url: '/api/projects?limit=100', headers: bearer(who[role].token) });
      expect(res.statusCode).toBe(200);
      const ids = res.json().data.projects.map((p: { _id: string }) => p._id);
      expect(ids.includes(id)).toBe(role !== 'stranger');
      const access = res.json().data.projects.find((p: { _id: string }) => p._id === id)?.access;
      expect(access).toBe({ stranger: undefined, viewer: 'view', editor: 'edit', owner: 'owner' }[role]);
    },
  );

  it('a signed-in user may create projects, which they then own', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(who.viewer.token),
      payload: { title: 'Mine now' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.project.owner._id).toBe(who.viewer.user._id);
  });
});
