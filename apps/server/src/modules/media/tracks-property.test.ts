// Property-based bad input for track create, update and list (fast-check, 1,000 cases each): never a 5xx;
// an accepted body is stored exactly as its rules say; a refused one changes nothing.
import { MUSICAL_KEYS, TRACK_STATUSES } from '@mixdesk/contract/media';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, RAISED_RATE_LIMITS, type TestApp } from '../../../test/helper.ts';
import { addTrack, type ProjectWithPeople, projectWithPeople, totalsCheck } from './media-testing.ts';

let t: TestApp;
let p: ProjectWithPeople;

beforeAll(async () => {
  t = await createTestApp(RAISED_RATE_LIMITS);
  p = await projectWithPeople(t.app);
});
afterAll(async () => {
  await t.close();
});

const RUNS = 1000;
const validIsrc = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z]{2}$/),
    fc.stringMatching(/^[A-Za-z0-9]{3}$/),
    fc.stringMatching(/^\d{2}$/),
    fc.stringMatching(/^\d{5}$/),
    fc.boolean(),
  )
  .map(([cc, reg, yy, n, dashes]) => [cc, reg, yy, n].join(dashes ? '-' : ''));

const anything = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.object(),
);
const field = <T>(good: fc.Arbitrary<T>) =>
  fc.option(fc.oneof({ weight: 3, arbitrary: good }, anything), { nil: undefined });

const bodyArb = fc.record(
  {
    title: field(fc.oneof(fc.string({ maxLength: 210 }), fc.constant('  Night Drive  '))),
    status: field(fc.constantFrom(...TRACK_STATUSES)),
    bpm: field(fc.oneof(fc.double({ min: 0, max: 1200, noNaN: true }), fc.constant(null))),
    musicalKey: field(fc.oneof(fc.constantFrom(...MUSICAL_KEYS), fc.constant(null))),
    isrc: field(fc.oneof(validIsrc, fc.constant(''), fc.constant(null))),
    notes: field(fc.string({ maxLength: 200 })),
    extra: fc.option(anything, { nil: undefined, freq: 10 }),
  },
  { requiredKeys: [] },
);

/** The body as the server will read it (JSON turns NaN and Infinity into null, drops undefined). */
const clean = (body: Record<string, unknown>): Record<string, unknown> => JSON.parse(JSON.stringify(body));

/** What the rules say a field becomes, or 'bad'. An independent reading of the contract's rules. */
function expectedTrack(body: Record<string, unknown>, base: Record<string, unknown> | null) {
  const out: Record<string, unknown> = base
    ? { ...base }
    : { status: 'idea', bpm: null, musicalKey: null, isrc: null, notes: '' };
  for (const key of Object.keys(body))
    if (!['title', 'status', 'bpm', 'musicalKey', 'isrc', 'notes'].includes(key)) return 'bad';
  if ('title' in body || !base) {
    const title = body.title;
    if (typeof title !== 'string' || title.trim().length === 0 || title.trim().length > 200) return 'bad';
    out.title = title.trim();
  }
  if ('status' in body) {
    if (!TRACK_STATUSES.includes(body.status as never)) return 'bad';
    out.status = body.status;
  }
  if ('bpm' in body) {
    const bpm = body.bpm;
    if (bpm !== null && (typeof bpm !== 'number' || !Number.isFinite(bpm) || bpm < 20 || bpm > 999))
      return 'bad';
    out.bpm = bpm === null ? null : Math.round(bpm * 100) / 100;
  }
  if ('musicalKey' in body) {
    if (body.musicalKey !== null && !MUSICAL_KEYS.includes(body.musicalKey as never)) return 'bad';
    out.musicalKey = body.musicalKey;
  }
  if ('isrc' in body) {
    const isrc = body.isrc;
    if (isrc === null) out.isrc = null;
    else if (typeof isrc !== 'string') return 'bad';
    else if (isrc.trim() === '') out.isrc = null;
    else {
      const m = /^([A-Z]{2})(-?)([A-Z0-9]{3})\2(\d{2})\2(\d{5})$/.exec(isrc.trim().toUpperCase());
      if (!m) return 'bad';
      out.isrc = `${m[1]}-${m[3]}-${m[4]}-${m[5]}`;
    }
  }
  if ('notes' in body) {
    if (typeof body.notes !== 'string' || body.notes.length > 5000) return 'bad';
    out.notes = body.notes;
  }
  return out;
}

