// Versions: real audio in every accepted format, measured from the file itself, peaks from a full decode,
// one current version, and the project's totals moving with each change.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import {
  addTrack,
  ENCODINGS,
  encodedSine,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  totalsCheck,
  uploadVersion,
} from './media-testing.ts';

let t: TestApp;
let p: ProjectWithPeople;

beforeAll(async () => {
  t = await createTestApp();
  p = await projectWithPeople(t.app);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { ...bearer(p.owner.token), ...headers } });
const send = (method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(p.owner.token), ...(payload ? { payload } : {}) });
const storedPath = (key: string) => t.app.ctx.storage.localPath!(key);
const keyOf = async (versionId: string) =>
  (
    await t.app.ctx.db
      .selectFrom('track_versions')
      .select('storage_key')
      .where('id', '=', versionId)
      .executeTakeFirstOrThrow()
  ).storage_key;

describe('uploading a version', () => {
  it('reads duration, sample rate, bit depth and channels from a WAV, and computes its peaks once', async () => {
    const track = await addTrack(t.app, p.owner.token, p.projectId, { title: 'Sine' });
    const wav = sineWav({ seconds: 3, sampleRate: 48_000, channels: 2 });
    const res = await uploadVersion(t.app, p.owner.token, p.projectId, track._id, wav, 'Mix v3.wav', [
      { name: 'label', value: 'Mix v3' },
    ]);
    expect(res.statusCode).toBe(201);
    const { version, track: after, totals } = res.json().data;
    expect(version).toMatchObject({
      label: 'Mix v3',
      originalName: 'Mix v3.wav',
      format: 'wav',
      mime: 'audio/wav',
      size: wav.length,
      duration: 3,
      sampleRate: 48_000,
      bitDepth: 16,
      channels: 2,
      isCurrent: true,
      peaksStatus: 'pending',
      uploadedBy: { _id: p.owner.user._id, name: 'Owner' },
    });
    expect(after.currentVersion._id).toBe(version._id);
    expect(after.versionCount).toBe(1);
    expect(totals).toEqual((await totalsCheck(t.app, p.projectId)).expected);

    await jobQueue(t.app.ctx).idle();
    const peaks = (await get(version.peaksUrl)).json().data;
    expect(peaks.status).toBe('ready');
    expect(peaks.duration).toBe(3);
    expect(peaks.peaks).toHaveLength(1000);
    for (const v of peaks.peaks) expect(v).toBeCloseTo(0.5, 2);
    const stored = await t.app.ctx.db
      .selectFrom('track_versions')
      .select(['storage_key', 'peaks'])
      .where('id', '=', version._id)
      .executeTakeFirstOrThrow();
    expect(stored.storage_key).toBe(`projects/${p.projectId}/tracks/${version._id}`);
    expect(existsSync(storedPath(stored.storage_key))).toBe(true);
  });

  const expectations: Record<
    keyof typeof ENCODINGS,
    { format: string; sampleRate: number; bitDepth: number | null }
  > = {
    wav24: { format: 'wav', sampleRate: 44_100, bitDepth: 24 },
    aiff: { format: 'aiff', sampleRate: 44_100, bitDepth: 16 },
    flac: { format: 'flac', sampleRate: 44_100, bitDepth: 16 },
    mp3: { format: 'mp3', sampleRate: 44_100, bitDepth: null },
    m4a: { format: 'm4a', sampleRate: 44_100, bitDepth: null },
    aac: { format: 'aac', sampleRate: 44_100, bitDepth: null },
    ogg: { format: 'ogg', sampleRate: 44_100, bitDepth: null },
    opus: { format: 'ogg', sampleRate: 48_000, bitDepth: null },
  };

  it.each(Object.keys(ENCODINGS) as (keyof typeof ENCODINGS)[])(
    'accepts %s, measured and with peaks',
    async (kind) => {
      const track = await addTrack(t.app, p.owner.token, p.projectId, { title: kind });
      const res = await uploadVersion(
        t.app,
        p.owner.token,
        p.projectId,
        track._id,
        await encodedSine(kind, 2),
        `take.${kind}`,
      );
      expect(res.statusCode).toBe(201);
      const { version } = res.json().data;
      expect(version).toMatchObject({ ...expectations[kind], channels: 1 });
      expect(version.duration).toBeGreaterThan(1.9);
      expect(version.duration).toBeLessThan(2.2);
      await jobQueue(t.app.ctx).idle();
      const { peaks, status, duration } = (await get(version.peaksUrl)).json().data;
      expect(status).toBe('ready');
      expect(duration).toBeGreaterThan(1.9);
      expect(duration).toBeLessThan(2.2);
      expect(peaks.length).toBeGreaterThan(500);
      expect(Math.max(...peaks)).toBeGreaterThan(0.05);
    },
  );

  it('keeps the current version unless the new one is asked to become current; default labels count up', async () => {
    const track = await addTrack(t.app, p.owner.token, p.projectId, { title: 'Takes' });
    const v1 = (
      await uploadVersion(t.app, p.owner.token, p.projectId, track._id, sineWav({ seconds: 1 }))
    ).json().data;
    const v2 = (
      await uploadVersion(t.app, p.owner.token, p.projectId, track._id, sineWav({ seconds: 2 }))
    ).json().data;
    expect(v1.version.label).toBe('Version 1');
    expect(v2.version).toMatchObject({ label: 'Version 2', isCurrent: false });
    expect(v2.track.currentVersion._id).toBe(v1.version._id);
    const v3 = (
      await uploadVersion(t.app, p.owner.token, p.projectId, track._id, sineWav({ seconds: 4 }), 'a.wav', [
        { name: 'makeCurrent', value: 'true' },
      ])
    ).json().data;
    expect(v3.version.isCurrent).toBe(true);
    const list = (await get(`/api/projects/${p.projectId}/tracks/${track._id}/versions`)).json().data
      .versions;
    expect(list.map((v: { label: string; isCurrent: boolean }) => [v.label, v.isCurrent])).toEqual([
      ['Version 3', true],
      ['Version 2', false],
      ['Version 1', false],
    ]);
    const check = await totalsCheck(t.app, p.projectId);
    expect(check.stored).toEqual(check.expected);
  });
});

