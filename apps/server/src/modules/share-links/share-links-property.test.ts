// Property-based bad input for the two share-link bodies strangers and editors write most (fast-check, 1,000
// each): a link's creation and a guest's comment. Never a 5xx; a 2xx only for a body the rules accept; a
// refused one changes nothing.
import { COMMENT_BODY_MAX } from '@mixdesk/contract/comments';
import { GUEST_NAME_MAX } from '@mixdesk/contract/share-links';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, RAISED_RATE_LIMITS, type TestApp } from '../../../test/helper.ts';
import { type CommentsFixture, call, commentsFixture, DURATION } from '../comments/comments-testing.ts';
import { guest, linksUrl, makeLink } from './share-testing.ts';

const RUNS = 1000;
let t: TestApp;
let f: CommentsFixture;
let commentsUrl: string;

beforeAll(async () => {
  t = await createTestApp(RAISED_RATE_LIMITS);
  f = await commentsFixture(t.app);
  const made = await makeLink(t.app, f.owner.token, f.projectId, { trackId: f.trackId });
  commentsUrl = (await guest(t.app).view(made.api)).tracks[0]!.version.commentsUrl;
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
const extra = fc.option(fc.constant({ sneaky: true }), { nil: undefined, freq: 10 });

const rows = async (table: 'share_links' | 'comments' | 'share_link_events') =>
  JSON.stringify(await t.app.ctx.db.selectFrom(table).selectAll().orderBy('id').execute());

describe('creating a link', () => {
  const ids = () => fc.constantFrom(f.trackId, f.versionId, f.otherVersionId, f.projectId, 'nope', '');
  const createArb = fc.record(
    {
      label: field(fc.oneof(fc.string({ maxLength: 30 }), fc.constant('x'.repeat(101)), fc.constant('   '))),
      trackId: fc.option(fc.oneof(fc.constant(null), fc.string({ maxLength: 5 })), {
        nil: undefined,
        freq: 3,
      }),
      versionId: fc.option(fc.constant(null), { nil: undefined, freq: 3 }),
      password: fc.option(fc.oneof(fc.string({ maxLength: 8 }), fc.constant('y'.repeat(201)), anything), {
        nil: undefined,
        freq: 2,
      }),
      expiresAt: fc.option(
        fc.oneof(
          fc
            .date({
              min: new Date(Date.now() - 86_400_000),
              max: new Date(Date.now() + 86_400_000 * 365),
              noInvalidDate: true,
            })
            .map((d) => d.toISOString()),
          fc.string({ maxLength: 12 }),
          anything,
        ),
        { nil: undefined, freq: 2 },
      ),
      allowDownload: field(fc.boolean()),
      allowComments: field(fc.boolean()),
    },
    { requiredKeys: [] },
  );

  it(`${RUNS} generated bodies never get a 5xx, and a refusal makes nothing`, async () => {
    const idPick = ids();
    await fc.assert(
      fc.asyncProperty(
        createArb,
        fc.option(idPick, { nil: undefined }),
        extra,
        async (body, target, more) => {
          const payload = {
            ...body,
            ...(target !== undefined && body.trackId === undefined ? { trackId: target } : {}),
            ...more,
          };
          const before = await rows('share_links');
          const res = await call(t.app, f.owner.token, 'POST', linksUrl(f.projectId), payload);
          expect(res.statusCode).toBeLessThan(500);
          expect(res.json().success).toBe(res.statusCode === 201);
          if (res.statusCode !== 201) expect(await rows('share_links')).toBe(before);
          else {
            const link = res.json().data.link;
            expect(link.label).toBe(String(body.label).trim());
            expect(typeof body.allowDownload).toBe('boolean');
            expect(more).toBeUndefined();
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe("a guest's comment", () => {
  const time = fc.oneof(
    { weight: 6, arbitrary: fc.double({ min: 0, max: DURATION, noNaN: true }) },
    fc.double({ min: -1, max: DURATION + 1, noNaN: true }),
    fc.constantFrom(0, DURATION, DURATION + 1e-9, -1e-9, 1e308, Number.NaN, Number.POSITIVE_INFINITY),
    fc.string({ maxLength: 6 }),
  );
  const text = (max: number) =>
    fc.oneof(
      { weight: 6, arbitrary: fc.string({ minLength: 1, maxLength: 40 }) },
      fc.stringMatching(/^[ \t\n]{0,5}$/),
      fc.constantFrom('a'.repeat(max), 'c'.repeat(max + 1)),
    );
  const commentArb = fc.record(
    {
      name: field(text(GUEST_NAME_MAX)),
      body: field(text(COMMENT_BODY_MAX)),
      at: field(time),
      end: fc.option(fc.oneof(time, fc.constant(null)), { nil: undefined, freq: 2 }),
    },
    { requiredKeys: [] },
  );

  it(`${RUNS} generated bodies never get a 5xx, and a refusal stores nothing`, async () => {
    await fc.assert(
      fc.asyncProperty(commentArb, extra, async (body, more) => {
        const before = (await rows('comments')) + (await rows('share_link_events'));
        const res = await t.app.inject({ method: 'POST', url: commentsUrl, payload: { ...body, ...more } });
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json().success).toBe(res.statusCode === 201);
        if (res.statusCode !== 201)
          expect((await rows('comments')) + (await rows('share_link_events'))).toBe(before);
        else {
          const { comment } = res.json().data;
          expect(comment.author).toMatchObject({ guest: true, name: String(body.name).trim() });
          // As JSON carried it: -0 arrives as 0.
          expect(comment.at).toBe(JSON.parse(JSON.stringify(body.at)));
          expect(more).toBeUndefined();
        }
      }),
      { numRuns: RUNS },
    );
  });
});
