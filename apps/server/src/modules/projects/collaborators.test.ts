import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMomentLater } from '../../../test/clock.ts';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { addMember } from '../../../test/invitations.ts';

let t: TestApp;
let owner: SignedIn;
let ana: SignedIn;
let ben: SignedIn;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Owner' });
  ana = await registerUser(t.app, { name: 'Ana' });
  ben = await registerUser(t.app, { name: 'Ben' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(owner.token),
    payload: { title: 'Band record' },
  });
  projectId = res.json().data.project._id;
});
afterAll(async () => {
  await t.close();
});

const call = (as: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path = '', payload?: object) =>
  t.app.inject({
    method,
    url: `/api/projects/${projectId}/collaborators${path}`,
    headers: bearer(as.token),
    ...(payload ? { payload } : {}),
  });
const collaboratorRows = () =>
  t.app.ctx.db.selectFrom('project_collaborators').selectAll().where('project_id', '=', projectId).execute();
const invitationRows = () =>
  t.app.ctx.db.selectFrom('project_invitations').selectAll().where('project_id', '=', projectId).execute();
const projectRow = () =>
  t.app.ctx.db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirstOrThrow();
/** Times are stored to the millisecond: waits past the next one, so a change of time can be seen. */
describe('joining', () => {
  it('an invited user who accepts joins with the permission and role, trimmed', async () => {
    await addMember(t.app, owner.token, projectId, ana, { permission: 'edit', role: ' Mixing engineer ' });
    const res = await call(owner, 'GET');
    expect(res.json().data.collaborators).toEqual([
      {
        user: { _id: ana.user._id, name: 'Ana', email: ana.user.email },
        permission: 'edit',
        role: 'Mixing engineer',
        addedAt: expect.any(String),
      },
    ]);
  });

  it('defaults to view with no role', async () => {
    await addMember(t.app, owner.token, projectId, ben);
    const res = await call(owner, 'GET');
    expect(res.json().data.collaborators[1]).toMatchObject({ permission: 'view', role: '' });
  });

  it('lists them with the owner', async () => {
    const res = await call(ben, 'GET');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.owner).toEqual({ _id: owner.user._id, name: 'Owner', email: owner.user.email });
    expect(res.json().data.collaborators.map((c: { user: { name: string } }) => c.user.name)).toEqual([
      'Ana',
      'Ben',
    ]);
  });

  it.each([
    ['the owner', () => ({ email: owner.user.email }), 400, 'You own this project already.'],
    ['someone already on it', () => ({ email: ana.user.email }), 409, 'Ana is already a collaborator'],
    [
      'an unknown permission',
      () => ({ email: ben.user.email, permission: 'admin' }),
      400,
      'Permission must be',
    ],
    ['a 61-character role', () => ({ email: ben.user.email, role: 'r'.repeat(61) }), 400, 'at most 60'],
    ['a missing email', () => ({ permission: 'view' }), 400, 'Email is required'],
    ['an extra key', () => ({ email: ben.user.email, owner: true }), 400, 'Unknown field'],
  ])('refuses %s and changes nothing', async (_label, payload, status, message) => {
    const before = { members: await collaboratorRows(), invited: await invitationRows() };
    const res = await call(owner, 'POST', '', payload());
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(message);
    expect({ members: await collaboratorRows(), invited: await invitationRows() }).toEqual(before);
  });
});

