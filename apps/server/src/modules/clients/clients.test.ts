import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  cookieHeader,
  createTestApp,
  registerUser,
  type SignedIn,
  type TestApp,
  uniqueEmail,
} from '../../../test/helper.ts';
import { clientsSnapshot, createClientVia, listVia } from './clients-testing.ts';
import { DUPLICATE_EMAIL } from './service.ts';

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

const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who?: SignedIn,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url,
    headers: who ? bearer(who.token) : {},
    ...(payload === undefined ? {} : { payload }),
  });

describe('authorization matrix', () => {
  it('every endpoint refuses an anonymous caller with 401 and changes nothing', async () => {
    const client = await createClientVia(t.app, owner);
    const before = await clientsSnapshot(t.app);
    const calls = [
      inject('GET', '/api/clients'),
      inject('POST', '/api/clients', undefined, { name: 'X', email: uniqueEmail() }),
      inject('GET', `/api/clients/${client._id}`),
      inject('PUT', `/api/clients/${client._id}`, undefined, { name: 'Hijacked' }),
      inject('DELETE', `/api/clients/${client._id}`),
      inject('GET', `/api/clients/${client._id}/projects`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, message: 'Access token required' });
    }
    expect(await clientsSnapshot(t.app)).toEqual(before);
  });

  it("a stranger gets 404 for the owner's client on every by-id endpoint and changes nothing", async () => {
    const client = await createClientVia(t.app, owner, { name: 'Private Client' });
    const before = await clientsSnapshot(t.app);
    const calls = [
      inject('GET', `/api/clients/${client._id}`, stranger),
      inject('PUT', `/api/clients/${client._id}`, stranger, { name: 'Hijacked' }),
      inject('DELETE', `/api/clients/${client._id}`, stranger),
      inject('GET', `/api/clients/${client._id}/projects`, stranger),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: 'Client not found' });
    }
    expect(await clientsSnapshot(t.app)).toEqual(before);
  });

  it("a stranger's list holds only their own network", async () => {
    await createClientVia(t.app, owner, { name: 'Owner Only' });
    const mine = await createClientVia(t.app, stranger, { name: 'Stranger Own' });
    const list = await listVia(t.app, stranger);
    expect(list.clients.map((c) => c._id)).toEqual([mine._id]);
    expect(list.summary.total).toBe(1);
  });

  it('the owner can read, change and delete their client', async () => {
    const client = await createClientVia(t.app, owner);
    expect((await inject('GET', `/api/clients/${client._id}`, owner)).statusCode).toBe(200);
    expect((await inject('PUT', `/api/clients/${client._id}`, owner, { name: 'Renamed' })).statusCode).toBe(
      200,
    );
    expect((await inject('GET', `/api/clients/${client._id}/projects`, owner)).statusCode).toBe(200);
    expect((await inject('DELETE', `/api/clients/${client._id}`, owner)).statusCode).toBe(200);
  });

  it('a cookie-authenticated write without the CSRF token is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: { cookie: cookieHeader(owner.cookies) },
      payload: { name: 'Via Cookie', email: uniqueEmail() },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('create and read', () => {
  it('stores and returns the full client record, with trimmed name and normalised email', async () => {
    const body = {
      name: '  Maya Chen  ',
      email: '  Maya.Chen@Example.COM ',
      phone: '+1 (323) 555-0142',
      company: 'Chen Music',
      role: 'label_executive',
      type: 'label',
      status: 'active',
      location: 'Los Angeles, CA, USA',
      genres: ['Indie Pop', 'R&B', 'indie pop'],
      budget: { min: 1000.5, max: 5000, currency: 'eur' },
      preferredStudios: ['Sunset Sound'],
      equipment: ['Neumann U87'],
      previousWork: ['Paper Lanterns (EP)'],
      totalProjects: 4,
      activeProjects: 1,
      completedProjects: 3,
      totalRevenue: 1234567.89,
      lastProjectDate: '2025-09-14',
      preferredContactMethod: 'phone',
      timezone: 'US/Eastern',
      notes: 'Prefers evening sessions.',
    };
    const res = await inject('POST', '/api/clients', owner, body);
    expect(res.statusCode).toBe(201);
    const created = res.json().data.client;
    expect(created).toMatchObject({
      name: 'Maya Chen',
      email: 'maya.chen@example.com',
      genres: ['Indie Pop', 'R&B'],
      budget: { min: 1000.5, max: 5000, currency: 'EUR' },
      totalRevenue: 1234567.89,
      timezone: 'America/New_York',
      linkedProjects: { total: 0, active: 0, completed: 0 },
    });
    const fetched = (await inject('GET', `/api/clients/${created._id}`, owner)).json();
    expect(fetched).toEqual({ success: true, message: 'Client', data: { client: created } });
    const row = await t.app.ctx.db
      .selectFrom('clients')
      .select(['revenue_cents', 'budget_min_cents'])
      .where('id', '=', created._id)
      .executeTakeFirstOrThrow();
    expect(Number(row.revenue_cents)).toBe(123456789);
    expect(Number(row.budget_min_cents)).toBe(100050);
  });

  it('fills the defaults: artist, individual, potential, no budget, zero counts', async () => {
    const client = await createClientVia(t.app, owner, { phone: '', company: null });
    expect(client).toMatchObject({
      role: 'artist',
      type: 'individual',
      status: 'potential',
      phone: null,
      company: null,
      budget: null,
      genres: [],
      totalProjects: 0,
      activeProjects: 0,
      completedProjects: 0,
      totalRevenue: 0,
      timezone: null,
    });
  });

  it('a budget without a currency is in USD; UTC is a valid time zone', async () => {
    const client = await createClientVia(t.app, owner, { budget: { min: 0, max: 0 }, timezone: 'UTC' });
    expect(client.budget).toEqual({ min: 0, max: 0, currency: 'USD' });
    expect(client.timezone).toBe('UTC');
  });

  it('a second client with the same email (any case) in one network is a 409 and is not stored', async () => {
    const email = uniqueEmail('dup');
    await createClientVia(t.app, owner, { email });
    const before = await clientsSnapshot(t.app);
    const res = await inject('POST', '/api/clients', owner, { name: 'Again', email: email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      message: DUPLICATE_EMAIL,
      error: { code: 'CONFLICT' },
    });
    expect(await clientsSnapshot(t.app)).toEqual(before);
  });

  it('the same email may be a client in two different networks', async () => {
    const email = uniqueEmail('shared');
    await createClientVia(t.app, owner, { email });
    await expect(createClientVia(t.app, stranger, { email })).resolves.toMatchObject({ email });
  });
});

describe('update', () => {
  it('changes only the fields sent and returns the updated client', async () => {
    const client = await createClientVia(t.app, owner, { company: 'Old Co', genres: ['Jazz'] });
    const res = await inject('PUT', `/api/clients/${client._id}`, owner, {
      status: 'on_hold',
      company: '',
      budget: { min: 10, max: 20, currency: 'GBP' },
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json().data.client;
    expect(updated).toMatchObject({
      _id: client._id,
      name: client.name,
      email: client.email,
      status: 'on_hold',
      company: null,
      genres: ['Jazz'],
      budget: { min: 10, max: 20, currency: 'GBP' },
    });
    expect(updated.updatedAt >= (client.updatedAt as string)).toBe(true);
    expect((await inject('GET', `/api/clients/${client._id}`, owner)).json().data.client).toEqual(updated);
  });

  it('null clears the budget', async () => {
    const client = await createClientVia(t.app, owner, { budget: { min: 1, max: 2 } });
    const res = await inject('PUT', `/api/clients/${client._id}`, owner, { budget: null });
    expect(res.json().data.client.budget).toBeNull();
  });

  it("taking another client's email is a 409; keeping one's own email is fine", async () => {
    const a = await createClientVia(t.app, owner);
    const b = await createClientVia(t.app, owner);
    const clash = await inject('PUT', `/api/clients/${b._id}`, owner, { email: a.email });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(DUPLICATE_EMAIL);
    const same = await inject('PUT', `/api/clients/${b._id}`, owner, { email: b.email, name: 'Kept' });
    expect(same.statusCode).toBe(200);
  });

  it('checks counts against what is stored: active plus completed never exceed the total', async () => {
    const client = await createClientVia(t.app, owner, { totalProjects: 3, activeProjects: 1 });
    const bad = await inject('PUT', `/api/clients/${client._id}`, owner, { completedProjects: 3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].path).toBe('totalProjects');
    const ok = await inject('PUT', `/api/clients/${client._id}`, owner, { completedProjects: 2 });
    expect(ok.json().data.client).toMatchObject({
      totalProjects: 3,
      activeProjects: 1,
      completedProjects: 2,
    });
  });
});

describe('delete', () => {
  it('removes the client, lowers the count, and a second delete is a 404', async () => {
    const client = await createClientVia(t.app, owner);
    const before = (await listVia(t.app, owner)).summary.total;
    const res = await inject('DELETE', `/api/clients/${client._id}`, owner);
    expect(res.json()).toEqual({ success: true, message: 'Client deleted' });
    expect((await listVia(t.app, owner)).summary.total).toBe(before - 1);
    expect((await inject('GET', `/api/clients/${client._id}`, owner)).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/clients/${client._id}`, owner)).statusCode).toBe(404);
  });

  it('an unknown or malformed id is a 404', async () => {
    for (const id of ['0192f0c4-0000-7000-8000-000000000000', 'not-an-id', '%27%20or%201%3D1'])
      expect((await inject('DELETE', `/api/clients/${id}`, owner)).statusCode).toBe(404);
  });
});
