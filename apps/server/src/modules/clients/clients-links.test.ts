import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { nowIso } from '../../platform/ids.ts';
import { createClientVia, createProjectVia, listVia, setProjectStatusVia } from './clients-testing.ts';
import { clientIdOfProject } from './links.ts';
import { seedClients } from './seed.ts';

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Owner' });
  stranger = await registerUser(t.app, { name: 'Stranger' });
});
afterAll(async () => {
  await t.close();
});

const call = (
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  who?: SignedIn,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });
const link = (clientId: string, projectId: string, who: SignedIn | null = owner) =>
  call('PUT', `/api/clients/${clientId}/projects/${projectId}`, who ?? undefined);
const unlink = (clientId: string, projectId: string, who: SignedIn | null = owner) =>
  call('DELETE', `/api/clients/${clientId}/projects/${projectId}`, who ?? undefined);
const getClient = async (id: string) => (await call('GET', `/api/clients/${id}`, owner)).json().data.client;

describe('projects linked to a client', () => {
  it("the counts follow the linked projects' statuses, on top of the recorded ones", async () => {
    const client = await createClientVia(t.app, owner, { totalProjects: 2, completedProjects: 2 });
    const mixing = await createProjectVia(t.app, owner, { status: 'mixing' });
    const planning = await createProjectVia(t.app, owner, { status: 'planning' });
    expect((await link(client._id, mixing)).json().data.client).toMatchObject({
      totalProjects: 3,
      activeProjects: 1,
      completedProjects: 2,
      linkedProjects: { total: 1, active: 1, completed: 0 },
    });
    await link(client._id, planning);
    await setProjectStatusVia(t.app, owner, mixing, 'released');
    expect(await getClient(client._id)).toMatchObject({
      totalProjects: 4,
      activeProjects: 1,
      completedProjects: 3,
    });
    await setProjectStatusVia(t.app, owner, planning, 'archived');
    expect(await getClient(client._id)).toMatchObject({
      totalProjects: 4,
      activeProjects: 0,
      completedProjects: 3,
    });
    const unlinked = (await unlink(client._id, mixing)).json().data.client;
    expect(unlinked).toMatchObject({ totalProjects: 3, completedProjects: 2, linkedProjects: { total: 1 } });
  });

  it("the summary's completed projects include linked completed projects", async () => {
    const me = await registerUser(t.app);
    const client = await createClientVia(t.app, me, { totalProjects: 1, completedProjects: 1 });
    const project = await createProjectVia(t.app, me, { status: 'completed' });
    expect((await link(client._id, project, me)).statusCode).toBe(200);
    expect((await listVia(t.app, me)).summary.completedProjects).toBe(2);
    await setProjectStatusVia(t.app, me, project, 'mastering');
    expect((await listVia(t.app, me)).summary.completedProjects).toBe(1);
  });

  it('lists linked projects and the other projects that could be linked', async () => {
    const client = await createClientVia(t.app, owner);
    const other = await createClientVia(t.app, owner, { name: 'Other Client' });
    const linked = await createProjectVia(t.app, owner, { title: 'Linked Here' });
    const elsewhere = await createProjectVia(t.app, owner, { title: 'Linked Elsewhere' });
    await link(client._id, linked);
    await link(other._id, elsewhere);
    const data = (await call('GET', `/api/clients/${client._id}/projects`, owner)).json().data;
    expect(data.linked).toEqual([
      {
        _id: linked,
        title: 'Linked Here',
        status: 'planning',
        clientId: client._id,
        clientName: 'Test Client',
      },
    ]);
    expect(data.available).toContainEqual({
      _id: elsewhere,
      title: 'Linked Elsewhere',
      status: 'planning',
      clientId: other._id,
      clientName: 'Other Client',
    });
    expect(data.available.map((p: { _id: string }) => p._id)).not.toContain(linked);
  });

  it('linking a project moves it from its previous client', async () => {
    const first = await createClientVia(t.app, owner);
    const second = await createClientVia(t.app, owner);
    const project = await createProjectVia(t.app, owner);
    await link(first._id, project);
    await link(second._id, project);
    expect((await getClient(first._id)).linkedProjects.total).toBe(0);
    expect((await getClient(second._id)).linkedProjects.total).toBe(1);
    expect((await link(second._id, project)).statusCode).toBe(200);
  });

  it('counts set by hand cannot go below the linked part', async () => {
    const client = await createClientVia(t.app, owner);
    await link(client._id, await createProjectVia(t.app, owner, { status: 'recording' }));
    const res = await call('PUT', `/api/clients/${client._id}`, owner, { activeProjects: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Active projects can't be fewer than the 1 linked active project");
    const ok = await call('PUT', `/api/clients/${client._id}`, owner, {
      totalProjects: 5,
      activeProjects: 3,
    });
    expect(ok.json().data.client).toMatchObject({
      totalProjects: 5,
      activeProjects: 3,
      linkedProjects: { total: 1 },
    });
  });

  it('deleting a client keeps its projects and clears their link', async () => {
    const client = await createClientVia(t.app, owner);
    const project = await createProjectVia(t.app, owner);
    await link(client._id, project);
    expect((await call('DELETE', `/api/clients/${client._id}`, owner)).statusCode).toBe(200);
    expect((await call('GET', `/api/projects/${project}`, owner)).statusCode).toBe(200);
    expect(await clientIdOfProject(t.app.ctx.db, project)).toBeNull();
  });

  it('deleting a linked project lowers the counts', async () => {
    const client = await createClientVia(t.app, owner);
    const project = await createProjectVia(t.app, owner);
    await link(client._id, project);
    expect((await call('DELETE', `/api/projects/${project}`, owner)).statusCode).toBe(200);
    expect((await getClient(client._id)).totalProjects).toBe(0);
  });
});

describe('link authorization', () => {
  it('anonymous callers get 401', async () => {
    const client = await createClientVia(t.app, owner);
    const project = await createProjectVia(t.app, owner);
    expect((await link(client._id, project, null)).statusCode).toBe(401);
    expect((await unlink(client._id, project, null)).statusCode).toBe(401);
  });

  it("a stranger can't link to or unlink from someone else's client or project", async () => {
    const client = await createClientVia(t.app, owner);
    const project = await createProjectVia(t.app, owner);
    await link(client._id, project);
    const theirClient = await createClientVia(t.app, stranger);
    const theirProject = await createProjectVia(t.app, stranger);
    expect((await link(client._id, theirProject, stranger)).statusCode).toBe(404);
    expect((await link(theirClient._id, project, stranger)).json().message).toBe('Project not found');
    expect((await unlink(client._id, project, stranger)).statusCode).toBe(404);
    expect((await getClient(client._id)).linkedProjects.total).toBe(1);
  });

  it("an editor or a viewer cannot link their client to the owner's project, nor unlink it; the owner can", async () => {
    const [editor, viewer] = [
      await registerUser(t.app, { name: 'Editor' }),
      await registerUser(t.app, { name: 'Viewer' }),
    ];
    const ownersClient = await createClientVia(t.app, owner);
    const project = await createProjectVia(t.app, owner);
    const member = (who: SignedIn, permission: 'view' | 'edit') => ({
      project_id: project,
      user_id: who.user._id,
      permission,
      role: 'Mixer',
      created_at: nowIso(),
    });
    await t.app.ctx.db
      .insertInto('project_collaborators')
      .values([member(editor, 'edit'), member(viewer, 'view')])
      .execute();
    expect((await link(ownersClient._id, project)).statusCode).toBe(200);
    const projectRow = () =>
      t.app.ctx.db.selectFrom('projects').selectAll().where('id', '=', project).executeTakeFirstOrThrow();
    const before = await projectRow();
    for (const who of [editor, viewer]) {
      const theirs = await createClientVia(t.app, who);
      for (const res of [await link(theirs._id, project, who), await unlink(theirs._id, project, who)]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('Only the project owner can do this.');
      }
      const linked = await call('GET', `/api/clients/${theirs._id}`, who);
      expect(linked.json().data.client.linkedProjects.total).toBe(0);
    }
    expect(await projectRow()).toEqual(before);
    expect((await getClient(ownersClient._id)).linkedProjects.total).toBe(1);

    const other = await createClientVia(t.app, owner);
    expect((await link(other._id, project)).statusCode).toBe(200);
    expect(await clientIdOfProject(t.app.ctx.db, project)).toBe(other._id);
  });

  it('unlinking a project that is not linked to the client is a 404', async () => {
    const client = await createClientVia(t.app, owner);
    const project = await createProjectVia(t.app, owner);
    expect((await unlink(client._id, project)).statusCode).toBe(404);
    expect((await link(client._id, 'not-a-project')).statusCode).toBe(404);
  });
});

describe('account data and demo samples', () => {
  it("exports the user's clients and deletes them with the account data", async () => {
    const me = await registerUser(t.app);
    const client = await createClientVia(t.app, me, { name: 'Exported' });
    const handler = t.app.ctx.userData.find((h) => h.area === 'clients')!;
    const exported = await handler.exportData(t.app.ctx, me.user._id);
    expect(exported.data).toEqual([expect.objectContaining({ _id: client._id, name: 'Exported' })]);
    await handler.deleteData(t.app.ctx, me.user._id);
    expect((await listVia(t.app, me)).clients).toEqual([]);
    expect((await listVia(t.app, owner)).clients.length).toBeGreaterThan(0);
  });

  it('seeds a realistic demo network that passes every rule', async () => {
    const demo = await registerUser(t.app);
    await createProjectVia(t.app, demo, { title: 'Demo Project', status: 'mixing' });
    await seedClients(t.app.ctx, demo.user._id);
    const list = await listVia(t.app, demo);
    expect(list.summary.total).toBe(8);
    expect(new Set(list.clients.map((c) => c.status)).size).toBe(5);
    expect(list.clients.reduce((n, c) => n + (c.linkedProjects as { total: number }).total, 0)).toBe(1);
  });
});
