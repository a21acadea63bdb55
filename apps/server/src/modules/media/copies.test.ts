// The listening copies (issue #35): a lossless FLAC of integer PCM and a compact AAC-LC in M4A of every version,
// made by a job after the upload, served with ranges at audio?copy=, counted in the project's bytes and removed
// with the version. Judged by Debian's ffmpeg and ffprobe (not the npm build the server runs): the lossless copy
// decodes to the original's samples (equal `-f md5`), the compact one is AAC-LC at most 2.1 MB a minute.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { TrackVersionSchema } from '@mixdesk/contract/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import {
  addTrack,
  encodedLavfi,
  encodedSine,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  totalsCheck,
  uploadVersion,
} from './media-testing.ts';

const run = promisify(execFile);
const FFMPEG = '/usr/bin/ffmpeg';
const FFPROBE = '/usr/bin/ffprobe';

let t: TestApp;
let p: ProjectWithPeople;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  p = await projectWithPeople(t.app);
  dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-copies-test-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const idle = () => jobQueue(t.app.ctx).idle();

async function uploaded(data: Buffer, name: string) {
  const track = await addTrack(t.app, p.owner.token, p.projectId);
  const res = await uploadVersion(t.app, p.owner.token, p.projectId, track._id, data, name);
  expect(res.statusCode).toBe(201);
  return TrackVersionSchema.parse(res.json().data.version);
}

async function version(v: { projectId: string; trackId: string; _id: string }) {
  const res = await t.app.inject({
    url: `/api/projects/${v.projectId}/tracks/${v.trackId}/versions/${v._id}`,
    headers: bearer(p.owner.token),
  });
  expect(res.statusCode).toBe(200);
  return TrackVersionSchema.parse(res.json().data.version);
}

const audio = (url: string, query: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `${url}${query}`, headers: { ...bearer(p.owner.token), ...headers } });

/** The md5 of the decoded samples (as each decoder gives them), by Debian's ffmpeg. */
async function pcmMd5(bytes: Buffer, name: string): Promise<string> {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  const { stdout } = await run(FFMPEG, ['-v', 'error', '-i', file, '-map', '0:a', '-f', 'md5', '-']);
  return stdout.trim();
}

async function probe(bytes: Buffer, name: string) {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  const { stdout } = await run(FFPROBE, [
    '-v',
    'error',
    '-show_streams',
    '-show_format',
    '-of',
    'json',
    file,
  ]);
  return JSON.parse(stdout) as {
    streams: {
      codec_name: string;
      profile?: string;
      sample_rate: string;
      channels: number;
      bits_per_raw_sample?: string;
    }[];
    format: { format_name: string; duration: string };
  };
}

