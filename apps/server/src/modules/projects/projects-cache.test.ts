// The list's response cache is never stale: every change a list shows, made by any area or any app instance,
// bumps the list version of everyone who sees it, in the same transaction.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { addMember } from '../../../test/invitations.ts';
import { buildApp } from '../../app.ts';
import { type Database, openPostgres, openSqlite } from '../../db/database.ts';
import { touchProject } from './access.ts';
import { listVersion } from './list-cache.ts';

let t: TestApp;
let other: { app: FastifyInstance; database: Database };
let owner: SignedIn;
let guest: SignedIn;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp();
  // A second app instance on the same database, with its own cache (the scaled-out shape).
  const c = t.config.database;
  const database = c.kind === 'sqlite' ? openSqlite(c.file) : openPostgres(c.url, c.schema);
  other = { app: await buildApp(t.config, { database }), database };
  owner = await registerUser(t.app, { name: 'Olive' });
  guest = await registerUser(t.app, { name: 'Gus' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(owner.token),
    payload: { title: 'Cached' },
  });
  projectId = res.json().data.project._id;
});
afterAll(async () => {
  await other.app.close();
  await t.close();
});

type Listed = {
  _id: string;
  title: string;
  trackCount: number;
  access: string;
  owner: { name: string };
  collaborators: { user: { name: string }; permission: string }[];
};
async function listed(who: SignedIn, app: FastifyInstance = t.app): Promise<Listed[]> {
  const res = await app.inject({ url: '/api/projects', headers: bearer(who.token) });
  expect(res.statusCode).toBe(200);
  return res.json().data.projects;
}
const mine = async (who: SignedIn, app?: FastifyInstance) =>
  (await listed(who, app)).find((p) => p._id === projectId);

describe('the cached list follows every change', () => {
  it('answers the same bytes while nothing changes, under an unchanged version', async () => {
    const first = await t.app.inject({ url: '/api/projects', headers: bearer(owner.token) });
    const version = await listVersion(t.app.ctx.db, owner.user._id);
    const second = await t.app.inject({ url: '/api/projects', headers: bearer(owner.token) });
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(await listVersion(t.app.ctx.db, owner.user._id)).toBe(version);
  });

  it('a new project appears', async () => {
    await listed(owner);
    await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(owner.token),
      payload: { title: 'New' },
    });
    expect((await listed(owner)).map((p) => p.title)).toContain('New');
  });

  it('a counter changed by another area (media) shows at once', async () => {
    expect((await mine(owner))?.trackCount).toBe(0);
    await t.app.ctx.db.updateTable('projects').set({ track_count: 3 }).where('id', '=', projectId).execute();
    expect((await mine(owner))?.trackCount).toBe(3);
  });

  it('touchProject moves the project to the top', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(owner.token),
      payload: { title: 'Newest' },
    });
    expect((await listed(owner))[0]?.title).toBe('Newest');
    await touchProject(t.app.ctx.db, projectId);
    expect((await listed(owner))[0]?._id).toBe(projectId);
  });

  it('a collaborator sees the project once added, and the owner sees them on it', async () => {
    expect(await mine(guest)).toBeUndefined();
    await addMember(t.app, owner.token, projectId, guest, { permission: 'view' });
    expect((await mine(guest))?.access).toBe('view');
    expect((await mine(owner))?.collaborators.map((c) => c.user.name)).toEqual(['Gus']);
  });

  it('a changed permission shows in the collaborator’s list', async () => {
    await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${projectId}/collaborators/${guest.user._id}`,
      headers: bearer(owner.token),
      payload: { permission: 'edit' },
    });
    expect((await mine(guest))?.access).toBe('edit');
  });

  it('an edit by a collaborator shows in the owner’s list', async () => {
    await mine(owner);
    await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${projectId}`,
      headers: bearer(guest.token),
      payload: { title: 'Cached (edited)' },
    });
    expect((await mine(owner))?.title).toBe('Cached (edited)');
  });

  it('a renamed user shows under their new name in the lists of the people they share with', async () => {
    await t.app.ctx.db
      .updateTable('users')
      .set({ name: 'Olive Renamed' })
      .where('id', '=', owner.user._id)
      .execute();
    await t.app.ctx.db
      .updateTable('users')
      .set({ name: 'Gus Renamed' })
      .where('id', '=', guest.user._id)
      .execute();
    expect((await mine(guest))?.owner.name).toBe('Olive Renamed');
    expect((await mine(owner))?.collaborators[0]?.user.name).toBe('Gus Renamed');
  });

  it('a change made through another app instance is seen at once, both ways', async () => {
    await mine(owner, other.app);
    await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${projectId}`,
      headers: bearer(owner.token),
      payload: { status: 'mastering' },
    });
    const res = await other.app.inject({
      url: `/api/projects?status=mastering`,
      headers: bearer(owner.token),
    });
    expect(res.json().data.projects.map((p: { _id: string }) => p._id)).toEqual([projectId]);
    await other.app.inject({
      method: 'PUT',
      url: `/api/projects/${projectId}`,
      headers: bearer(owner.token),
      payload: { title: 'From instance two' },
    });
    expect((await mine(owner))?.title).toBe('From instance two');
  });

  it('a removed collaborator loses the project, and a deleted project leaves every list', async () => {
    await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${projectId}/collaborators/${guest.user._id}`,
      headers: bearer(owner.token),
    });
    expect(await mine(guest)).toBeUndefined();
    expect((await mine(owner))?.collaborators).toEqual([]);
    await t.app.inject({ method: 'DELETE', url: `/api/projects/${projectId}`, headers: bearer(owner.token) });
    expect(await mine(owner)).toBeUndefined();
  });
});
