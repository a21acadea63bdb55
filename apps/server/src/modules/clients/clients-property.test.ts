// Property-based bad input: whatever the body or query, create, update and list answer with a success or
// a clear 4xx JSON error, never a 5xx, and a refused write changes nothing.

import { ClientListDataSchema, ClientSchema } from '@mixdesk/contract/client-responses';
import { CLIENT_ROLES, CLIENT_STATUSES, CLIENT_TYPES } from '@mixdesk/contract/clients';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maybe, money } from '../../../test/arbitraries.ts';
import {
  bearer,
  createTestApp,
  RAISED_RATE_LIMITS,
  registerUser,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';
import { createClientVia } from './clients-testing.ts';

const RUNS = 1000;

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp(RAISED_RATE_LIMITS);
  owner = await registerUser(t.app, { name: 'Property Owner' });
});
afterAll(async () => {
  await t.close();
});

const count = fc.oneof(fc.integer({ min: -2, max: 12 }), fc.double(), fc.constant(100_001));
const shortText = (max: number) =>
  fc.oneof(fc.string({ maxLength: max }), fc.constant(''), fc.constant('  '));
const list = fc.array(fc.oneof(fc.string({ maxLength: 30 }), fc.string({ minLength: 199, maxLength: 202 })), {
  maxLength: 53,
});

const fields = {
  name: maybe(fc.oneof(fc.string({ maxLength: 30 }), fc.string({ minLength: 195, maxLength: 205 }))),
  email: maybe(fc.oneof(fc.emailAddress(), fc.string({ maxLength: 30 }), fc.constant('a@b.co'))),
  phone: maybe(fc.oneof(fc.stringMatching(/^\+?[0-9 ()-]{3,20}$/), shortText(45))),
  company: maybe(shortText(210)),
  role: maybe(fc.constantFrom(...CLIENT_ROLES, 'admin', 'Artist')),
  type: maybe(fc.constantFrom(...CLIENT_TYPES, 'company')),
  status: maybe(fc.constantFrom(...CLIENT_STATUSES, 'archived')),
  location: maybe(shortText(210)),
  genres: maybe(list),
  budget: maybe(
    fc.oneof(
      fc.constant(null),
      fc.record(
        { min: money, max: money, currency: fc.constantFrom('USD', 'eur', 'JPY', 'DOLLARS', 'ZZZ', '') },
        { requiredKeys: ['min', 'max'] },
      ),
    ),
  ),
  preferredStudios: maybe(list),
  equipment: maybe(list),
  previousWork: maybe(list),
  totalProjects: maybe(count),
  activeProjects: maybe(count),
  completedProjects: maybe(count),
  totalRevenue: maybe(money),
  lastProjectDate: maybe(
    fc.oneof(fc.constantFrom('2025-09-14', '2025-02-30', '1899-12-31', ''), fc.string()),
  ),
  preferredContactMethod: maybe(fc.constantFrom('email', 'phone', 'fax', null)),
  timezone: maybe(fc.constantFrom('Europe/Berlin', 'UTC', 'us/eastern', 'Mars/Olympus', '+05:00', '', null)),
  notes: maybe(shortText(40)),
};

/** Bodies that are valid in every field (so successes are exercised too). */
const validBodies = fc.record(
  {
    name: fc.string({ minLength: 1, maxLength: 40 }).filter((v) => v.trim().length > 0),
    email: fc
      .tuple(fc.stringMatching(/^[a-z0-9]{1,16}$/), fc.constantFrom('example.com', 'studio.io'))
      .map(([local, domain]) => `${local}@${domain}`),
    phone: fc.stringMatching(/^\+?[0-9]{3,12}$/),
    company: fc.string({ maxLength: 50 }),
    role: fc.constantFrom(...CLIENT_ROLES),
    type: fc.constantFrom(...CLIENT_TYPES),
    status: fc.constantFrom(...CLIENT_STATUSES),
    genres: fc.array(fc.string({ maxLength: 20 }), { maxLength: 5 }),
    budget: fc
      .tuple(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }))
      .map(([a, b]) => ({ min: Math.min(a, b) / 100, max: Math.max(a, b) / 100, currency: 'EUR' })),
    totalRevenue: fc.integer({ min: 0, max: 100_000_000_000 }).map((cents) => cents / 100),
    lastProjectDate: fc
      .date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
    timezone: fc.constantFrom('Europe/Berlin', 'UTC', 'America/New_York', null),
  },
  { requiredKeys: ['name', 'email'] },
);

type Field = keyof typeof fields;
/** A valid body with one field replaced by anything its generator makes (often hostile). */
const oneBadField = fc
  .tuple(
    validBodies,
    fc
      .constantFrom(...(Object.keys(fields) as Field[]))
      .chain((key) => fields[key].map((v) => [key, v] as const)),
  )
  .map(([body, [key, value]]) => ({ ...body, [key]: value }));

const bodies = fc.oneof(validBodies, oneBadField, fc.record(fields, { requiredKeys: [] }));