describe('choosing, renaming and deleting versions', () => {
  it('makes another version current and moves totalDuration with it', async () => {
    const projectRes = await send('POST', '/api/projects', { title: 'Durations', type: 'single' });
    const projectId = projectRes.json().data.project._id;
    const track = await addTrack(t.app, p.owner.token, projectId);
    const v1 = (
      await uploadVersion(t.app, p.owner.token, projectId, track._id, sineWav({ seconds: 1 }))
    ).json().data;
    const v2 = (
      await uploadVersion(t.app, p.owner.token, projectId, track._id, sineWav({ seconds: 2.5 }))
    ).json().data;
    expect(v2.totals.totalDuration).toBe(1);
    const res = await send(
      'POST',
      `/api/projects/${projectId}/tracks/${track._id}/versions/${v2.version._id}/current`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.version.isCurrent).toBe(true);
    expect(res.json().data.totals).toEqual({
      trackCount: 1,
      totalDuration: 2.5,
      totalFileSize: v1.version.size + v2.version.size,
    });
    const project = (await get(`/api/projects/${projectId}`)).json().data.project;
    expect(project).toMatchObject({
      trackCount: 1,
      totalDuration: 2.5,
      totalFileSize: v1.version.size + v2.version.size,
    });
  });

  it('renames a version, refusing an empty or over-long label', async () => {
    const track = await addTrack(t.app, p.owner.token, p.projectId);
    const { version } = (await uploadVersion(t.app, p.owner.token, p.projectId, track._id, sineWav())).json()
      .data;
    const url = `/api/projects/${p.projectId}/tracks/${track._id}/versions/${version._id}`;
    expect((await send('PUT', url, { label: '  Master (radio edit) ' })).json().data.version.label).toBe(
      'Master (radio edit)',
    );
    for (const label of ['', '   ', 'L'.repeat(101)])
      expect((await send('PUT', url, { label })).statusCode).toBe(400);
    expect((await get(url)).json().data.version.label).toBe('Master (radio edit)');
  });

  it('deleting the current version makes the newest remaining one current and removes the bytes', async () => {
    const track = await addTrack(t.app, p.owner.token, p.projectId);
    const base = `/api/projects/${p.projectId}/tracks/${track._id}/versions`;
    const v1 = (await uploadVersion(t.app, p.owner.token, p.projectId, track._id, sineWav())).json().data
      .version;
    const v2 = (await uploadVersion(t.app, p.owner.token, p.projectId, track._id, sineWav())).json().data
      .version;
    await send('POST', `${base}/${v1._id}/current`);
    const key = await keyOf(v1._id);
    const res = await send('DELETE', `${base}/${v1._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.track.currentVersion._id).toBe(v2._id);
    expect(existsSync(storedPath(key))).toBe(false);
    expect((await get(`${base}/${v1._id}`)).statusCode).toBe(404);
    await send('DELETE', `${base}/${v2._id}`);
    const after = (await get(`/api/projects/${p.projectId}/tracks/${track._id}`)).json().data.track;
    expect(after).toMatchObject({ currentVersion: null, versionCount: 0 });
    // The project's other versions may still be having their copies made, which moves its bytes.
    await jobQueue(t.app.ctx).idle();
    const check = await totalsCheck(t.app, p.projectId);
    expect(check.stored).toEqual(check.expected);
  });

  it('deleting a track removes its versions and their bytes', async () => {
    const track = await addTrack(t.app, p.owner.token, p.projectId);
    const v = (await uploadVersion(t.app, p.owner.token, p.projectId, track._id, sineWav())).json().data
      .version;
    const key = await keyOf(v._id);
    expect((await send('DELETE', `/api/projects/${p.projectId}/tracks/${track._id}`)).statusCode).toBe(200);
    expect(existsSync(storedPath(key))).toBe(false);
    expect(
      await t.app.ctx.db.selectFrom('track_versions').select('id').where('id', '=', v._id).execute(),
    ).toEqual([]);
    const check = await totalsCheck(t.app, p.projectId);
    expect(check.stored).toEqual(check.expected);
  });

  it('answers 404 for a version of another track, and for unknown ids', async () => {
    const a = await addTrack(t.app, p.owner.token, p.projectId);
    const b = await addTrack(t.app, p.owner.token, p.projectId);
    const v = (await uploadVersion(t.app, p.owner.token, p.projectId, a._id, sineWav())).json().data.version;
    const wrong = `/api/projects/${p.projectId}/tracks/${b._id}/versions/${v._id}`;
    for (const url of [wrong, `${wrong}/audio`, `${wrong}/peaks`])
      expect((await get(url)).statusCode).toBe(404);
    expect((await send('POST', `${wrong}/current`)).statusCode).toBe(404);
    expect((await send('DELETE', wrong)).statusCode).toBe(404);
    expect((await get(`/api/projects/${p.projectId}/tracks/${a._id}/versions/nope`)).statusCode).toBe(404);
  });
});
