// The list's responses are cached per app instance under the network's version in the database: these
// tests change the network in every way there is and check that no list ever comes back stale.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import {
  createClientVia,
  createProjectVia,
  listVia,
  nextMillisecond,
  setProjectStatusVia,
} from './clients-testing.ts';

let t: TestApp;
let other: FastifyInstance;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  // A second app instance with its own connection to the same database, as when scaled out.
  other = await buildApp(t.config, { database: await openDatabase(t.config) });
  owner = await registerUser(t.app);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const call = (
  app: FastifyInstance,
  method: 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) => app.inject({ method, url, headers: bearer(owner.token), ...(payload ? { payload } : {}) });

describe('a cached list is never stale', () => {
  it('shows a client created, changed or deleted on another instance at once', async () => {
    const first = await createClientVia(t.app, owner, { name: 'First' });
    nextMillisecond();
    expect((await listVia(t.app, owner)).clients.map((c) => c.name)).toEqual(['First']);
    const second = await createClientVia(other, owner, { name: 'Second', status: 'active' });
    const afterCreate = await listVia(t.app, owner);
    expect(afterCreate.clients.map((c) => c.name)).toEqual(['Second', 'First']);
    expect(afterCreate.summary).toMatchObject({ total: 2, active: 1, potential: 1 });

    await call(other, 'PUT', `/api/clients/${first._id}`, { name: 'Renamed', totalRevenue: 12.5 });
    const afterUpdate = await listVia(t.app, owner);
    expect(afterUpdate.clients.map((c) => c.name)).toEqual(['Second', 'Renamed']);
    expect(afterUpdate.summary.totalRevenue).toBe(12.5);

    await call(other, 'DELETE', `/api/clients/${second._id}`);
    expect((await listVia(t.app, owner)).clients.map((c) => c.name)).toEqual(['Renamed']);
  });

  it("follows a linked project's status, unlinking and deletion made through the projects area", async () => {
    const client = await createClientVia(t.app, owner, { name: 'Linked' });
    const project = await createProjectVia(t.app, owner, { status: 'mixing' });
    const countsOf = async () => {
      const list = await listVia(t.app, owner, 'search=linked');
      return { client: list.clients[0]!, completed: list.summary.completedProjects };
    };
    const before = await countsOf();
    await call(other, 'PUT', `/api/clients/${client._id}/projects/${project}`);
    expect((await countsOf()).client).toMatchObject({ totalProjects: 1, activeProjects: 1 });

    await setProjectStatusVia(other, owner, project, 'released');
    const released = await countsOf();
    expect(released.client).toMatchObject({ activeProjects: 0, completedProjects: 1 });
    expect(released.completed).toBe(before.completed + 1);

    await call(other, 'DELETE', `/api/clients/${client._id}/projects/${project}`);
    expect((await countsOf()).client).toMatchObject({ totalProjects: 0, completedProjects: 0 });

    await call(other, 'PUT', `/api/clients/${client._id}/projects/${project}`);
    expect((await countsOf()).client.totalProjects).toBe(1);
    expect((await call(other, 'DELETE', `/api/projects/${project}`)).statusCode).toBe(200);
    const gone = await countsOf();
    expect(gone.client.totalProjects).toBe(0);
    expect(gone.completed).toBe(before.completed);
  });

  it('keeps pages, searches and filters apart', async () => {
    const me = await registerUser(t.app);
    await createClientVia(t.app, me, { name: 'Alpha', status: 'active' });
    nextMillisecond();
    await createClientVia(t.app, me, { name: 'Beta', status: 'inactive' });
    expect((await listVia(t.app, me, 'status=active')).clients.map((c) => c.name)).toEqual(['Alpha']);
    expect((await listVia(t.app, me, 'status=inactive')).clients.map((c) => c.name)).toEqual(['Beta']);
    expect((await listVia(t.app, me, 'search=alp')).clients.map((c) => c.name)).toEqual(['Alpha']);
    expect((await listVia(t.app, me, 'limit=1&page=2')).clients.map((c) => c.name)).toEqual(['Alpha']);
    expect((await listVia(t.app, owner, 'search=alp')).clients).toEqual([]);
  });
});