const countClients = async () =>
  Number(
    (
      await t.app.ctx.db
        .selectFrom('clients')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const rowOf = (id: string) =>
  t.app.ctx.db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst();

type Res = { statusCode: number; json: () => Record<string, unknown> };
type Shown = Record<'name' | 'email' | 'role' | 'type' | 'status', string>;

/** An accepted body: the fields it sent are kept (names trimmed, emails lower-cased), the rest as they were. */
function expectObeyed(sent: Record<string, unknown>, client: Shown, before: Shown) {
  const given = (key: string) => key in sent && sent[key] !== undefined;
  expect(client.name).toBe(given('name') ? (sent.name as string).trim() : before.name);
  expect(client.email).toBe(given('email') ? (sent.email as string).trim().toLowerCase() : before.email);
  for (const key of ['role', 'type', 'status'] as const)
    expect(client[key]).toBe(given(key) ? sent[key] : before[key]);
}
const DEFAULTS = { role: 'artist', type: 'individual', status: 'potential' };

function expectNoServerError(res: Res, allowed: number[]) {
  expect(allowed).toContain(res.statusCode);
  const body = res.json();
  if (res.statusCode >= 400) {
    expect(body.success).toBe(false);
    expect(typeof body.message).toBe('string');
  }
}

describe('property: create', () => {
  it(`never answers 5xx; a refusal stores nothing; a success is a valid client (${RUNS} cases)`, async () => {
    let created = 0;
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const before = await countClients();
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/clients',
          headers: bearer(owner.token),
          payload: body,
        });
        expectNoServerError(res, [201, 400, 409]);
        if (res.statusCode !== 201) {
          expect(await countClients()).toBe(before);
          return;
        }
        created += 1;
        const client = ClientSchema.parse(res.json().data.client);
        expectObeyed(body, client, { ...DEFAULTS, name: '', email: '' });
        expect(client.name).toBe(client.name.trim());
        expect(client.name.length).toBeGreaterThan(0);
        expect(client.email).toBe(client.email.toLowerCase());
        expect(client.activeProjects + client.completedProjects).toBeLessThanOrEqual(client.totalProjects);
        expect(Math.round(client.totalRevenue * 100) / 100).toBe(client.totalRevenue);
        if (client.budget) expect(client.budget.min).toBeLessThanOrEqual(client.budget.max);
      }),
      { numRuns: RUNS },
    );
    // The generators make both kinds: enough valid bodies that successes are checked too.
    expect(created).toBeGreaterThan(RUNS / 50);
  });
});

const shown = async (id: string) =>
  (await t.app.inject({ url: `/api/clients/${id}`, headers: bearer(owner.token) })).json().data.client;

describe('property: update', () => {
  it(`never answers 5xx; a refusal leaves the client as it was (${RUNS} cases)`, async () => {
    const client = await createClientVia(t.app, owner, {
      name: 'Target',
      totalProjects: 2,
      activeProjects: 1,
    });
    let updated = 0;
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const before = await rowOf(client._id);
        const shownBefore = await shown(client._id);
        const res = await t.app.inject({
          method: 'PUT',
          url: `/api/clients/${client._id}`,
          headers: bearer(owner.token),
          payload: body,
        });
        expectNoServerError(res, [200, 400, 409]);
        if (res.statusCode !== 200) expect(await rowOf(client._id)).toEqual(before);
        else {
          updated += 1;
          const after = ClientSchema.parse(res.json().data.client);
          expect(after._id).toBe(client._id);
          expectObeyed(body, after, shownBefore);
          expect(await shown(client._id)).toEqual(res.json().data.client);
        }
      }),
      { numRuns: RUNS },
    );
    expect(updated).toBeGreaterThan(RUNS / 50);
  });
});

describe('property: list', () => {
  const queryValue = fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.constantFrom(
      ...CLIENT_ROLES,
      ...CLIENT_TYPES,
      ...CLIENT_STATUSES,
      '',
      '0',
      '-1',
      '1.5',
      '1e3',
      '%',
      '_',
    ),
    fc.string({ minLength: 190, maxLength: 260 }),
    fc.integer({ min: -5, max: 200 }).map(String),
  );
  const queries = fc.dictionary(
    fc.constantFrom('page', 'limit', 'search', 'role', 'type', 'status', 'sort', 'owner_id'),
    fc.oneof(queryValue, fc.array(queryValue, { minLength: 2, maxLength: 2 })),
  );

  it(`never answers 5xx; a success is a valid page of the caller's own clients (${RUNS} cases)`, async () => {
    let listed = 0;
    await fc.assert(
      fc.asyncProperty(queries, async (query) => {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/clients',
          query,
          headers: bearer(owner.token),
        });
        expectNoServerError(res, [200, 400]);
        if (res.statusCode === 200) {
          listed += 1;
          const data = ClientListDataSchema.parse(res.json().data);
          expect(data.clients.length).toBeLessThanOrEqual(data.pagination.limit);
          expect(data.pagination.totalClients).toBeLessThanOrEqual(data.summary.total);
        }
      }),
      { numRuns: RUNS },
    );
    expect(listed).toBeGreaterThan(RUNS / 50);
  });
});
