// "Export markers" (issue #35): a version's threads as an Audacity label track, a REAPER marker list, a MIDI
// file and a WAV copy with cue points, each read back by a parser nobody here wrote, every time checked to the
// millisecond against the comments as they were written.
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import { keepFigures } from '../analysis/public.ts';
import { encodedSine, sineWav, uploadVersion } from '../media/media-testing.ts';
import { decoders } from '../media/public.ts';
import {
  addVersion,
  type CommentsFixture,
  call,
  commentsFixture,
  commentsUrl,
  postComment,
} from './comments-testing.ts';
import {
  allJobsDone,
  clockSeconds,
  type Expected,
  parseCsv,
  readMidi,
  readWav,
  sameMs,
  samplesGone,
  samplesMd5,
} from './markers-testing.ts';

let t: TestApp;
let f: CommentsFixture;
/** A 70-second stereo version at 8 kHz with the threads below on it, and its upload. */
let mix: { id: string; wav: Buffer };
let expected: Expected[];

const markersUrl = (versionId: string, format?: string) =>
  `/api/projects/${f.projectId}/tracks/${f.trackId}/versions/${versionId}/markers${format ? `?format=${format}` : ''}`;

async function exported(versionId: string, format: string, token = f.owner.token) {
  const res = await call(t.app, token, 'GET', markersUrl(versionId, format));
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const samplesRemoved = () => samplesGone(t.app);
const jobsDone = () => allJobsDone(t.app);

beforeAll(async () => {
  t = await createTestApp();
  f = await commentsFixture(t.app);
  const wav = sineWav({ seconds: 70, sampleRate: 8000, channels: 2 });
  const res = await uploadVersion(t.app, f.owner.token, f.projectId, f.trackId, wav, 'mix.wav', [
    { name: 'label', value: 'Mix 3 / "final"' },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  mix = { id: res.json().data.version._id, wav };
  const url = commentsUrl(f.projectId, f.trackId, mix.id);
  const quoted = await postComment(t.app, f.owner.token, url, {
    body: 'Kick is "too" loud, really',
    at: 1.234,
  });
  const ranged = await postComment(t.app, f.viewer.token, url, {
    body: 'Vocal\tdoubles\nclash here',
    at: 62.5,
    end: 64.75,
  });
  await call(t.app, f.owner.token, 'POST', `${url}/${ranged._id}/resolve`);
  await postComment(t.app, f.editor.token, url, { body: 'ミックスのバランスが良い', at: 5.5 });
  await postComment(t.app, f.editor.token, url, { body: 'الصوت واضح جدا', at: 7.25, end: 9.5 });
  await postComment(t.app, f.viewer.token, url, { body: '🔥🎸 drop hits hard 👏🏽', at: 45.678 });
  // A reply is no marker, nor a deleted thread's placeholder (kept for the reply under it).
  await postComment(t.app, f.editor.token, url, { body: 'Agreed', at: 1.234, parentId: quoted._id });
  const gone = await postComment(t.app, f.viewer.token, url, { body: 'Never mind', at: 20 });
  await postComment(t.app, f.owner.token, url, { body: 'Too late', at: 20, parentId: gone._id });
  expect((await call(t.app, f.viewer.token, 'DELETE', `${url}/${gone._id}`)).statusCode).toBe(200);
  expected = [
    { at: 1.234, end: null, label: 'Owner: Kick is "too" loud, really' },
    { at: 5.5, end: null, label: 'Editor: ミックスのバランスが良い' },
    { at: 7.25, end: 9.5, label: 'Editor: الصوت واضح جدا' },
    { at: 45.678, end: null, label: 'Viewer: 🔥🎸 drop hits hard 👏🏽' },
    { at: 62.5, end: 64.75, label: 'Viewer: Vocal\tdoubles\nclash here [resolved]' },
  ];
  await jobsDone();
  await keepFigures(
    t.app.ctx.db,
    { id: mix.id, projectId: f.projectId },
    {
      integratedLufs: -20,
      loudnessRange: 1,
      truePeakDbtp: -6,
      samplePeakDbfs: -6,
      tempoBpm: 93.5,
      tempoConfidence: 0.9,
      shortTerm: [],
    },
  );
});
afterAll(async () => {
  await t.close();
});

describe('markers of a version', () => {
  it('as an Audacity label track: one line a thread, tab-separated seconds, tabs and line breaks as spaces', async () => {
    const res = await exported(mix.id, 'audacity', f.viewer.token);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      // The slash would read as a folder: a dash in its place; the quotes stay in the exact name only.
      `attachment; filename="Intro - Mix 3 - _final_ markers.txt"; filename*=UTF-8''Intro%20-%20Mix%203%20-%20%22final%22%20markers.txt`,
    );
    const lines = res.body.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(expected.length);
    lines.forEach((line, i) => {
      const [start, end, label, ...rest] = line.split('\t');
      const want = expected[i]!;
      expect(rest).toEqual([]);
      expect(start).toMatch(/^\d+\.\d{6}$/);
      sameMs(Number(start), want.at);
      sameMs(Number(end), want.end ?? want.at);
      expect(label).toBe(want.label.replace(/[\t\n]/g, ' '));
    });
  });

  it('as a REAPER marker/region list: M and R rows, names quoted as RFC 4180 says', async () => {
    const res = await exported(mix.id, 'reaper');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(
      "UTF-8''Intro%20-%20Mix%203%20-%20%22final%22%20markers.csv",
    );
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual(['#', 'Name', 'Start', 'End', 'Length']);
    expect(rows.map((r) => r[0])).toEqual(['M1', 'M2', 'R1', 'M3', 'R2']);
    rows.forEach(([, name, start, end, length], i) => {
      const want = expected[i]!;
      expect(name).toBe(want.label);
      sameMs(clockSeconds(start!), want.at);
      if (want.end === null) expect([end, length]).toEqual(['', '']);
      else {
        sameMs(clockSeconds(end!), want.end);
        sameMs(clockSeconds(length!), want.end - want.at);
      }
    });
  });

  it('as a MIDI file: the analysed tempo, and a marker at each thread’s time', async () => {
    const res = await exported(mix.id, 'midi');
    expect(res.headers['content-type']).toBe('audio/midi');
    expect(res.headers['content-disposition']).toContain(
      "UTF-8''Intro%20-%20Mix%203%20-%20%22final%22%20markers.mid",
    );
    const midi = readMidi(res.rawPayload);
    expect(midi.tempos).toHaveLength(1);
    expect(60e6 / midi.tempos[0]!).toBeCloseTo(93.5, 3);
    expect(midi.markers.map((m) => m.text)).toEqual(expected.map((e) => e.label));
    midi.markers.forEach((m, i) => {
      sameMs(m.seconds, expected[i]!.at);
    });
  });

  it('as a WAV copy: the same samples, a cue point and label per thread, a region’s length', async () => {
    const res = await exported(mix.id, 'wav');
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.headers['content-disposition']).toContain(
      "UTF-8''Intro%20-%20Mix%203%20-%20%22final%22%20markers.wav",
    );
    const bytes = res.rawPayload;
    expect(Number(res.headers['content-length'])).toBe(bytes.length);
    expect(bytes.readUInt32LE(4)).toBe(bytes.length - 8);
    const wav = readWav(bytes);
    expect(wav.chunks).toEqual(['fmt ', 'bext', 'data', 'cue ', 'LIST']);
    expect(wav.fmt).toMatchObject({ sampleRate: 8000, numChannels: 2, bitsPerSample: 16 });
    expect(wav.bext).toMatchObject({ originator: 'Mixdesk', description: 'Intro - Mix 3 / "final"' });
    expect(wav.points.map((p) => p.label)).toEqual(expected.map((e) => e.label));
    wav.points.forEach((p, i) => {
      const want = expected[i]!;
      sameMs(p.ms / 1000, want.at);
      if (want.end === null) expect(p.endMs).toBeNull();
      else sameMs(p.endMs! / 1000, want.end);
    });
    const ffmpeg = decoders(t.config).ffmpeg.path;
    expect(await samplesMd5(ffmpeg, bytes, 'pcm_s16le')).toBe(await samplesMd5(ffmpeg, mix.wav, 'pcm_s16le'));
    await samplesRemoved();
  });

  it('a HEAD of the WAV leaves no decoded samples behind either', async () => {
    const res = await t.app.inject({
      method: 'HEAD',
      url: markersUrl(mix.id, 'wav'),
      headers: bearer(f.owner.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    await samplesRemoved();
  });

  it('24-bit sources stay 24-bit; a lossy one becomes 24-bit, its decoded samples kept', async () => {
    const ffmpeg = decoders(t.config).ffmpeg.path;
    for (const [kind, name] of [
      ['wav24', 'deep.wav'],
      ['mp3', 'lossy.mp3'],
    ] as const) {
      const audio = await encodedSine(kind, 2);
      const res = await uploadVersion(t.app, f.owner.token, f.projectId, f.trackId, audio, name);
      expect(res.statusCode, res.body).toBe(201);
      const versionId: string = res.json().data.version._id;
      const url = commentsUrl(f.projectId, f.trackId, versionId);
      await postComment(t.app, f.owner.token, url, { body: 'Here', at: 1.5, end: 1.75 });
      const bytes = (await exported(versionId, 'wav')).rawPayload;
      const wav = readWav(bytes);
      expect(wav.fmt, kind).toMatchObject({ sampleRate: 44_100, numChannels: 1, bitsPerSample: 24 });
      expect(wav.points).toEqual([{ ms: 1500, endMs: 1750, label: 'Owner: Here' }]);
      expect(await samplesMd5(ffmpeg, bytes, 'pcm_s24le'), kind).toBe(
        await samplesMd5(ffmpeg, audio, 'pcm_s24le'),
      );
    }
    await jobsDone();
  });

  it('a version with no comments: valid empty files, a MIDI file with only its tempo, a WAV without cues', async () => {
    expect((await exported(f.otherVersionId, 'audacity')).body).toBe('');
    expect(parseCsv((await exported(f.otherVersionId, 'reaper')).body)).toEqual([
      ['#', 'Name', 'Start', 'End', 'Length'],
    ]);
    const midi = readMidi((await exported(f.otherVersionId, 'midi')).rawPayload);
    // A sine has no beat: no analysed tempo, so 120 BPM.
    expect(midi).toMatchObject({ format: 0, tracks: 1, tempos: [500_000], markers: [] });
    const bytes = (await exported(f.otherVersionId, 'wav')).rawPayload;
    const wav = readWav(bytes);
    expect(wav.chunks).toEqual(['fmt ', 'bext', 'data']);
    expect(wav.points).toEqual([]);
    const ffmpeg = decoders(t.config).ffmpeg.path;
    const source = sineWav({ seconds: 2, channels: 1 });
    expect(await samplesMd5(ffmpeg, bytes, 'pcm_s16le')).toBe(await samplesMd5(ffmpeg, source, 'pcm_s16le'));
  });
});

describe('refusals', () => {
  it('a bad or missing format: 400 with the envelope', async () => {
    for (const query of ['?format=xyz', '', '?format=', '?format=MIDI', '?format=midi&format=wav']) {
      const res = await call(t.app, f.owner.token, 'GET', `${markersUrl(mix.id)}${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({
        success: false,
        message: expect.stringContaining('format must be audacity, reaper, midi or wav'),
        error: { code: 'VALIDATION_ERROR' },
      });
    }
  });

  it('a stranger, someone signed out, or a version not of the track: as if there were none', async () => {
    expect((await call(t.app, f.stranger.token, 'GET', markersUrl(mix.id, 'wav'))).statusCode).toBe(404);
    expect((await call(t.app, null, 'GET', markersUrl(mix.id, 'midi'))).statusCode).toBe(401);
    for (const versionId of [newId(), 'not-an-id', '%27%22%3B'])
      expect((await call(t.app, f.owner.token, 'GET', markersUrl(versionId, 'reaper'))).statusCode).toBe(404);
  });
});

describe('audio that no longer decodes', () => {
  it('the WAV is refused as unprocessable, nothing left behind; the other formats still export', async () => {
    const versionId = await addVersion(t.app, f.owner.token, f.projectId, f.trackId);
    await jobsDone();
    const { storage_key } = await t.app.ctx.db
      .selectFrom('track_versions')
      .select('storage_key')
      .where('id', '=', versionId)
      .executeTakeFirstOrThrow();
    writeFileSync(t.app.ctx.storage.localPath!(storage_key), Buffer.from('RIFF, but not audio any more'));
    const res = await call(t.app, f.owner.token, 'GET', markersUrl(versionId, 'wav'));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'UNPROCESSABLE' } });
    expect(res.body).not.toContain(t.config.dataDir);
    await samplesRemoved();
    for (const format of ['audacity', 'reaper', 'midi']) await exported(versionId, format);
  });
});

// Last: the 5,000 rows it adds would slow every test after it.
describe('a full version', () => {
  it('5,000 threads export in every format, each marker in its place', async () => {
    const versionId = await addVersion(t.app, f.owner.token, f.projectId, f.trackId);
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      id: newId(),
      project_id: f.projectId,
      track_id: f.trackId,
      version_id: versionId,
      parent_id: null,
      author_id: f.owner.user._id,
      guest_name: null,
      body: `Note ${i}, "${i % 2 ? 'left' : 'right'}"`,
      at_sec: (i % 1750) / 1000,
      end_sec: i % 3 ? null : (i % 1750) / 1000 + 0.25,
      resolved_at: i % 7 ? null : nowIso(),
      created_at: nowIso(),
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.app.ctx.db
        .insertInto('comments')
        .values(rows.slice(i, i + 500))
        .execute();
    const want = new Map(
      rows.map((r) => [
        `Owner: ${r.body}${r.resolved_at ? ' [resolved]' : ''}`,
        { at: r.at_sec, end: r.end_sec },
      ]),
    );
    const check = (label: string, at: number, end?: number | null) => {
      const w = want.get(label);
      expect(w, label).toBeDefined();
      sameMs(at, w!.at);
      if (end !== undefined)
        expect(end === null ? null : Math.round(end * 1000)).toBe(
          w!.end === null ? null : Math.round(w!.end * 1000),
        );
    };

    const lines = (await exported(versionId, 'audacity')).body.trimEnd().split('\n');
    expect(lines).toHaveLength(5000);
    for (const line of lines) {
      const [start, end, label] = line.split('\t');
      check(label!, Number(start), Number(end) === Number(start) ? null : Number(end));
    }
    const [, ...csv] = parseCsv((await exported(versionId, 'reaper')).body);
    expect(csv).toHaveLength(5000);
    for (const [, name, start, end] of csv)
      check(name!, clockSeconds(start!), end ? clockSeconds(end) : null);
    const midi = readMidi((await exported(versionId, 'midi')).rawPayload);
    expect(midi.markers).toHaveLength(5000);
    for (const m of midi.markers) check(m.text, m.seconds);
    const wav = readWav((await exported(versionId, 'wav')).rawPayload);
    expect(wav.points).toHaveLength(5000);
    for (const p of wav.points) check(p.label, p.ms / 1000, p.endMs === null ? null : p.endMs / 1000);
  });
});