const pick = (track: Record<string, unknown>) => ({
  title: track.title,
  status: track.status,
  bpm: track.bpm,
  musicalKey: track.musicalKey,
  isrc: track.isrc,
  notes: track.notes,
});

describe('property: track bodies', () => {
  it('create: never a 5xx; stored as the rules say, or refused with nothing added', async () => {
    await fc.assert(
      fc.asyncProperty(bodyArb, async (raw) => {
        const body = clean(raw);
        const before = await totalsCheck(t.app, p.projectId);
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/projects/${p.projectId}/tracks`,
          headers: bearer(p.owner.token),
          payload: body,
        });
        const want = expectedTrack(body, null);
        if (want === 'bad') {
          expect(res.statusCode).toBe(400);
          expect(await totalsCheck(t.app, p.projectId)).toEqual(before);
        } else {
          expect(res.statusCode).toBe(201);
          expect(pick(res.json().data.track)).toEqual(pick(want));
          await t.app.ctx.db.deleteFrom('tracks').where('id', '=', res.json().data.track._id).execute();
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('update: never a 5xx; applied as the rules say, or refused with the track unchanged', async () => {
    const track = await addTrack(t.app, p.owner.token, p.projectId, { title: 'Base' });
    const url = `/api/projects/${p.projectId}/tracks/${track._id}`;
    const read = async () =>
      pick((await t.app.inject({ url, headers: bearer(p.owner.token) })).json().data.track);
    await fc.assert(
      fc.asyncProperty(bodyArb, async (raw) => {
        const body = clean(raw);
        const before = await read();
        const res = await t.app.inject({ method: 'PUT', url, headers: bearer(p.owner.token), payload: body });
        const want = expectedTrack(body, before);
        if (want === 'bad') {
          expect(res.statusCode).toBe(400);
          expect(await read()).toEqual(before);
        } else {
          expect(res.statusCode).toBe(200);
          expect(pick(res.json().data.track)).toEqual(pick(want));
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('list: any page and limit gives the page asked for, or a 400 that says why; never a 5xx', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer().map(String),
      fc.integer({ min: -2, max: 600 }).map(String),
      fc.double().map(String),
    );
    /** A whole number from 1 (a safe integer), as the query string's number rules read it. */
    const wholeFrom1 = (v: string) => Number.isSafeInteger(Number(v)) && Number(v) >= 1;
    let listed = 0;
    await fc.assert(
      fc.asyncProperty(value, value, async (page, limit) => {
        const res = await t.app.inject({
          url: `/api/projects/${p.projectId}/tracks?page=${encodeURIComponent(page)}&limit=${encodeURIComponent(limit)}`,
          headers: bearer(p.owner.token),
        });
        const body = res.json();
        if (!wholeFrom1(page) || !wholeFrom1(limit)) {
          expect(res.statusCode).toBe(400);
          expect(body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
          expect(body.message).toMatch(/^(page|limit) must be/);
          return;
        }
        expect(res.statusCode, res.body).toBe(200);
        listed += 1;
        const total = (await totalsCheck(t.app, p.projectId)).expected.trackCount;
        const size = Math.min(Number(limit), 500);
        expect(body.data.pagination).toEqual({
          currentPage: Number(page),
          totalPages: Math.ceil(total / size),
          limit: size,
          totalTracks: total,
        });
        expect(body.data.tracks).toHaveLength(Math.max(0, Math.min(size, total - (Number(page) - 1) * size)));
      }),
      { numRuns: RUNS },
    );
    expect(listed).toBeGreaterThan(RUNS / 20);
  });
});
