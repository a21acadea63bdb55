// Bad input to works, recordings and releases (issue #37): a table of invalid inputs, each refused with 400 (or
// 404/409 where the thing named is missing or taken) and its own message, and nothing stored: the counts of
// rows stay as they were and the saved recording is unchanged. Limits are tried at the limit and one over.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { RECORDING_CASES, RELEASE_CASES, shares, WORK_CASES } from './catalog-bad-input-cases.ts';
import {
  CODES,
  projectWithTrack,
  recordingBody,
  recordingUrl,
  releaseBody,
  send,
  workBody,
  writer,
} from './catalog-testing.ts';

let t: TestApp;
let me: SignedIn;
let stranger: SignedIn;
let track: { projectId: string; trackId: string };
let other: { projectId: string; trackId: string };
let theirs: { projectId: string; trackId: string };

beforeAll(async () => {
  t = await createTestApp();
  me = await registerUser(t.app, { name: 'Catalog Owner' });
  stranger = await registerUser(t.app, { name: 'Stranger' });
  track = await projectWithTrack(t.app, me, 'Saved Song');
  other = await projectWithTrack(t.app, me, 'Other Song');
  theirs = await projectWithTrack(t.app, stranger, 'Their Song');
  const saved = await send(t.app, me, 'PUT', recordingUrl(track), recordingBody({ studio: 'Original' }));
  expect(saved.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

async function snapshot() {
  const n = async (table: 'works' | 'recordings' | 'releases' | 'release_tracks') =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const recording = await t.app.ctx.db
    .selectFrom('recordings')
    .selectAll()
    .where('track_id', '=', track.trackId)
    .executeTakeFirst();
  return {
    works: await n('works'),
    recordings: await n('recordings'),
    releases: await n('releases'),
    lines: await n('release_tracks'),
    recording,
  };
}

describe('a table of bad input, each refused with its message and nothing stored', () => {
  it('has at least 50 cases', () => {
    expect(WORK_CASES.length + RECORDING_CASES.length + RELEASE_CASES.length).toBeGreaterThanOrEqual(50);
  });

  it.each(WORK_CASES)('work: %s', async (_name, body, status, message) => {
    const before = await snapshot();
    const res = await send(t.app, me, 'POST', '/api/works', body);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false });
    expect(res.json().message).toContain(message);
    expect(await snapshot()).toEqual(before);
  });

  it.each(RECORDING_CASES)('recording: %s', async (_name, body, status, message) => {
    const before = await snapshot();
    const res = await send(t.app, me, 'PUT', recordingUrl(track), body);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false });
    expect(res.json().message).toContain(message);
    expect(await snapshot()).toEqual(before);
  });

  it.each(RELEASE_CASES)('release: %s', async (_name, body, status, message) => {
    const before = await snapshot();
    const res = await send(t.app, me, 'POST', '/api/releases', body({ track, other, theirs }));
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false });
    expect(res.json().message).toContain(message);
    expect(await snapshot()).toEqual(before);
  });

  it('a duplicate ISRC is refused with 409 and the other recording keeps its own', async () => {
    await send(t.app, me, 'PUT', recordingUrl(other), recordingBody({ isrc: 'GB-XYZ-26-00009' }));
    const before = await snapshot();
    const res = await send(t.app, me, 'PUT', recordingUrl(track), recordingBody({ isrc: 'GBXYZ2600009' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('ISRC GBXYZ2600009 is already used by "Other Song"');
    expect(await snapshot()).toEqual(before);
  });
});

describe('limits at the limit and one over', () => {
  it('a title of 200 characters is taken', async () => {
    const res = await send(t.app, me, 'POST', '/api/works', workBody({ title: 'x'.repeat(200) }));
    expect(res.statusCode).toBe(201);
  });

  it('50 writers are taken (51 refused above)', async () => {
    const writers = Array.from({ length: 50 }, (_, i) => writer({ name: `W${i}`, shareBasisPoints: 200 }));
    const res = await send(t.app, me, 'POST', '/api/works', workBody({ writers, publishers: [] }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.work.writers).toHaveLength(50);
  });

  it('shares of exactly 10,000 split three ways are taken', async () => {
    const res = await send(t.app, me, 'POST', '/api/works', workBody(shares(3334, 3333, 3333)));
    expect(res.statusCode).toBe(201);
  });

  it('BPM 20 and 999 are taken', async () => {
    for (const bpm of [20, 999]) {
      const res = await send(t.app, me, 'PUT', recordingUrl(other), recordingBody({ isrc: null, bpm }));
      expect(res.statusCode).toBe(200);
      expect(res.json().data.recording.bpm).toBe(bpm);
    }
  });

  it('200 credits are taken', async () => {
    const credits = Array.from({ length: 200 }, (_, i) => ({ name: `C${i}`, role: 'producer' }));
    const res = await send(t.app, me, 'PUT', recordingUrl(other), recordingBody({ isrc: null, credits }));
    expect(res.statusCode).toBe(200);
  });

  it('a valid UPC-A and EAN-13 from GS1 are taken', async () => {
    for (const upc of [CODES.upc, CODES.ean]) {
      const res = await send(t.app, me, 'POST', '/api/releases', releaseBody([track], { upc }));
      expect(res.statusCode).toBe(201);
    }
  });
});
