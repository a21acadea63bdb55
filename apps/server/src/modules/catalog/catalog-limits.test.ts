// The catalogue's limits and guards (issue #37) at the limit, one over, and under a burst of 100 parallel
// requests: the 10,000th work is made and the next refused, a burst from 5 short of the limit makes exactly 5;
// the 2,000th release likewise; 100 recordings asking for one ISRC at once leave it on exactly one; 100 first
// asks for the calendar give one address, and 100 resets leave exactly one working address of those answered.
import { RELEASES_PER_USER_MAX, WORKS_PER_USER_MAX } from '@mixdesk/contract/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  RAISED_RATE_LIMITS,
  registerUser,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import { addTrack } from '../media/media-testing.ts';
import {
  projectWithTrack,
  recordingBody,
  recordingUrl,
  releaseBody,
  send,
  workBody,
} from './catalog-testing.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** `n` works (or releases) written straight to the table: the set-up for a limit, not what is tested. */
async function fill(table: 'works' | 'releases', ownerId: string, n: number) {
  const now = nowIso();
  const rows = Array.from({ length: n }, (_, i) =>
    table === 'works'
      ? {
          id: newId(),
          owner_id: ownerId,
          title: `W${i}`,
          iswc: null,
          writers: '[]',
          publishers: '[]',
          splits_status: 'draft',
          created_at: now,
          updated_at: now,
        }
      : {
          id: newId(),
          owner_id: ownerId,
          title: `R${i}`,
          type: 'single',
          upc: null,
          label: '',
          catalogue_number: '',
          release_date: null,
          c_line: '',
          artwork_key: null,
          artwork_format: null,
          artwork_width: null,
          artwork_height: null,
          artwork_size: null,
          created_at: now,
          updated_at: now,
        },
  );
  for (let i = 0; i < rows.length; i += 500)
    await t.app.ctx.db
      .insertInto(table)
      .values(rows.slice(i, i + 500) as never)
      .execute();
}

const count = async (table: 'works' | 'releases', ownerId: string) =>
  Number(
    (
      await t.app.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('owner_id', '=', ownerId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('how many works and releases an account holds', () => {
  it(`makes the ${WORKS_PER_USER_MAX.toLocaleString('en-US')}th work and refuses the next with 409`, async () => {
    const me = await registerUser(t.app, { name: 'Prolific' });
    await fill('works', me.user._id, WORKS_PER_USER_MAX - 1);
    expect((await send(t.app, me, 'POST', '/api/works', workBody())).statusCode).toBe(201);
    const over = await send(t.app, me, 'POST', '/api/works', workBody());
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('You already have 10,000 works, the most one account can hold');
    expect(await count('works', me.user._id)).toBe(WORKS_PER_USER_MAX);
  });

  it('a burst of 100 from 5 short of the limit makes exactly 5', async () => {
    const me = await registerUser(t.app, { name: 'Bursty' });
    await fill('works', me.user._id, WORKS_PER_USER_MAX - 5);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => send(t.app, me, 'POST', '/api/works', workBody())),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(95);
    expect(await count('works', me.user._id)).toBe(WORKS_PER_USER_MAX);
  });

  it(`makes the ${RELEASES_PER_USER_MAX.toLocaleString('en-US')}th release and refuses the next with 409`, async () => {
    const me = await registerUser(t.app, { name: 'Label' });
    const track = await projectWithTrack(t.app, me);
    await fill('releases', me.user._id, RELEASES_PER_USER_MAX - 1);
    expect((await send(t.app, me, 'POST', '/api/releases', releaseBody([track]))).statusCode).toBe(201);
    const over = await send(t.app, me, 'POST', '/api/releases', releaseBody([track]));
    expect(over.statusCode).toBe(409);
    expect(await count('releases', me.user._id)).toBe(RELEASES_PER_USER_MAX);
  });
});

describe('guards under a burst of 100', () => {
  it('one ISRC asked for by 100 recordings at once ends on exactly one of them', async () => {
    const me: SignedIn = await registerUser(t.app, { name: 'Racer' });
    const first = await projectWithTrack(t.app, me, 'Track 0');
    const tracks = [first];
    for (let i = 1; i < 100; i++)
      tracks.push({
        projectId: first.projectId,
        trackId: (await addTrack(t.app, me.token, first.projectId, { title: `Track ${i}` }))._id,
      });
    const answers = await Promise.all(
      tracks.map((p) => send(t.app, me, 'PUT', recordingUrl(p), recordingBody({ isrc: 'GB-RAC-26-00001' }))),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(99);
    const holders = await t.app.ctx.db
      .selectFrom('recordings')
      .select('track_id')
      .where('owner_id', '=', me.user._id)
      .where('isrc', '=', 'GBRAC2600001')
      .execute();
    expect(holders).toHaveLength(1);
  });

  it('100 first asks for the calendar give one address; 100 resets leave one working address', async () => {
    // Its own app with the limits raised: 101 feed reads from one address pass the feed's limit (tested below).
    const raised = await createTestApp(RAISED_RATE_LIMITS);
    try {
      const me = await registerUser(raised.app, { name: 'Planner' });
      const asked = await Promise.all(
        Array.from({ length: 100 }, () => send(raised.app, me, 'GET', '/api/calendar')),
      );
      expect(new Set(asked.map((a) => a.json().data.url)).size).toBe(1);
      const resets = await Promise.all(
        Array.from({ length: 100 }, () => send(raised.app, me, 'POST', '/api/calendar/reset')),
      );
      expect(resets.every((r) => r.statusCode === 200)).toBe(true);
      const urls = [asked[0]!.json().data.url as string, ...resets.map((r) => r.json().data.url as string)];
      const feeds = await Promise.all(urls.map((url) => raised.app.inject({ url: new URL(url).pathname })));
      const working = urls.filter((_, i) => feeds[i]!.statusCode === 200);
      expect(working).toHaveLength(1);
      expect(feeds.filter((f) => f.statusCode === 404)).toHaveLength(urls.length - 1);
      expect((await send(raised.app, me, 'GET', '/api/calendar')).json().data.url).toBe(working[0]);
    } finally {
      await raised.close();
    }
  });

  it('the feed answers 60 reads a minute from one address, and the 61st gets 429 with Retry-After', async () => {
    const me = await registerUser(t.app, { name: 'Poller' });
    const path = new URL((await send(t.app, me, 'GET', '/api/calendar')).json().data.url).pathname;
    const reads = await Promise.all(Array.from({ length: 61 }, () => t.app.inject({ url: path })));
    const codes = reads.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(60);
    const refused = reads.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.headers['retry-after']).toBeDefined();
    expect(refused[0]!.json().message).toMatch(/^Too many calendar feed requests in a short time\./);
  });
});