describe('listening copies', () => {
  it('makes a FLAC that decodes to the WAV’s samples and an AAC-LC M4A under 2.1 MB a minute', async () => {
    const wav = sineWav({ seconds: 30, sampleRate: 48_000, channels: 2 });
    const v = await uploaded(wav, 'mix.wav');
    // At once, the answer says the copies are coming.
    expect(v.copies.compact.status).toMatch(/^(queued|running)$/);
    expect(v.copies.lossless?.status).toMatch(/^(queued|running)$/);
    await idle();
    const done = await version(v);
    expect(done.copies.lossless).toMatchObject({
      status: 'done',
      codec: 'flac',
      sampleRate: 48_000,
      bitDepth: 16,
    });
    expect(done.copies.compact).toMatchObject({ status: 'done', codec: 'aac' });

    const lossless = await audio(v.audioUrl, '?copy=lossless');
    expect(lossless.statusCode).toBe(200);
    expect(lossless.headers['content-type']).toBe('audio/flac');
    expect(lossless.rawPayload.length).toBe(done.copies.lossless!.size);
    expect(await pcmMd5(lossless.rawPayload, 'l.flac')).toBe(await pcmMd5(wav, 'o.wav'));
    const flac = await probe(lossless.rawPayload, 'l2.flac');
    expect(flac.streams[0]).toMatchObject({ codec_name: 'flac', sample_rate: '48000', channels: 2 });

    const compact = await audio(v.audioUrl, '?copy=compact');
    expect(compact.statusCode).toBe(200);
    expect(compact.headers['content-type']).toBe('audio/mp4');
    const m4a = await probe(compact.rawPayload, 'c.m4a');
    expect(m4a.streams[0]).toMatchObject({ codec_name: 'aac', profile: 'LC', channels: 2 });
    expect(m4a.format.format_name).toContain('mp4');
    expect(Number(m4a.format.duration)).toBeCloseTo(30, 1);
    // 2.1 MB (decimal) per minute of stereo at most: 30 s may take 1.05 MB.
    expect(compact.rawPayload.length).toBeLessThanOrEqual(2_100_000 / 2);
    expect(done.copies.compact.size).toBe(compact.rawPayload.length);
    expect(done.copies.compact.bitrate).toBeGreaterThan(100_000);

    // Ranges on every copy: the bytes asked for, and only those.
    for (const [query, whole] of [
      ['?copy=lossless', lossless.rawPayload],
      ['?copy=compact', compact.rawPayload],
      ['', wav],
      ['?copy=original', wav],
    ] as const) {
      const part = await audio(v.audioUrl, query, { range: 'bytes=100-1123' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-1123/${whole.length}`);
      expect(part.rawPayload.equals(whole.subarray(100, 1124))).toBe(true);
    }
  });

  it('keeps 24 bits in the lossless copy of an AIFF, and makes none for FLAC or MP3 originals', async () => {
    const aiff = await encodedLavfi(
      'sine=frequency=1000:sample_rate=96000:duration=3,aformat=channel_layouts=stereo',
      ['-c:a', 'pcm_s24be'],
      'aiff',
    );
    const a = await uploaded(aiff, 'take.aiff');
    const flac = await uploaded(await encodedSine('flac', 2), 'take.flac');
    const mp3 = await uploaded(await encodedSine('mp3', 2), 'take.mp3');
    await idle();
    const aDone = await version(a);
    expect(aDone.copies.lossless).toMatchObject({ status: 'done', sampleRate: 96_000, bitDepth: 24 });
    const lossless = await audio(a.audioUrl, '?copy=lossless');
    expect((await probe(lossless.rawPayload, 'a.flac')).streams[0]!.bits_per_raw_sample).toBe('24');
    expect(await pcmMd5(lossless.rawPayload, 'a2.flac')).toBe(await pcmMd5(aiff, 'a.aiff'));
    // AAC-LC at 96 kHz is not what every browser plays: the compact copy is at 48 kHz.
    const compact = await audio(a.audioUrl, '?copy=compact');
    expect((await probe(compact.rawPayload, 'a.m4a')).streams[0]).toMatchObject({ sample_rate: '48000' });

    for (const v of [flac, mp3]) {
      const done = await version(v);
      expect(done.copies.lossless).toBeNull();
      expect(done.copies.compact.status).toBe('done');
      const none = await audio(v.audioUrl, '?copy=lossless');
      expect(none.statusCode).toBe(404);
      expect(none.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
      // The compact copy of a mono original stays mono.
      const compact = await audio(v.audioUrl, '?copy=compact');
      expect((await probe(compact.rawPayload, `${v._id}.m4a`)).streams[0]).toMatchObject({ channels: 1 });
    }
  });

  it('refuses a copy it does not know, and a copy not made yet, with a JSON error', async () => {
    const v = await uploaded(sineWav({ seconds: 1 }), 'short.wav');
    for (const bad of ['?copy=mp3', '?copy=', '?copy=ORIGINAL', '?copy=lossless&copy=compact']) {
      const res = await audio(v.audioUrl, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(/copy/) });
    }
    await idle();
    await t.app.ctx.db
      .updateTable('track_versions')
      .set({ compact_status: 'queued' })
      .where('id', '=', v._id)
      .execute();
    const waiting = await audio(v.audioUrl, '?copy=compact');
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().message).toMatch(/still being made/);
  });

  it('counts the copies in the project’s bytes and removes them with their version', async () => {
    const v = await uploaded(sineWav({ seconds: 5 }), 'counted.wav');
    await idle();
    const done = await version(v);
    const { stored, expected } = await totalsCheck(t.app, p.projectId);
    expect(stored).toEqual(expected);
    const row = await t.app.ctx.db
      .selectFrom('track_versions')
      .select(['lossless_key', 'compact_key'])
      .where('id', '=', v._id)
      .executeTakeFirstOrThrow();
    expect(await t.app.ctx.storage.stat(row.lossless_key!)).toEqual({ size: done.copies.lossless!.size });
    expect(await t.app.ctx.storage.stat(row.compact_key!)).toEqual({ size: done.copies.compact.size });
    const before = stored.totalFileSize;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${v.projectId}/tracks/${v.trackId}/versions/${v._id}`,
      headers: bearer(p.owner.token),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.totals.totalFileSize).toBe(
      before - v.size - done.copies.lossless!.size! - done.copies.compact.size!,
    );
    expect(await t.app.ctx.storage.stat(row.lossless_key!)).toBeNull();
    expect(await t.app.ctx.storage.stat(row.compact_key!)).toBeNull();
  });

  it('marks the copies failed when they cannot be made, and the original still plays', async () => {
    const v = await uploaded(sineWav({ seconds: 1 }), 'lost.wav');
    // The original's object is damaged after the upload (its tail lost): ffmpeg reads a header and no data.
    const key = (
      await t.app.ctx.db
        .selectFrom('track_versions')
        .select('storage_key')
        .where('id', '=', v._id)
        .executeTakeFirstOrThrow()
    ).storage_key;
    await t.app.ctx.storage.put(key, Readable.from([Buffer.from('RIFF\0\0\0\0WAVEjunk')]), { maxBytes: 100 });
    await idle();
    const after = await version(v);
    expect(after.copies.compact.status).toBe('failed');
    expect(after.copies.lossless?.status).toBe('failed');
    const jobs = await t.app.ctx.db
      .selectFrom('jobs')
      .select(['status', 'attempts', 'error'])
      .where('subject_id', '=', v._id)
      .where('kind', '=', 'copies')
      .execute();
    // ffmpeg refusing the file is final (a crash or a timeout would be tried again).
    expect(jobs).toEqual([{ status: 'failed', attempts: 1, error: expect.stringMatching(/^ffmpeg exited/) }]);
    const res = await audio(v.audioUrl, '?copy=compact');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/could not be made/);
    expect((await audio(v.audioUrl, '')).statusCode).toBe(200);
  });
});
