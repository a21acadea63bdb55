// Bad input on every project endpoint gets a clear 4xx JSON error and changes nothing; generated bodies and
// queries (fast-check, 1,000 each) never get a 5xx.
import { multiLine, oneLine } from '@mixdesk/contract/auth';
import { PROJECT_GENRES, PROJECT_STATUSES, PROJECT_TYPES } from '@mixdesk/contract/projects';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  RAISED_RATE_LIMITS,
  registerUser,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';

let t: TestApp;
let me: SignedIn;
let projectId: string;
beforeAll(async () => {
  // The generated cases send thousands of requests in seconds: past the per-client limits, which would answer
  // most of them with a 429 and leave the rules untested.
  t = await createTestApp(RAISED_RATE_LIMITS);
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

describe('every field at exactly its cap', () => {
  const atCaps = () => ({
    title: 'T'.repeat(200),
    description: 'D'.repeat(1000),
    tags: Array.from({ length: 20 }, (_, i) => `${String(i).padStart(2, '0')}${'g'.repeat(38)}`),
    metadata: {
      genre: ['rock', 'pop', 'jazz', 'folk', 'soul'],
      recordLabel: 'L'.repeat(120),
      producer: 'P'.repeat(120),
      engineer: 'E'.repeat(120),
      studio: 'S'.repeat(120),
    },
  });
  const expectWhole = (project: Record<string, unknown>) =>
    expect(project).toMatchObject({
      ...atCaps(),
      metadata: { ...atCaps().metadata, targetReleaseDate: null },
    });

  it('is created whole', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(me.token),
      payload: atCaps(),
    });
    expect(res.statusCode, res.body).toBe(201);
    expectWhole(res.json().data.project);
  });

  it('is stored whole by an edit', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(me.token),
      payload: { title: 'Short' },
    });
    const id = created.json().data.project._id;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${id}`,
      headers: bearer(me.token),
      payload: atCaps(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expectWhole(res.json().data.project);
  });
});

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

  /** Bodies the rules accept (most of them), so that successes are checked as often as refusals. */
  const validBody = fc.record(
    {
      title: fc.string({ minLength: 1, maxLength: 200 }).filter((v) => v.trim().length > 0),
      description: fc.oneof(fc.string({ maxLength: 1000 }), fc.constant(null)),
      type: fc.constantFrom(...PROJECT_TYPES),
      status: fc.constantFrom(...PROJECT_STATUSES),
      tags: fc.array(fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('Mix', 'mix', ' mix ')), {
        maxLength: 20,
      }),
      metadata: fc.record(
        { genre: fc.subarray([...PROJECT_GENRES], { minLength: 1, maxLength: 5 }) },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: [] },
  );
  const mixed = fc.oneof(validBody, body);

  type Res = { statusCode: number; json: () => Record<string, unknown> };
  /**
   * The answer is the success or a 400 (never a 5xx, nor another 4xx for bad input); `success` says which; a
   * refusal says why, in words, with an error code.
   */
  const expectEnvelope = (res: Res, ok: number) => {
    expect([ok, 400]).toContain(res.statusCode);
    const json = res.json();
    expect(json.success).toBe(res.statusCode < 300);
    expect(typeof json.message).toBe('string');
    if (res.statusCode >= 400) {
      expect((json.message as string).trim().length).toBeGreaterThan(0);
      expect(json.message).not.toMatch(/undefined|\[object /);
      const error = json.error as { code: string; details?: { path: string }[] };
      expect(typeof error.code).toBe('string');
      // Zod's own wording names no field: only for the body as a whole, never for one of its fields.
      if ((json.message as string).startsWith('Invalid')) expect(error.details?.[0]?.path ?? '').toBe('');
    }
  };
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  /** What a sent title or tag becomes: one line, trimmed. */
  const cleaned = (v: string) => oneLine(v).trim();
  type Shown = {
    title: string;
    description: string;
    type: string;
    status: string;
    tags: string[];
    metadata: { genre: string[] };
    lastActivityAt: string;
  };

  /** An accepted body: what it sent is what is kept, within the rules. */
  function expectObeyed(sent: Record<string, unknown>, p: Shown, before?: Shown) {
    expect(p.title.length).toBeGreaterThan(0);
    expect(p.title.length).toBeLessThanOrEqual(200);
    expect(p.description.length).toBeLessThanOrEqual(1000);
    expect(p.metadata.genre.length).toBeGreaterThan(0);
    expect(p.tags.length).toBeLessThanOrEqual(20);
    for (const tag of p.tags) expect(tag).toBe(cleaned(tag));
    if ('title' in sent) expect(p.title).toBe(cleaned(sent.title as string));
    else if (before) expect(p.title).toBe(before.title);
    for (const key of ['type', 'status'] as const) {
      if (key in sent) expect(p[key]).toBe(sent[key]);
      else expect(p[key]).toBe(before ? before[key] : { type: 'single', status: 'planning' }[key]);
    }
    if ('description' in sent)
      expect(p.description).toBe(multiLine((sent.description as string) ?? '').trim());
    else expect(p.description).toBe(before ? before.description : '');
    if ('tags' in sent) {
      // Blank ones dropped, the first spelling of each kept.
      const seen = new Set<string>();
      const wanted = (sent.tags as string[]).map(cleaned).filter((tag) => {
        const key = tag.toLowerCase();
        if (!tag || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      expect(p.tags).toEqual(wanted);
    } else expect(p.tags).toEqual(before ? before.tags : []);
  }

  /** What the server receives: JSON turns NaN and ±Infinity into null, so the body is judged as sent. */
  const onWire = (payload: unknown) => JSON.stringify(payload) ?? 'null';

  const countProjects = async () => (await allProjects()).length;

  it('POST /api/projects: 1,000 generated bodies never get a 5xx; what is created obeys the body', async () => {
    let created = 0;
    await fc.assert(
      fc.asyncProperty(mixed, async (payload) => {
        const before = await countProjects();
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/projects',
          headers: { ...bearer(me.token), 'content-type': 'application/json' },
          payload: onWire(payload),
        });
        expectEnvelope(res, 201);
        if (res.statusCode === 201) {
          created += 1;
          expect(isObject(payload)).toBe(true);
          expectObeyed(JSON.parse(onWire(payload)), res.json().data.project);
          expect(await countProjects()).toBe(before + 1);
        } else {
          expect(res.statusCode).toBeGreaterThanOrEqual(400);
          expect(await countProjects()).toBe(before);
        }
      }),
      { numRuns: 1000 },
    );
    // Both kinds are made: enough valid bodies that successes are checked too.
    expect(created).toBeGreaterThan(200);
  });

  it('PUT /api/projects/:id: 1,000 generated bodies never get a 5xx; a change obeys the body, a refusal changes nothing', async () => {
    const read = async () =>
      (await t.app.inject({ url: `/api/projects/${projectId}`, headers: bearer(me.token) })).json().data
        .project as Shown;
    const row = () =>
      t.app.ctx.db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirst();
    let changed = 0;
    await fc.assert(
      fc.asyncProperty(mixed, async (payload) => {
        const [shownBefore, rowBefore] = [await read(), await row()];
        const res = await t.app.inject({
          method: 'PUT',
          url: `/api/projects/${projectId}`,
          headers: { ...bearer(me.token), 'content-type': 'application/json' },
          payload: onWire(payload),
        });
        expectEnvelope(res, 200);
        if (res.statusCode === 200) {
          changed += 1;
          const shown = res.json().data.project as Shown;
          expectObeyed(JSON.parse(onWire(payload)), shown, shownBefore);
          expect(await read()).toEqual(shown);
          expect(shown.lastActivityAt >= shownBefore.lastActivityAt).toBe(true);
        } else {
          expect(res.statusCode).toBeGreaterThanOrEqual(400);
          expect(await row()).toEqual(rowBefore);
        }
      }),
      // CI's counterexample of 2026-11-28: Infinity goes out as null, which clears the description.
      { numRuns: 1000, examples: [[{ description: Number.POSITIVE_INFINITY }]] },
    );
    expect(changed).toBeGreaterThan(200);
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
    let listed = 0;
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const res = await t.app.inject({
          url: `/api/projects?${new URLSearchParams(q).toString()}`,
          headers: bearer(me.token),
        });
        expectEnvelope(res, 200);
        if (res.statusCode === 200) {
          listed += 1;
          const { projects, pagination } = res.json().data;
          // The page and its size are the ones asked for (the size capped at 100), or the defaults.
          expect(pagination.limit).toBe(q.limit === undefined ? 12 : Math.min(Number(q.limit), 100));
          expect(pagination.currentPage).toBe(q.page === undefined ? 1 : Number(q.page));
          expect(pagination.totalPages).toBe(Math.ceil(pagination.totalProjects / pagination.limit));
          expect(projects.length).toBeLessThanOrEqual(pagination.limit);
          const term = q.search === undefined ? '' : cleaned(q.search).toLowerCase();
          for (const p of projects) {
            if (q.type && q.type !== 'all') expect(p.type).toBe(q.type);
            if (q.status && q.status !== 'all') expect(p.status).toBe(q.status);
            if (q.genre && q.genre !== 'all') expect(p.metadata.genre).toContain(q.genre);
            const searched: string[] = [p.title, p.description, ...p.tags];
            if (term) expect(searched.some((f) => f.toLowerCase().includes(term))).toBe(true);
          }
        }
      }),
      { numRuns: 1000 },
    );
    expect(listed).toBeGreaterThan(200);
  });
});
