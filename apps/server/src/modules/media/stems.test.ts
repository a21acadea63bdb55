// A version's stem set (issue #36): stems uploaded raw or multipart, measured from the files themselves,
// named from the file and made unique, roles, replaced, renamed, deleted with their bytes, counted in the
// project's totals, and played with ranges as a version is.
import { createHash } from 'node:crypto';
import { STEMS_PER_VERSION_MAX } from '@mixdesk/contract/stems';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import { encodedLavfi, type ProjectWithPeople, projectWithPeople } from './media-testing.ts';
import {
  fileSizes,
  framesWav,
  type Mix,
  sendRawStem,
  sendStem,
  stemKeyOf,
  stored,
  trackWithMix,
} from './stems-testing.ts';

let t: TestApp;
let p: ProjectWithPeople;
let mix: Mix;

beforeAll(async () => {
  t = await createTestApp();
  p = await projectWithPeople(t.app);
  mix = await trackWithMix(t.app, p.owner.token, p.projectId);
});
// Every upload queues jobs (waveform, copies, analysis, null test): they end before the next test looks.
afterEach(() => jobQueue(t.app.ctx).idle());
afterAll(async () => {
  await t.close();
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const as = (token: string, method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const list = async (m: Mix = mix, token = p.owner.token) => {
  const res = await as(token, 'GET', m.url);
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    stems: { _id: string; name: string; role: string | null; issues: { kind: string; message: string }[] }[];
    nullTest: { status: string | null; stemCount: number };
    limit: number;
  };
};

describe('uploading a stem', () => {
  it('raw, with its fields in the query string: measured from the file, named by it, stored under the project', async () => {
    const wav = framesWav(88_200);
    const res = await sendRawStem(t.app, p.editor.token, mix.url, wav, 'Kick In.wav', { role: 'drums' });
    expect(res.statusCode).toBe(201);
    const { stem } = res.json().data;
    expect(stem).toMatchObject({
      versionId: mix.versionId,
      trackId: mix.trackId,
      projectId: p.projectId,
      name: 'Kick In',
      role: 'drums',
      originalName: 'Kick In.wav',
      format: 'wav',
      mime: 'audio/wav',
      size: wav.length,
      frames: 88_200,
      sampleRate: 44_100,
      bitDepth: 16,
      channels: 2,
      issues: [],
      uploadedBy: { _id: p.editor.user._id, name: 'Editor' },
    });
    expect(stem.duration).toBeCloseTo(2, 5);
    expect(await stemKeyOf(t.app, stem._id)).toBe(`projects/${p.projectId}/stems/${stem._id}`);
    const audio = await as(p.owner.token, 'GET', stem.audioUrl);
    expect(audio.statusCode).toBe(200);
    expect(sha(audio.rawPayload)).toBe(sha(wav));
  });

  it('multipart, its fields before the file: a 24-bit FLAC, measured by its stream', async () => {
    const flac = await encodedLavfi(
      'sine=frequency=110:sample_rate=44100:duration=2',
      ['-c:a', 'flac', '-sample_fmt', 's32', '-bits_per_raw_sample', '24'],
      'flac',
    );
    const res = await sendStem(t.app, p.owner.token, mix.url, flac, 'bass.flac', {
      name: 'Bass DI',
      role: 'Bass',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.stem).toMatchObject({
      name: 'Bass DI',
      role: 'bass',
      format: 'flac',
      mime: 'audio/flac',
      size: flac.length,
      frames: 88_200,
      sampleRate: 44_100,
      bitDepth: 24,
      channels: 1,
    });
  });

  it('a name a stem already has is made unique, in upload order', async () => {
    const m = await trackWithMix(t.app, p.owner.token, p.projectId, { title: 'Names' });
    const names = [];
    for (let i = 0; i < 3; i++) {
      const res = await sendStem(t.app, p.owner.token, m.url, framesWav(88_200), 'Vox.wav');
      expect(res.statusCode).toBe(201);
      names.push(res.json().data.stem.name);
    }
    const given = await sendStem(t.app, p.owner.token, m.url, framesWav(88_200), 'x.wav', {
      name: 'Vox (2)',
    });
    expect([...names, given.json().data.stem.name]).toEqual(['Vox', 'Vox (2)', 'Vox (3)', 'Vox (2) (2)']);
    expect((await list(m)).stems.map((s) => s.name)).toEqual(['Vox', 'Vox (2)', 'Vox (2) (2)', 'Vox (3)']);
  });

  it('a burst of uploads with one name ends with as many distinct names and no server error', async () => {
    const m = await trackWithMix(t.app, p.owner.token, p.projectId, { title: 'Burst' });
    const wav = framesWav(22_050);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2 === 0
          ? sendStem(t.app, p.owner.token, m.url, wav, 'Pad.wav')
          : sendRawStem(t.app, p.owner.token, m.url, wav, 'Pad.wav'),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const names = answers.map((r) => r.json().data.stem.name);
    expect(new Set(names).size).toBe(8);
    expect(names.sort()).toEqual(['Pad', ...[2, 3, 4, 5, 6, 7, 8].map((n) => `Pad (${n})`)].sort());
  });

  it('roles: one of the offered ones in any case, free text, or none', async () => {
    const m = await trackWithMix(t.app, p.owner.token, p.projectId, { title: 'Roles' });
    const roleOf = async (role: string, name: string) => {
      const res = await sendStem(t.app, p.owner.token, m.url, framesWav(4410), `${name}.wav`, { role });
      expect(res.statusCode).toBe(201);
      return res.json().data.stem.role;
    };
    expect(await roleOf('FX', 'a')).toBe('fx');
    expect(await roleOf('  Room mics ', 'b')).toBe('Room mics');
    expect(await roleOf('', 'c')).toBeNull();
    expect(await roleOf('x'.repeat(60), 'd')).toBe('x'.repeat(60));
  });
});

describe('a stem set against its mix', () => {
  it('a stem one sample longer agrees; two samples longer, at another rate or depth, is told plainly', async () => {
    const m = await trackWithMix(t.app, p.owner.token, p.projectId, { title: 'Checks' });
    const send = async (data: Buffer, name: string) =>
      expect((await sendStem(t.app, p.owner.token, m.url, data, `${name}.wav`)).statusCode).toBe(201);
    await send(framesWav(88_200), 'a same');
    await send(framesWav(88_201), 'b one longer');
    await send(framesWav(88_199), 'c one shorter');
    await send(framesWav(88_202), 'd two longer');
    await send(framesWav(88_197), 'e three shorter');
    await send(framesWav(96_000, 48_000), 'f 48k');
    await send(
      await encodedLavfi('sine=frequency=220:sample_rate=44100:duration=2', ['-c:a', 'pcm_s24le'], 'wav'),
      'g 24-bit',
    );
    await send(framesWav(44_100 * 3), 'h a second longer');
    const issues = Object.fromEntries(
      (await list(m)).stems.map((s) => [s.name, s.issues.map((i) => i.message)]),
    );
    expect(issues).toEqual({
      'a same': [],
      'b one longer': [],
      'c one shorter': [],
      'd two longer': ['Longer than the mix by 2 samples'],
      'e three shorter': ['Shorter than the mix by 3 samples'],
      'f 48k': ['48 kHz, the mix is 44.1 kHz'],
      'g 24-bit': ['24-bit, the mix is 16-bit'],
      'h a second longer': ['Longer than the mix by 44,100 samples (1.00 s)'],
    });
  });

  it('a mix whose length falls between milliseconds is compared to the sample', async () => {
    // 88,201 frames: 2.0000227 s, which the version's duration keeps as 2.000.
    const m = await trackWithMix(t.app, p.owner.token, p.projectId, { title: 'Odd', frames: 88_201 });
    await sendStem(t.app, p.owner.token, m.url, framesWav(88_202), 'one.wav');
    await sendStem(t.app, p.owner.token, m.url, framesWav(88_199), 'two.wav');
    await sendStem(t.app, p.owner.token, m.url, framesWav(88_200), 'zero.wav');
    const issues = Object.fromEntries(
      (await list(m)).stems.map((s) => [s.name, s.issues.map((i) => i.message)]),
    );
    expect(issues).toEqual({ one: [], two: ['Shorter than the mix by 2 samples'], zero: [] });
  });

  it('lists the stems with the null test of the set and the limit; a viewer may list and play', async () => {
    const m = await trackWithMix(t.app, p.owner.token, p.projectId, { title: 'Listed' });
    const empty = await list(m, p.viewer.token);
    expect(empty).toMatchObject({
      stems: [],
      limit: STEMS_PER_VERSION_MAX,
      nullTest: { status: null, stemCount: 0 },
    });
    await sendStem(t.app, p.owner.token, m.url, framesWav(88_200), 'one.wav');
    await sendStem(t.app, p.owner.token, m.url, framesWav(88_200), 'two.wav');
    const two = await list(m, p.viewer.token);
    expect(two.stems.map((s) => s.name)).toEqual(['one', 'two']);
    expect(two.nullTest.stemCount).toBe(2);
    expect(two.nullTest.status).not.toBeNull();
    const play = await t.app.inject({
      url: `${m.url}/${two.stems[0]!._id}/audio`,
      headers: bearer(p.viewer.token),
    });
    expect(play.statusCode).toBe(200);
  });
});

describe('changing a stem', () => {
  it('replace: the stem keeps its id, name and role, takes the new audio, and the old bytes go', async () => {
    const m = await trackWithMix(t.app, p.owner.token, p.projectId, { title: 'Replace' });
    const first = (
      await sendStem(t.app, p.owner.token, m.url, framesWav(88_200), 'Gtr.wav', { role: 'guitars' })
    ).json().data.stem;
    const oldKey = await stemKeyOf(t.app, first._id);
    const wav = framesWav(96_000, 48_000, 330);
    const res = await sendRawStem(t.app, p.editor.token, m.url, wav, 'Gtr take 2.wav', {
      replace: first._id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.stem).toMatchObject({
      _id: first._id,
      name: 'Gtr',
      role: 'guitars',
      originalName: 'Gtr take 2.wav',
      size: wav.length,
      sampleRate: 48_000,
      frames: 96_000,
      uploadedBy: { _id: p.editor.user._id },
    });
    expect(await stored(t.app, oldKey)).toBe(false);
    // The same URL answers the new audio, and a client holding the old one's ETag gets it too.
    const before = await as(p.owner.token, 'GET', first.audioUrl);
    expect(before.headers['cache-control']).toBe('private, no-cache');
    const audio = await t.app.inject({
      url: res.json().data.stem.audioUrl,
      headers: { ...bearer(p.owner.token), 'if-none-match': `"${oldKey.split('/').pop()}"` },
    });
    expect(audio.statusCode).toBe(200);
    expect(sha(audio.rawPayload)).toBe(sha(wav));
    const same = await t.app.inject({
      url: first.audioUrl,
      headers: { ...bearer(p.owner.token), 'if-none-match': String(audio.headers.etag) },
    });
    expect(same.statusCode).toBe(304);
    // Given a name and role, the replacement takes them.
    const again = await sendStem(t.app, p.owner.token, m.url, framesWav(88_200), 'x.wav', {
      replace: first._id,
      name: 'Guitar L',
      role: '',
    });
    expect(again.json().data.stem).toMatchObject({ _id: first._id, name: 'Guitar L', role: null });
    expect((await list(m)).stems).toHaveLength(1);
    await jobQueue(t.app.ctx).idle();
    const sizes = await fileSizes(t.app, p.projectId);
    expect(sizes.stored).toBe(sizes.expected);
  });

  it('rename and role: a name another stem has is made unique; the role can be cleared', async () => {
    const m = await trackWithMix(t.app, p.owner.token, p.projectId, { title: 'Rename' });
    const a = (await sendStem(t.app, p.owner.token, m.url, framesWav(4410), 'Keys.wav')).json().data.stem;
    const b = (
      await sendStem(t.app, p.owner.token, m.url, framesWav(4410), 'Synth.wav', { role: 'keys' })
    ).json().data.stem;
    const renamed = await as(p.editor.token, 'PATCH', `${m.url}/${b._id}`, { name: 'Keys' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.stem).toMatchObject({ _id: b._id, name: 'Keys (2)', role: 'keys' });
    const same = await as(p.owner.token, 'PATCH', `${m.url}/${a._id}`, { name: 'Keys' });
    expect(same.json().data.stem.name).toBe('Keys');
    const cleared = await as(p.owner.token, 'PATCH', `${m.url}/${b._id}`, { role: null, name: 'Pad' });
    expect(cleared.json().data.stem).toMatchObject({ name: 'Pad', role: null });
    const free = await as(p.owner.token, 'PATCH', `${m.url}/${b._id}`, { role: 'Choir' });
    expect(free.json().data.stem).toMatchObject({ name: 'Pad', role: 'Choir' });
  });

  it('delete: the row, then its bytes; the project total goes down by its size', async () => {
    const m = await trackWithMix(t.app, p.owner.token, p.projectId, { title: 'Delete' });
    const wav = framesWav(44_100);
    const stem = (await sendStem(t.app, p.owner.token, m.url, wav, 'Gone.wav')).json().data.stem;
    const key = await stemKeyOf(t.app, stem._id);
    await jobQueue(t.app.ctx).idle();
    const before = await fileSizes(t.app, p.projectId);
    expect(before.stored).toBe(before.expected);
    const res = await as(p.editor.token, 'DELETE', `${m.url}/${stem._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.stem._id).toBe(stem._id);
    expect(await stored(t.app, key)).toBe(false);
    const after = await fileSizes(t.app, p.projectId);
    expect(after.stored).toBe(before.stored - wav.length);
    expect((await list(m)).stems).toEqual([]);
    expect((await list(m)).nullTest).toMatchObject({ status: null, stemCount: 0 });
    expect((await as(p.owner.token, 'GET', stem.audioUrl)).statusCode).toBe(404);
  });
});

describe('a stem’s audio', () => {
  it('streams whole, by range (206), as a download, and refuses a range past the end (416)', async () => {
    const wav = framesWav(44_100);
    const stem = (await sendStem(t.app, p.owner.token, mix.url, wav, 'Ranged.wav')).json().data.stem;
    const part = await t.app.inject({
      url: stem.audioUrl,
      headers: { ...bearer(p.owner.token), range: 'bytes=100-199' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${wav.length}`);
    expect(part.rawPayload.equals(wav.subarray(100, 200))).toBe(true);
    const past = await t.app.inject({
      url: stem.audioUrl,
      headers: { ...bearer(p.owner.token), range: `bytes=${wav.length}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${wav.length}`);
    expect(past.json()).toMatchObject({ success: false });
    const download = await t.app.inject({
      url: `${stem.audioUrl}?download=1`,
      headers: bearer(p.owner.token),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Ranged.wav"/);
    expect(download.headers['content-type']).toBe('audio/wav');
    expect(Number(download.headers['content-length'])).toBe(wav.length);
  });
});
