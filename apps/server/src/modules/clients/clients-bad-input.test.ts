import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  registerUser,
  type SignedIn,
  type TestApp,
  uniqueEmail,
} from '../../../test/helper.ts';
import { clientBody, clientsSnapshot, createClientVia } from './clients-testing.ts';

let t: TestApp;
let owner: SignedIn;
let existing: { _id: string; email: string };
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Owner' });
  existing = await createClientVia(t.app, owner, { name: 'Existing' });
});
afterAll(async () => {
  await t.close();
});

type Res = { statusCode: number; json: () => { success: boolean; message: string; error: { code: string } } };

function expectClearError(res: Res, status = 400) {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(body.success).toBe(false);
  expect(body.message.length).toBeGreaterThan(3);
  expect(body.message).not.toMatch(/sql|constraint|stack|undefined/i);
  expect(typeof body.error.code).toBe('string');
}

const longList = Array.from({ length: 51 }, (_, i) => `Item ${i}`);

// Each: a label, the fields that make the body bad, and the field the first error must name.
const BAD_FIELDS: Array<[string, Record<string, unknown>, string]> = [
  ['a missing name', { name: undefined }, 'name'],
  ['a blank name', { name: '   ' }, 'name'],
  ['a name of 201 characters', { name: 'n'.repeat(201) }, 'name'],
  ['a name that is a number', { name: 42 }, 'name'],
  ['a missing email', { email: undefined }, 'email'],
  ['a malformed email', { email: 'not-an-email' }, 'email'],
  ['an email with two @', { email: 'a@@b.com' }, 'email'],
  ['a role outside SPEC §3', { role: 'admin' }, 'role'],
  ['a type outside SPEC §3', { type: 'company' }, 'type'],
  ['a status outside SPEC §3', { status: 'archived' }, 'status'],
  ['an upper-case enum value', { status: 'Active' }, 'status'],
  ['a contact method outside the list', { preferredContactMethod: 'fax' }, 'preferredContactMethod'],
  ['budget min above max', { budget: { min: 5000, max: 1000, currency: 'USD' } }, 'budget.min'],
  ['a negative budget', { budget: { min: -1, max: 10, currency: 'USD' } }, 'budget.min'],
  ['currency DOLLARS', { budget: { min: 1, max: 10, currency: 'DOLLARS' } }, 'budget.currency'],
  ['an unknown three-letter currency', { budget: { min: 1, max: 10, currency: 'ZZZ' } }, 'budget.currency'],
  ['a budget with an unknown key', { budget: { min: 1, max: 10, amount: 5 } }, 'budget'],
  ['a budget that is a number', { budget: 5000 }, 'budget'],
  ['revenue -1', { totalRevenue: -1 }, 'totalRevenue'],
  ["revenue 'abc'", { totalRevenue: 'abc' }, 'totalRevenue'],
  ['revenue as a numeric string', { totalRevenue: '100' }, 'totalRevenue'],
  ['revenue with fractions of a cent', { totalRevenue: 10.005 }, 'totalRevenue'],
  ['revenue beyond the maximum', { totalRevenue: 1e12 }, 'totalRevenue'],
  ['a negative count', { totalProjects: -1 }, 'totalProjects'],
  ['a fractional count', { activeProjects: 1.5 }, 'activeProjects'],
  ['more active than total', { totalProjects: 1, activeProjects: 2 }, 'totalProjects'],
  ['51 genres', { genres: longList }, 'genres'],
  ['51 preferred studios', { preferredStudios: longList }, 'preferredStudios'],
  ['51 equipment items', { equipment: longList }, 'equipment'],
  ['51 previous works', { previousWork: longList }, 'previousWork'],
  ['a genre of 201 characters', { genres: ['g'.repeat(201)] }, 'genres.0'],
  ['a list of numbers', { genres: [1, 2] }, 'genres.0'],
  ['genres as a string', { genres: 'Jazz' }, 'genres'],
  ['an unknown time zone', { timezone: 'Mars/Olympus' }, 'timezone'],
  ['an offset instead of a time zone', { timezone: '+05:00' }, 'timezone'],
  ['an impossible date', { lastProjectDate: '2025-02-30' }, 'lastProjectDate'],
  ['a date in another format', { lastProjectDate: '14/09/2025' }, 'lastProjectDate'],
  ['a phone with letters', { phone: 'call me maybe' }, 'phone'],
  ['notes of 5,001 characters', { notes: 'x'.repeat(5001) }, 'notes'],
  ['an unknown field', { owner_id: 'someone-else' }, ''],
];

