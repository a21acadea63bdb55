import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { createClientVia, listVia, nextMillisecond } from './clients-testing.ts';

let t: TestApp;
let owner: SignedIn;
const names: Record<string, string> = {};

// A small network with every filter dimension represented (created oldest to newest).
const NETWORK = [
  {
    name: 'Maya Chen',
    email: 'maya@chenmusic.com',
    company: 'Chen Music',
    role: 'artist',
    type: 'individual',
    status: 'active',
    completedProjects: 2,
    totalProjects: 3,
    totalRevenue: 0.1,
  },
  {
    name: 'Velvet Hours',
    email: 'band@velvet.example',
    company: null,
    role: 'artist',
    type: 'band',
    status: 'potential',
    totalRevenue: 0.2,
  },
  {
    name: 'Jonas Berg',
    email: 'jonas@northline.se',
    company: 'Northline Records',
    role: 'a_and_r',
    type: 'label',
    status: 'active',
    completedProjects: 5,
    totalProjects: 5,
    totalRevenue: 1200000,
  },
  {
    name: 'Dara Okafor',
    email: 'dara@brightside.example',
    company: 'Brightside 100%_Mgmt',
    role: 'manager',
    type: 'management_company',
    status: 'on_hold',
    totalRevenue: 999.99,
  },
  {
    name: 'Priya Raman',
    email: 'priya@aria-sync.co.uk',
    company: 'Aria Sync',
    role: 'sync_supervisor',
    type: 'brand',
    status: 'completed',
    completedProjects: 1,
    totalProjects: 1,
  },
];

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Network Owner' });
  for (const c of NETWORK) {
    names[c.name] = (await createClientVia(t.app, owner, c))._id;
    nextMillisecond();
  }
});
afterAll(async () => {
  await t.close();
});

const namesOf = (list: Awaited<ReturnType<typeof listVia>>) => list.clients.map((c) => c.name);

describe('listing', () => {
  it('lists the network newest first with pagination figures', async () => {
    const list = await listVia(t.app, owner);
    expect(namesOf(list)).toEqual(NETWORK.map((c) => c.name).reverse());
    expect(list.pagination).toEqual({ currentPage: 1, totalPages: 1, limit: 12, totalClients: 5 });
  });

  it('pages through the network without gaps or repeats', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const list = await listVia(t.app, owner, `page=${page}&limit=2`);
      expect(list.pagination).toMatchObject({ currentPage: page, totalPages: 3, totalClients: 5 });
      seen.push(...namesOf(list));
    }
    expect(seen).toEqual(NETWORK.map((c) => c.name).reverse());
    expect(namesOf(await listVia(t.app, owner, 'page=9&limit=2'))).toEqual([]);
  });

  it('summarises the whole network, not the page or the filters', async () => {
    const expected = {
      total: 5,
      active: 2,
      potential: 1,
      completedProjects: 8,
      // 0.1 + 0.2 + 1,200,000 + 999.99, summed in cents: exact.
      totalRevenue: 1201000.29,
    };
    expect((await listVia(t.app, owner, 'limit=1')).summary).toEqual(expected);
    expect((await listVia(t.app, owner, 'status=inactive')).summary).toEqual(expected);
  });

  it('an empty network lists nothing and sums to zero', async () => {
    const newcomer = await registerUser(t.app);
    const list = await listVia(t.app, newcomer);
    expect(list.clients).toEqual([]);
    expect(list.pagination).toMatchObject({ totalClients: 0, totalPages: 1 });
    expect(list.summary).toEqual({
      total: 0,
      active: 0,
      potential: 0,
      completedProjects: 0,
      totalRevenue: 0,
    });
  });
});

describe('search and filters', () => {
  it.each([
    ['the name, in any case', 'mAyA', ['Maya Chen']],
    ['the email', 'northline.se', ['Jonas Berg']],
    ['the company', 'aria sync', ['Priya Raman']],
    [
      'a part shared by several',
      'a',
      ['Priya Raman', 'Dara Okafor', 'Jonas Berg', 'Velvet Hours', 'Maya Chen'],
    ],
    ['% and _ literally', '100%_', ['Dara Okafor']],
    ['a wildcard as text only', '%', ['Dara Okafor']],
    ['nothing', 'zzz', []],
  ])('search matches %s', async (_label, term, expected) => {
    expect(namesOf(await listVia(t.app, owner, `search=${encodeURIComponent(term)}`))).toEqual(expected);
  });

  it.each([
    ['role=artist', ['Velvet Hours', 'Maya Chen']],
    ['role=a_and_r', ['Jonas Berg']],
    ['type=band', ['Velvet Hours']],
    ['type=management_company', ['Dara Okafor']],
    ['status=active', ['Jonas Berg', 'Maya Chen']],
    ['status=inactive', []],
  ])('filter %s alone', async (query, expected) => {
    expect(namesOf(await listVia(t.app, owner, query))).toEqual(expected);
  });

  it.each([
    ['role=artist&status=active', ['Maya Chen']],
    ['role=artist&type=band', ['Velvet Hours']],
    ['role=artist&type=band&status=active', []],
    ['search=chen&role=artist&type=individual&status=active', ['Maya Chen']],
    ['search=example&status=on_hold', ['Dara Okafor']],
  ])('filters combine: %s', async (query, expected) => {
    const list = await listVia(t.app, owner, query);
    expect(namesOf(list)).toEqual(expected);
    expect(list.pagination.totalClients).toBe(expected.length);
  });

  it('finds an edited client by its new name, email and company, and no longer by the old ones', async () => {
    const other = await registerUser(t.app, { name: 'Second Network' });
    const client = await createClientVia(t.app, other, {
      name: 'Amber Vale',
      email: 'amber@oldlabel.example',
      company: 'Oldlabel',
    });
    const findable = async (terms: string[]) =>
      Object.fromEntries(
        await Promise.all(
          terms.map(async (term) => [
            term,
            (await listVia(t.app, other, `search=${encodeURIComponent(term)}`)).clients.some(
              (c) => c._id === client._id,
            ),
          ]),
        ),
      );
    const edit = async (payload: object) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/clients/${client._id}`,
        headers: bearer(other.token),
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const ALL = ['amber', 'cobalt', 'oldlabel', 'newlabel', 'teal'];
    await edit({ name: 'Cobalt Vale' });
    expect(await findable(ALL)).toEqual({
      amber: true, // still in the email
      cobalt: true,
      oldlabel: true,
      newlabel: false,
      teal: false,
    });
    await edit({ email: 'cobalt@newlabel.example' });
    expect(await findable(ALL)).toEqual({
      amber: false,
      cobalt: true,
      oldlabel: true, // still the company
      newlabel: true,
      teal: false,
    });
    await edit({ company: 'Teal Records' });
    expect(await findable(ALL)).toEqual({
      amber: false,
      cobalt: true,
      oldlabel: false,
      newlabel: true,
      teal: true,
    });
    // A change that touches none of them keeps them.
    await edit({ status: 'active', notes: 'amber oldlabel' });
    expect(await findable(['cobalt', 'newlabel', 'teal', 'amber'])).toEqual({
      cobalt: true,
      newlabel: true,
      teal: true,
      amber: false,
    });
  });

  it('blank filters are no filters', async () => {
    expect((await listVia(t.app, owner, 'search=&role=&type=&status=')).clients).toHaveLength(5);
  });
});
