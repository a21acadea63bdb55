// Bad input on every project endpoint gets a clear 4xx JSON error and changes nothing; generated bodies and
// queries (fast-check, 1,000 each) never get a 5xx.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
let me: SignedIn;
let projectId: string;
beforeAll(async () => {
  t = await createTestApp();
  me = await registerUser(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(me.token),
    payload: { title: 'Fixture', description: 'Keep me', tags: ['x'] },
  });
  projectId = res.json().data.project._id;
});
afterAll(async () => {
  await t.close();
});

const allProjects = () => t.app.ctx.db.selectFrom('projects').selectAll().orderBy('id').execute();

function expectError(res: { statusCode: number; json: () => unknown }, status: number, message?: string) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { success: boolean; message: string; error: { code: string } };
  expect(body.success).toBe(false);
  expect(body.message.length).toBeGreaterThan(0);
  expect(typeof body.error.code).toBe('string');
  if (message) expect(body.message).toContain(message);
}

const BAD_BODIES: [string, object, string][] = [
  ['an empty title', { title: '' }, 'Project title is required'],
  ['a whitespace-only title', { title: ' \t\n ' }, 'Project title is required'],
  ['a missing title', {}, 'Project title is required'],
  ['a 201-character title', { title: 't'.repeat(201) }, 'Title must be less than 200 characters'],
  ['a title that is not text', { title: 42 }, 'Project title must be text'],
  [
    'a 1001-character description',
    { title: 'Ok', description: 'd'.repeat(1001) },
    'less than 1000 characters',
  ],
  ['an unknown type', { title: 'Ok', type: 'mixtape' }, 'Type must be one of'],
  ['an unknown status', { title: 'Ok', status: 'done' }, 'Status must be one of'],
  ['an unknown genre', { title: 'Ok', metadata: { genre: 'polka' } }, 'Genre must be one of'],
  [
    'an unknown genre in a list',
    { title: 'Ok', metadata: { genre: ['rock', 'polka'] } },
    'Genre must be one of',
  ],
  ['an empty genre list', { title: 'Ok', metadata: { genre: [] } }, 'Choose at least one genre'],
  ['a date that is not one', { title: 'Ok', metadata: { targetReleaseDate: '2026-02-30' } }, 'YYYY-MM-DD'],
  ['a 121-character label', { title: 'Ok', metadata: { recordLabel: 'l'.repeat(121) } }, 'at most 120'],
  ['an unknown metadata key', { title: 'Ok', metadata: { bpm: 120 } }, 'Unknown field'],
  ['tags that are not a list', { title: 'Ok', tags: 'a,b' }, 'Tags must be a list'],
  ['a 41-character tag', { title: 'Ok', tags: ['t'.repeat(41)] }, 'at most 40 characters'],
  ['21 tags', { title: 'Ok', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'At most 20 tags'],
  ['an unknown key', { title: 'Ok', owner: 'someone' }, 'Unknown field'],
];

describe('POST /api/projects refuses', () => {
  it.each(BAD_BODIES)('%s, creating nothing', async (_label, payload, message) => {
    const before = await allProjects();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(me.token),
      payload,
    });
    expectError(res, 400, message);
    expect(await allProjects()).toEqual(before);
  });

  it('malformed JSON and a JSON array', async () => {
    for (const payload of ['{"title":', '["title"]', 'null']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: { ...bearer(me.token), 'content-type': 'application/json' },
        payload,
      });
      expectError(res, 400);
    }
  });
});

describe('PUT /api/projects/:id refuses', () => {
  it.each(BAD_BODIES.filter(([label]) => label !== 'a missing title'))(
    '%s, changing nothing',
    async (_label, payload, message) => {
      const before = await allProjects();
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/projects/${projectId}`,
        headers: bearer(me.token),
        payload,
      });
      expectError(res, 400, message);
      expect(await allProjects()).toEqual(before);
    },
  );

  it('an empty body', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${projectId}`,
      headers: bearer(me.token),
      payload: {},
    });
    expectError(res, 400, 'Send at least one field to change');
  });
});