describe('bad input on create: a clear 400 and nothing stored', () => {
  it.each(BAD_FIELDS)('%s', async (_label, patch, path) => {
    const before = await clientsSnapshot(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: bearer(owner.token),
      payload: clientBody(patch),
    });
    expectClearError(res);
    const details = (res.json() as { error: { details?: Array<{ path: string }> } }).error.details ?? [];
    expect(details.map((d) => d.path)).toContain(path);
    expect(await clientsSnapshot(t.app)).toEqual(before);
  });

  it('revenue 1e309 (Infinity once parsed) is a 400', async () => {
    const before = await clientsSnapshot(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: { ...bearer(owner.token), 'content-type': 'application/json' },
      payload: `{"name":"Big","email":"${uniqueEmail()}","totalRevenue":1e309}`,
    });
    expectClearError(res);
    expect(await clientsSnapshot(t.app)).toEqual(before);
  });

  it.each([
    ['malformed JSON', '{"name": "x",', 'application/json', 400],
    ['an array body', '[]', 'application/json', 400],
    ['a text body', 'name=x', 'text/plain', 415],
  ])('%s is refused', async (_label, payload, type, status) => {
    const before = await clientsSnapshot(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: { ...bearer(owner.token), 'content-type': type },
      payload,
    });
    expectClearError(res, status);
    expect(await clientsSnapshot(t.app)).toEqual(before);
  });
});

describe('bad input on update: a clear 4xx and the client unchanged', () => {
  it.each(BAD_FIELDS.filter(([, patch]) => !Object.values(patch).includes(undefined)))(
    '%s',
    async (_label, patch) => {
      const before = await clientsSnapshot(t.app);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/clients/${existing._id}`,
        headers: bearer(owner.token),
        payload: patch,
      });
      expectClearError(res);
      expect(await clientsSnapshot(t.app)).toEqual(before);
    },
  );

  it.each([
    ['an empty body', {}],
    ['a null name', { name: null }],
    ['a null email', { email: null }],
  ])('%s is a 400', async (_label, payload) => {
    const before = await clientsSnapshot(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/clients/${existing._id}`,
      headers: bearer(owner.token),
      payload,
    });
    expectClearError(res);
    expect(await clientsSnapshot(t.app)).toEqual(before);
  });
});

describe('bad list queries: a clear 400', () => {
  it.each([
    ['a 10,000-character search', `search=${'a'.repeat(10_000)}`],
    ['a 201-character search', `search=${'a'.repeat(201)}`],
    ['a role outside SPEC §3', 'role=admin'],
    ['a type outside SPEC §3', 'type=company'],
    ['a status outside SPEC §3', 'status=archived'],
    ['page 0', 'page=0'],
    ['page abc', 'page=abc'],
    ['a fractional page', 'page=1.5'],
    ['limit 0', 'limit=0'],
    ['limit 1000', 'limit=1000'],
    ['a search given twice', 'search=a&search=b'],
  ])('%s', async (_label, query) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/clients?${query}`,
      headers: bearer(owner.token),
    });
    expectClearError(res);
  });
});

describe('at exactly their caps', () => {
  it('a page of 100 and a 200-character search are answered; a page of 101 is refused with the cap', async () => {
    const list = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/clients?${query}`, headers: bearer(owner.token) });
    const full = await list('limit=100');
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().data.pagination.limit).toBe(100);
    const longest = await list(`search=${'a'.repeat(200)}`);
    expect(longest.statusCode, longest.body).toBe(200);
    expect(longest.json().data.clients).toEqual([]);
    const over = await list('limit=101');
    expectClearError(over);
    expect(over.json().message).toBe('Limit must be at most 100');
  });

  it('a 200-character name is stored whole', async () => {
    const client = await createClientVia(t.app, owner, { name: 'N'.repeat(200) });
    expect(client.name).toBe('N'.repeat(200));
  });
});