describe('what a collaborator may do', () => {
  it('an edit collaborator edits the project but cannot delete it', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${projectId}`,
      headers: bearer(ana.token),
      payload: { status: 'recording' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.project.access).toBe('edit');
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${projectId}`,
      headers: bearer(ana.token),
    });
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe('Only the project owner can do this.');
  });

  it('a view collaborator reads but cannot edit', async () => {
    const get = await t.app.inject({ url: `/api/projects/${projectId}`, headers: bearer(ben.token) });
    expect(get.json().data.project).toMatchObject({ status: 'recording', access: 'view' });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${projectId}`,
      headers: bearer(ben.token),
      payload: { title: 'Hijack' },
    });
    expect(put.statusCode).toBe(403);
    expect(put.json().message).toBe('You have view-only access to this project.');
  });
});

describe('changing and removing', () => {
  it('the owner changes a permission and a role', async () => {
    const res = await call(owner, 'PUT', `/${ben.user._id}`, { permission: 'edit', role: 'Drums' });
    expect(res.statusCode).toBe(200);
    const benNow = res
      .json()
      .data.project.collaborators.find((c: { user: { _id: string } }) => c.user._id === ben.user._id);
    expect(benNow).toMatchObject({ permission: 'edit', role: 'Drums' });
  });

  it.each([
    ['an empty body', {}, 400],
    ['an unknown permission', { permission: 'owner' }, 400],
  ])('refuses %s', async (_label, payload, status) => {
    const res = await call(owner, 'PUT', `/${ben.user._id}`, payload);
    expect(res.statusCode).toBe(status);
  });

  it('changing or removing someone who is not a collaborator is a 404 and leaves the project untouched', async () => {
    const stranger = await registerUser(t.app);
    const before = await projectRow();
    aMomentLater();
    for (const res of [
      await call(owner, 'PUT', `/${stranger.user._id}`, { role: 'x' }),
      await call(owner, 'DELETE', `/${stranger.user._id}`),
      await call(owner, 'PUT', '/not-an-id', { role: 'x' }),
      await call(owner, 'DELETE', '/not-an-id'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: 'Collaborator not found' });
    }
    // Not even marked as worked on: the project list's order must not move for a change that did not happen.
    expect(await projectRow()).toEqual(before);
  });

  it('a change to a collaborator marks the project as just worked on', async () => {
    const before = await projectRow();
    aMomentLater();
    const res = await call(owner, 'PUT', `/${ben.user._id}`, { role: 'Drums & percussion' });
    expect(res.statusCode).toBe(200);
    const after = await projectRow();
    expect(after.last_activity_at > before.last_activity_at).toBe(true);
    expect(after.updated_at > before.updated_at).toBe(true);
  });

  it('a collaborator turned from edit to view loses the right to change the project at once', async () => {
    const demoted = await registerUser(t.app, { name: 'Demoted' });
    await addMember(t.app, owner.token, projectId, demoted, { permission: 'edit' });
    const edit = (title: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/projects/${projectId}`,
        headers: bearer(demoted.token),
        payload: { title },
      });
    expect((await edit('Band record')).statusCode).toBe(200);
    const down = await call(owner, 'PUT', `/${demoted.user._id}`, { permission: 'view' });
    expect(down.statusCode).toBe(200);
    const before = await projectRow();
    const refused = await edit('Taken over');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You have view-only access to this project.');
    expect(await projectRow()).toEqual(before);
    const read = await t.app.inject({ url: `/api/projects/${projectId}`, headers: bearer(demoted.token) });
    expect(read.json().data.project.access).toBe('view');
    // A view collaborator may still leave on their own.
    const left = await call(demoted, 'DELETE', `/${demoted.user._id}`);
    expect(left.statusCode).toBe(200);
    expect(left.json().message).toBe('You left the project');
  });

  it('a collaborator cannot remove anyone else, nor change anyone, not even themselves', async () => {
    const before = { members: await collaboratorRows(), project: await projectRow() };
    for (const res of [
      await call(ana, 'DELETE', `/${ben.user._id}`),
      await call(ana, 'PUT', `/${ana.user._id}`, { permission: 'edit', role: 'Boss' }),
      await call(ben, 'PUT', `/${ben.user._id}`, { role: 'Boss' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only the project owner can do this.');
    }
    expect({ members: await collaboratorRows(), project: await projectRow() }).toEqual(before);
  });

  it('the owner may name a collaborator by an upper-case id', async () => {
    const res = await call(owner, 'PUT', `/${ben.user._id.toUpperCase()}`, { role: 'Upper case' });
    expect(res.statusCode).toBe(200);
    expect((await collaboratorRows()).find((r) => r.user_id === ben.user._id)?.role).toBe('Upper case');
  });

  it('a collaborator may leave on their own; the project is then gone for them', async () => {
    const res = await call(ben, 'DELETE', `/${ben.user._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('You left the project');
    const get = await t.app.inject({ url: `/api/projects/${projectId}`, headers: bearer(ben.token) });
    expect(get.statusCode).toBe(404);
  });

  it('the owner cannot leave their own project', async () => {
    const res = await call(owner, 'DELETE', `/${owner.user._id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'The owner cannot leave their own project; delete it instead.',
    });
  });

  it('the owner removes a collaborator, who loses access at once', async () => {
    const before = await projectRow();
    aMomentLater();
    const res = await call(owner, 'DELETE', `/${ana.user._id}`);
    expect((await projectRow()).last_activity_at > before.last_activity_at).toBe(true);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Collaborator removed');
    const get = await t.app.inject({ url: `/api/projects/${projectId}`, headers: bearer(ana.token) });
    expect(get.statusCode).toBe(404);
    expect(await collaboratorRows()).toEqual([]);
  });
});