describe('ids', () => {
  it.each([
    ['an unknown id', '0190f5c2-0000-7000-8000-000000000000'],
    ['a malformed id', 'not-an-id'],
    ['an id with SQL in it', "1' or '1'='1"],
    ['an id with a NUL byte', 'abc%00def'],
    ['a 100-character id', 'a'.repeat(100)],
  ])('%s is a 404 on every project endpoint', async (_label, id) => {
    for (const [method, url, payload] of [
      ['GET', `/api/projects/${id}`, undefined],
      ['PUT', `/api/projects/${id}`, { title: 'x' }],
      ['DELETE', `/api/projects/${id}`, undefined],
      ['GET', `/api/projects/${id}/collaborators`, undefined],
      ['POST', `/api/projects/${id}/collaborators`, { email: me.user.email }],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: bearer(me.token),
        ...(payload ? { payload } : {}),
      });
      expectError(res, 404, 'Project not found');
    }
  });

  it('an id too long for the router is a 404 in the error envelope', async () => {
    const res = await t.app.inject({ url: `/api/projects/${'a'.repeat(150)}`, headers: bearer(me.token) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });
});

describe('GET /api/projects refuses', () => {
  it.each([
    ['page=0', 'Page must be 1 or more'],
    ['page=-1', 'Page must be 1 or more'],
    ['page=abc', 'Page must be a whole number'],
    ['page=1.5', 'Page must be a whole number'],
    ['limit=0', 'Limit must be 1 or more'],
    ['limit=-5', 'Limit must be 1 or more'],
    ['limit=ten', 'Limit must be a whole number'],
    [`search=${'s'.repeat(10_000)}`, 'Search must be at most 100 characters'],
    ['type=mixtape', 'Type must be one of'],
    ['status=done', 'Status must be one of'],
    ['genre=polka', 'Genre must be one of'],
    ['search=a&search=b', 'Search must be given once'],
  ])('%s', async (query, message) => {
    const res = await t.app.inject({ url: `/api/projects?${query}`, headers: bearer(me.token) });
    expectError(res, 400, message);
  });
});

describe('generated input (property-based)', () => {
  const anything = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.string({ unit: 'binary', maxLength: 50 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string({ maxLength: 50 }), { maxLength: 25 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
  );
  const enumish = (values: string[]) => fc.oneof(fc.constantFrom(...values), anything);
  const metadata = fc.oneof(
    fc.record(
      {
        genre: fc.oneof(
          enumish(['rock', 'jazz', 'hip_hop']),
          fc.array(enumish(['pop', 'folk']), { maxLength: 6 }),
        ),
        targetReleaseDate: fc.oneof(fc.constant('2026-01-31'), anything),
        recordLabel: anything,
        producer: anything,
        engineer: anything,
        studio: anything,
      },
      { requiredKeys: [] },
    ),
    anything,
  );
  const body = fc.oneof(
    fc.record(
      {
        title: fc.oneof(
          fc.string({ maxLength: 210 }),
          fc.string({ unit: 'binary', maxLength: 20 }),
          anything,
        ),
        description: fc.oneof(fc.string({ maxLength: 1010 }), anything),
        type: enumish(['album', 'ep', 'single']),
        status: enumish(['planning', 'mixing']),
        metadata,
        tags: fc.oneof(fc.array(fc.string({ unit: 'binary', maxLength: 45 }), { maxLength: 22 }), anything),
      },
      { requiredKeys: [] },
    ),
    fc.jsonValue(),
  );

  const expectEnvelope = (res: { statusCode: number; json: () => Record<string, unknown> }) => {
    expect(res.statusCode).toBeLessThan(500);
    const json = res.json();
    expect(typeof json.success).toBe('boolean');
    expect(typeof json.message).toBe('string');
  };

  it('POST /api/projects: 1,000 generated bodies never get a 5xx; what is created obeys the rules', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/projects',
          headers: { ...bearer(me.token), 'content-type': 'application/json' },
          payload: JSON.stringify(payload) ?? 'null',
        });
        expectEnvelope(res);
        if (res.statusCode === 201) {
          const p = res.json().data.project;
          expect(p.title.length).toBeGreaterThan(0);
          expect(p.title.length).toBeLessThanOrEqual(200);
          expect(p.title).toBe(p.title.trim());
          expect(p.description.length).toBeLessThanOrEqual(1000);
          expect(p.metadata.genre.length).toBeGreaterThan(0);
          expect(p.tags.length).toBeLessThanOrEqual(20);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('PUT /api/projects/:id: 1,000 generated bodies never get a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const res = await t.app.inject({
          method: 'PUT',
          url: `/api/projects/${projectId}`,
          headers: { ...bearer(me.token), 'content-type': 'application/json' },
          payload: JSON.stringify(payload) ?? 'null',
        });
        expectEnvelope(res);
      }),
      { numRuns: 1000 },
    );
    const after = await t.app.inject({ url: `/api/projects/${projectId}`, headers: bearer(me.token) });
    expect(after.statusCode).toBe(200);
  });

  it('GET /api/projects: 1,000 generated queries never get a 5xx; results obey the query', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 120 }),
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.integer({ min: -5, max: 200 }).map(String),
      fc.constantFrom('album', 'mixing', 'rock', '%', '_', '\\', "'", '.*', '(', ''),
    );
    const query = fc.dictionary(
      fc.constantFrom('page', 'limit', 'search', 'type', 'status', 'genre', 'x'),
      value,
      {
        maxKeys: 6,
      },
    );
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const res = await t.app.inject({
          url: `/api/projects?${new URLSearchParams(q).toString()}`,
          headers: bearer(me.token),
        });
        expectEnvelope(res);
        if (res.statusCode === 200) {
          const { projects, pagination } = res.json().data;
          expect(projects.length).toBeLessThanOrEqual(pagination.limit);
          expect(pagination.limit).toBeLessThanOrEqual(100);
          for (const p of projects) {
            if (q.type && q.type !== 'all') expect(p.type).toBe(q.type);
            if (q.status && q.status !== 'all') expect(p.status).toBe(q.status);
            if (q.genre && q.genre !== 'all') expect(p.metadata.genre).toContain(q.genre);
          }
        }
      }),
      { numRuns: 1000 },
    );
  });
});
