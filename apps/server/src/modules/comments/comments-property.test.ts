// Property-based bad input for comment create and update (fast-check, 1,000 bodies each): never a 5xx; a 2xx
// only for a body the rules accept, stored as they say; a refused one changes nothing.
import { COMMENT_BODY_MAX, CommentResponseSchema } from '@mixdesk/contract/comments';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, RAISED_RATE_LIMITS, type TestApp } from '../../../test/helper.ts';
import {
  type CommentsFixture,
  call,
  commentsFixture,
  commentsUrl,
  DURATION,
  postComment,
} from './comments-testing.ts';

const RUNS = 1000;
let t: TestApp;
let f: CommentsFixture;
/** A first comment, a reply to it, and a comment of the other version: the parentIds worth trying. */
let thread: string;
let reply: string;
let elsewhere: string;

beforeAll(async () => {
  t = await createTestApp(RAISED_RATE_LIMITS);
  f = await commentsFixture(t.app);
  thread = (await postComment(t.app, f.viewer.token, f.url, { body: 'Thread', at: 1 }))._id;
  reply = (await postComment(t.app, f.viewer.token, f.url, { body: 'Reply', at: 1, parentId: thread }))._id;
  const other = commentsUrl(f.projectId, f.trackId, f.otherVersionId);
  elsewhere = (await postComment(t.app, f.owner.token, other, { body: 'Elsewhere', at: 1 }))._id;
});
afterAll(async () => {
  await t.close();
});

