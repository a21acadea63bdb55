// The waveform job: runs once per upload after the answer, keeps its queue in the database (a restart or
// another instance picks up abandoned work), sets the exact duration and the project's totals with it, and
// gives up on a file that cannot be decoded without taking the version away.
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { isoIn } from '../../platform/ids.ts';
import {
  addTrack,
  encodedSine,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  totalsCheck,
  uploadVersion,
} from './media-testing.ts';
import { peakJobs } from './peak-jobs.ts';

let t: TestApp;
let p: ProjectWithPeople;

beforeAll(async () => {
  t = await createTestApp();
  p = await projectWithPeople(t.app);
});
afterAll(async () => {
  await t.close();
});

const row = (id: string) =>
  t.app.ctx.db
    .selectFrom('track_versions')
    .select(['peaks_status', 'peaks_attempts', 'peaks_claimed_at', 'duration', 'storage_key', 'peaks'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const setRow = (id: string, values: Record<string, unknown>) =>
  t.app.ctx.db.updateTable('track_versions').set(values).where('id', '=', id).execute();

async function uploaded(data: Buffer = sineWav({ seconds: 1 }), name = 'a.wav') {
  const track = await addTrack(t.app, p.owner.token, p.projectId);
  const res = await uploadVersion(t.app, p.owner.token, p.projectId, track._id, data, name);
  expect(res.statusCode).toBe(201);
  return res.json().data.version as { _id: string; peaksUrl: string; duration: number };
}

describe('the waveform job', () => {
  it('answers the upload first, then stores peaks once and the exact duration, moving the totals with it', async () => {
    const version = await uploaded(await encodedSine('mp3', 2), 'take.mp3');
    await peakJobs(t.app.ctx).idle();
    const after = await row(version._id);
    expect(after.peaks_status).toBe('ready');
    expect(after.peaks_claimed_at).toBeNull();
    expect(Number(after.duration)).not.toBe(version.duration);
    const check = await totalsCheck(t.app, p.projectId);
    expect(check.stored.totalDuration).toBeCloseTo(check.expected.totalDuration, 9);
    const peaks = (await t.app.inject({ url: version.peaksUrl, headers: bearer(p.owner.token) })).json().data;
    expect(peaks).toMatchObject({ status: 'ready', duration: Number(after.duration) });
  });

  it('shows a pending waveform as pending, with no peaks yet', async () => {
    const version = await uploaded();
    await peakJobs(t.app.ctx).idle();
    await setRow(version._id, { peaks_status: 'pending', peaks: '[]', peaks_claimed_at: isoIn(0) });
    const res = await t.app.inject({ url: version.peaksUrl, headers: bearer(p.owner.token) });
    expect(res.json().data).toMatchObject({ status: 'pending', peaks: [] });
    // Never cached while pending: the player asks again until the waveform is there.
    expect(res.headers['cache-control']).toBe('no-store');
    await setRow(version._id, { peaks_status: 'ready', peaks_claimed_at: null });
    const ready = await t.app.inject({ url: version.peaksUrl, headers: bearer(p.owner.token) });
    expect(ready.headers['cache-control']).toBe('private, max-age=86400');
  });

  it('picks up work an earlier run left pending, and leaves a fresh claim of another instance alone', async () => {
    const abandoned = await uploaded();
    const fresh = await uploaded();
    await peakJobs(t.app.ctx).idle();
    await setRow(abandoned._id, {
      peaks_status: 'pending',
      peaks: '[]',
      peaks_claimed_at: isoIn(-11 * 60_000),
    });
    await setRow(fresh._id, { peaks_status: 'pending', peaks: '[]', peaks_claimed_at: isoIn(-60_000) });
    peakJobs(t.app.ctx).kick();
    await peakJobs(t.app.ctx).idle();
    expect((await row(abandoned._id)).peaks_status).toBe('ready');
    expect((await row(fresh._id)).peaks_status).toBe('pending');
    await setRow(fresh._id, { peaks_status: 'ready' });
  });

  it('marks a file it cannot decode as failed after three attempts; the version stays', async () => {
    const version = await uploaded();
    await peakJobs(t.app.ctx).idle();
    const { storage_key } = await row(version._id);
    writeFileSync(t.app.ctx.storage.localPath!(storage_key), Buffer.alloc(10_000, 0x41));
    await setRow(version._id, {
      peaks_status: 'pending',
      peaks: '[]',
      peaks_attempts: 0,
      peaks_claimed_at: null,
    });
    peakJobs(t.app.ctx).kick();
    await peakJobs(t.app.ctx).idle();
    expect(await row(version._id)).toMatchObject({
      peaks_status: 'failed',
      peaks_attempts: 3,
      peaks_claimed_at: null,
    });
    const res = await t.app.inject({ url: version.peaksUrl, headers: bearer(p.owner.token) });
    expect(res.json().data).toMatchObject({ status: 'failed', peaks: [] });
  });

  it('keeps working after a version it was about to decode is deleted', async () => {
    const track = await addTrack(t.app, p.owner.token, p.projectId);
    const res = await uploadVersion(t.app, p.owner.token, p.projectId, track._id, sineWav({ seconds: 2 }));
    const gone = res.json().data.version._id;
    await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${p.projectId}/tracks/${track._id}`,
      headers: bearer(p.owner.token),
    });
    const next = await uploaded();
    await peakJobs(t.app.ctx).idle();
    expect(
      await t.app.ctx.db.selectFrom('track_versions').select('id').where('id', '=', gone).execute(),
    ).toEqual([]);
    expect((await row(next._id)).peaks_status).toBe('ready');
    const check = await totalsCheck(t.app, p.projectId);
    expect(check.stored.totalFileSize).toBe(check.expected.totalFileSize);
  });
});
