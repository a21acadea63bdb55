// Files that trip the decoder: a truncated file, one whose header claims gigabytes, and a decoder that hangs.
// Each fails its own upload or waveform job within the timeout; the server keeps answering and no decoder
// process is left running.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import {
  addTrack,
  encodedSine,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  uploadVersion,
} from './media-testing.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-fake-decoder-'));
const pidFile = path.join(dir, 'pids');
/** A decoder that never finishes, and starts a child of its own that would outlive a plain kill. */
const hanging = path.join(dir, 'hanging-decoder');
writeFileSync(
  hanging,
  `#!/bin/sh\n/bin/sleep 30 &\necho $! >> ${pidFile}\necho $$ >> ${pidFile}\nexec /bin/sleep 30\n`,
);
chmodSync(hanging, 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TIMEOUT_SECONDS = 1;

/** Whether a process is still alive (a zombie waiting to be reaped counts as gone). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
const fakePids = () =>
  existsSync(pidFile) ? readFileSync(pidFile, 'utf8').split('\n').filter(Boolean).map(Number) : [];

async function setUp(overrides: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp(overrides);
  const p: ProjectWithPeople = await projectWithPeople(t.app);
  const upload = async (data: Buffer, name: string) => {
    const track = await addTrack(t.app, p.owner.token, p.projectId);
    return uploadVersion(t.app, p.owner.token, p.projectId, track._id, data, name);
  };
  return { t, upload };
}

const versionRow = (t: TestApp, id: string) =>
  t.app.ctx.db
    .selectFrom('track_versions')
    .select(['peaks_status', 'duration'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('files that trip the decoder, on the real decoder', () => {
  let t: TestApp;
  let upload: (data: Buffer, name: string) => ReturnType<typeof uploadVersion>;
  beforeAll(async () => {
    ({ t, upload } = await setUp());
  });
  afterAll(() => t.close());

  /** An upload is refused with a 4xx, or accepted and its waveform job ends either way. */
  async function endsCleanly(data: Buffer, name: string) {
    const res = await upload(data, name);
    if (res.statusCode !== 201) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
      return null;
    }
    await jobQueue(t.app.ctx).idle();
    const row = await versionRow(t, res.json().data.version._id);
    expect(['ready', 'failed']).toContain(row.peaks_status);
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    return row;
  }

  it('a FLAC cut off mid-stream is refused or decoded as far as it goes', async () => {
    const whole = await encodedSine('flac', 4);
    await endsCleanly(whole.subarray(0, Math.floor(whole.length * 0.6)), 'cut.flac');
  });

  it('a WAV cut off mid-data is decoded as far as it goes', async () => {
    const whole = sineWav({ seconds: 2 });
    const row = await endsCleanly(whole.subarray(0, 44 + whole.readUInt32LE(28) / 2), 'cut.wav');
    expect(row?.peaks_status).toBe('ready');
    expect(Number(row?.duration)).toBeCloseTo(0.5, 2);
  });

  it('a WAV whose header claims 4 GB of samples ends with the duration of the samples it has', async () => {
    const wav = sineWav({ seconds: 1 });
    wav.writeUInt32LE(0xfffffff0, 4);
    wav.writeUInt32LE(0xffffffc8, 40);
    const row = await endsCleanly(wav, 'huge.wav');
    expect(row?.peaks_status).toBe('ready');
    expect(Number(row?.duration)).toBeCloseTo(1, 2);
  });
});

describe('a decoder that hangs', () => {
  it('fails the upload that probes with it within the timeout, while other requests are answered', async () => {
    const { t, upload } = await setUp({ ffprobePath: hanging, decoderTimeoutSeconds: TIMEOUT_SECONDS });
    try {
      const started = Date.now();
      let answered = 0;
      const pending = upload(sineWav({ seconds: 1 }), 'a.wav').then((res) => {
        answered = Date.now();
        return res;
      });
      const health = await t.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(answered).toBe(0);
      const res = await pending;
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(/decoder/);
      expect(answered - started).toBeLessThan(TIMEOUT_SECONDS * 1000 + 3000);
      expect(fakePids().length).toBeGreaterThan(0);
      for (const pid of fakePids()) expect(running(pid)).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('fails the waveform job with a message, cut off at the timeout, and the version shows it failed', async () => {
    const { t, upload } = await setUp({ ffmpegPath: hanging, decoderTimeoutSeconds: TIMEOUT_SECONDS });
    try {
      writeFileSync(pidFile, '');
      const started = Date.now();
      const res = await upload(sineWav({ seconds: 1 }), 'a.wav');
      expect(res.statusCode).toBe(201);
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      await jobQueue(t.app.ctx).idle();
      // The waveform, the analysis and the copies, each cut off once (one after the other at worst).
      expect(Date.now() - started).toBeLessThan(3 * (TIMEOUT_SECONDS * 1000 + 2000));
      const versionId = res.json().data.version._id as string;
      expect(await versionRow(t, versionId)).toMatchObject({ peaks_status: 'failed' });
      // A decoder that fails is not tried again: only a stopped server hands a job back to the queue.
      const jobOf = (kind: 'peaks' | 'analysis' | 'copies') =>
        t.app.ctx.db
          .selectFrom('jobs')
          .select(['status', 'error', 'attempts'])
          .where('subject_id', '=', versionId)
          .where('kind', '=', kind)
          .executeTakeFirstOrThrow();
      expect(await jobOf('peaks')).toMatchObject({
        status: 'failed',
        attempts: 1,
        error: expect.stringContaining(`ffmpeg timed out after ${TIMEOUT_SECONDS} s`),
      });
      expect(t.logs()).toContain(`ffmpeg timed out after ${TIMEOUT_SECONDS} s`);
      // The start log names the binary that runs, and where it came from.
      expect(t.logs()).toContain(`${hanging} (env)`);
      // The loudness analysis ran on the same decoder once, and failed the same clean way.
      expect(await jobOf('analysis')).toMatchObject({
        status: 'failed',
        error: expect.stringContaining('timed out'),
      });
      // The listening copies' job ran on it once too, and failed the same way.
      expect(await jobOf('copies')).toMatchObject({
        status: 'failed',
        error: expect.stringContaining('timed out'),
      });
      // Two processes a run (the fake and its sleeper): one waveform run, one analysis, one copies run.
      expect(fakePids().length).toBe(2 * (1 + 1 + 1));
      for (const pid of fakePids()) expect(running(pid)).toBe(false);
    } finally {
      await t.close();
    }
  });
});