const anything = fc.oneof(
  fc.string({ maxLength: 10 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.object(),
);
/** Mostly a value of the right kind, sometimes anything else, now and then absent. */
const field = <T>(good: fc.Arbitrary<T>) =>
  fc.option(fc.oneof({ weight: 8, arbitrary: good }, anything), { nil: undefined, freq: 12 });

const time = fc.oneof(
  { weight: 6, arbitrary: fc.double({ min: 0, max: DURATION, noNaN: true }) },
  fc.double({ min: -1, max: DURATION + 1, noNaN: true }),
  fc.integer({ min: -3, max: DURATION + 3 }),
  fc.constantFrom(0, -0, DURATION, DURATION + 1e-9, -1e-9, 1e308, Number.NaN, Number.POSITIVE_INFINITY),
  fc.string({ maxLength: 6 }),
);
const text = fc.oneof(
  { weight: 6, arbitrary: fc.string({ minLength: 1, maxLength: 40 }) },
  fc.stringMatching(/^[ \t\n]{0,5}$/),
  fc.constantFrom(
    'a'.repeat(COMMENT_BODY_MAX),
    `  ${'b'.repeat(COMMENT_BODY_MAX)}  `,
    'c'.repeat(COMMENT_BODY_MAX + 1),
  ),
);
const parent = fc.oneof(
  fc.constantFrom(
    () => thread,
    () => reply,
    () => elsewhere,
  ),
  fc.uuid().map((id) => () => id),
  fc.string({ maxLength: 110 }).map((s) => () => s),
  fc.constant(() => null),
);

const createArb = fc.record(
  {
    body: field(text),
    at: field(time),
    end: fc.option(fc.oneof(time, fc.constant(null), anything), { nil: undefined, freq: 2 }),
    parentId: fc.option(fc.oneof({ weight: 4, arbitrary: parent }, anything), { nil: undefined, freq: 2 }),
    // Now and then a field the API does not know (refused).
    extra: fc.oneof({ weight: 9, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: anything }),
  },
  { requiredKeys: ['body', 'at', 'end', 'parentId'] },
);
const updateArb = fc.record(
  { body: field(text), at: field(time), end: field(fc.oneof(time, fc.constant(null))) },
  { requiredKeys: [] },
);

/** The body as the server reads it (JSON turns NaN and Infinity into null, drops undefined). */
const clean = (body: Record<string, unknown>): Record<string, unknown> => JSON.parse(JSON.stringify(body));

// An independent reading of the rules: what a field becomes, or 'bad'.
const BAD = 'bad' as const;
const seconds = (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= DURATION ? v : BAD;
function commentText(v: unknown) {
  if (typeof v !== 'string') return BAD;
  const trimmed = v.trim();
  return trimmed.length >= 1 && trimmed.length <= COMMENT_BODY_MAX ? trimmed : BAD;
}
function place(at: number | typeof BAD, end: unknown) {
  if (at === BAD) return BAD;
  if (end === null || end === undefined) return { at, end: null };
  const e = seconds(end);
  return e === BAD || e <= at ? BAD : { at, end: e };
}

function expectedCreate(b: Record<string, unknown>) {
  const body = commentText(b.body);
  const where = place(seconds(b.at), b.end);
  const p = b.parentId;
  const parentOk = p === undefined || p === null || p === thread;
  // Fields the API does not know are refused, not dropped.
  const known = Object.keys(b).every((k) => ['body', 'at', 'end', 'parentId'].includes(k));
  return body === BAD || where === BAD || !parentOk || !known ? BAD : { body, ...where, parentId: p ?? null };
}

function expectedUpdate(b: Record<string, unknown>, now: { body: string; at: number; end: number | null }) {
  if (b.body === undefined && b.at === undefined && b.end === undefined) return BAD;
  const body = b.body === undefined ? now.body : commentText(b.body);
  const where = place(b.at === undefined ? now.at : seconds(b.at), b.end === undefined ? now.end : b.end);
  return body === BAD || where === BAD ? BAD : { body, ...where };
}

const countOfVersion = async () =>
  Number(
    (
      await t.app.ctx.db
        .selectFrom('comments')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('version_id', '=', f.versionId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('property: comment bodies', () => {
  it('create: never a 5xx; added as the rules say, or refused with nothing added', async () => {
    const seen = { accepted: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(createArb, async (raw) => {
        const withIds = typeof raw.parentId === 'function' ? { ...raw, parentId: raw.parentId() } : raw;
        const body = clean(withIds);
        const before = await countOfVersion();
        const res = await call(t.app, f.viewer.token, 'POST', f.url, body);
        const want = expectedCreate(body);
        if (want === BAD) {
          seen.refused += 1;
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
          expect(await countOfVersion()).toBe(before);
          return;
        }
        seen.accepted += 1;
        expect(res.statusCode, res.body).toBe(201);
        const made = CommentResponseSchema.parse(res.json()).data.comment;
        expect({ body: made.body, at: made.at, end: made.end, parentId: made.parentId }).toEqual(want);
      }),
      { numRuns: RUNS },
    );
    // Both sides of the rules were exercised, not only refusals.
    expect(Math.min(seen.accepted, seen.refused)).toBeGreaterThan(RUNS / 20);
  });

  it('update: never a 5xx; applied as the rules say, or refused with the comment unchanged', async () => {
    const target = await postComment(t.app, f.owner.token, f.url, { body: 'Base', at: 0.5, end: 1 });
    const url = `${f.url}/${target._id}`;
    let now = { body: target.body, at: target.at, end: target.end };
    const seen = { accepted: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(updateArb, async (raw) => {
        const body = clean(raw);
        const res = await call(t.app, f.owner.token, 'PUT', url, body);
        const want = expectedUpdate(body, now);
        if (want === BAD) {
          seen.refused += 1;
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
        } else {
          seen.accepted += 1;
          expect(res.statusCode, res.body).toBe(200);
          const c = CommentResponseSchema.parse(res.json()).data.comment;
          expect({ body: c.body, at: c.at, end: c.end }).toEqual(want);
          now = want;
        }
        const stored = await t.app.ctx.db
          .selectFrom('comments')
          .select(['body', 'at_sec', 'end_sec'])
          .where('id', '=', target._id)
          .executeTakeFirstOrThrow();
        expect({ body: stored.body, at: stored.at_sec, end: stored.end_sec }).toEqual(now);
      }),
      { numRuns: RUNS },
    );
    expect(Math.min(seen.accepted, seen.refused)).toBeGreaterThan(RUNS / 20);
  });
});
