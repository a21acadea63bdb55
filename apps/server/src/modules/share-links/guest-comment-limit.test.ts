// Guest comments are limited per link and address (issue #31): at most 20 an hour, counted and recorded under
// one lock so a burst cannot pass between the count and the row; the 21st is a 429 with Retry-After that
// stores nothing and tells no one. The address is kept only as a keyed hash, and only for the hour it counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { type CommentsFixture, commentsFixture } from '../comments/comments-testing.ts';
import { GUEST_COMMENTS_MAX, TOO_MANY_GUEST_COMMENTS } from './guest-comment-limit.ts';
import { type MadeLink, makeLink } from './share-testing.ts';

let t: TestApp;
let f: CommentsFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await commentsFixture(t.app);
});
afterAll(async () => {
  await t.close();
});

/** Each test's addresses are its own, so one test's counts never reach another's. */
let lastOctet = 0;
const newAddress = () => `198.51.100.${++lastOctet}`;

/** The fixture's track's current version through a new link to the track, and its comments URL. */
async function trackLink(): Promise<MadeLink & { commentsUrl: string }> {
  const made = await makeLink(t.app, f.owner.token, f.projectId, { trackId: f.trackId });
  const view = await t.app.inject({ method: 'GET', url: made.api });
  return { ...made, commentsUrl: view.json().data.share.tracks[0].version.commentsUrl };
}

const postAs = (ip: string, url: string, body = 'The hats are harsh', at = 1) =>
  t.app.inject({ method: 'POST', url, remoteAddress: ip, payload: { name: 'Gina', body, at } });

const storedThrough = async (linkId: string) =>
  Number(
    (
      await t.app.ctx.db
        .selectFrom('comments')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('share_link_id', '=', linkId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const loggedComments = async (linkId: string) =>
  Number(
    (
      await t.app.ctx.db
        .selectFrom('share_link_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('link_id', '=', linkId)
        .where('kind', '=', 'commented')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('guest comments per link and address', () => {
  it('100 at once from one address: exactly 20 are stored, 80 get 429 with Retry-After', async () => {
    const made = await trackLink();
    const ip = newAddress();
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => postAs(ip, made.commentsUrl, `Note ${i}`)),
    );
    const byStatus: Record<number, number> = {};
    for (const res of responses) byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
    expect(byStatus).toEqual({ 201: 20, 429: 80 });
    const refused = responses.find((r) => r.statusCode === 429)!;
    expect(refused.json().message).toBe(`${TOO_MANY_GUEST_COMMENTS} Try again in 60 minutes.`);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await storedThrough(made.link._id)).toBe(20);
    expect(await loggedComments(made.link._id)).toBe(20);
  });

  it('another address on the link, and the same address on another link, each have their own 20', async () => {
    const [first, second] = [await trackLink(), await trackLink()];
    const ip = newAddress();
    for (let i = 0; i < GUEST_COMMENTS_MAX; i++)
      expect((await postAs(ip, first.commentsUrl)).statusCode).toBe(201);
    expect((await postAs(ip, first.commentsUrl)).statusCode).toBe(429);
    expect((await postAs(newAddress(), first.commentsUrl)).statusCode).toBe(201);
    expect((await postAs(ip, second.commentsUrl)).statusCode).toBe(201);
    expect(await storedThrough(first.link._id)).toBe(21);
  });

  it('a comment refused for what it says uses up no try', async () => {
    const made = await trackLink();
    const ip = newAddress();
    for (let i = 0; i < 5; i++)
      expect((await postAs(ip, made.commentsUrl, 'Too late', 99)).statusCode).toBe(400);
    const responses = await Promise.all(
      Array.from({ length: GUEST_COMMENTS_MAX + 1 }, () => postAs(ip, made.commentsUrl)),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(GUEST_COMMENTS_MAX);
    expect(await storedThrough(made.link._id)).toBe(GUEST_COMMENTS_MAX);
  });

  it('keeps the address only as a keyed hash, and no row past the hour', async () => {
    const made = await trackLink();
    const ip = '192.0.2.77';
    await t.app.ctx.db
      .insertInto('guest_comment_log')
      .values({
        id: 'old-row',
        link_id: made.link._id,
        address_hash: 'old',
        created_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
      })
      .execute();
    expect((await postAs(ip, made.commentsUrl)).statusCode).toBe(201);
    const rows = await t.app.ctx.db.selectFrom('guest_comment_log').selectAll().execute();
    expect(rows.find((r) => r.id === 'old-row')).toBeUndefined();
    const mine = rows.filter((r) => r.link_id === made.link._id);
    expect(mine).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('192.0.2.77');
    expect(mine[0]!.address_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
