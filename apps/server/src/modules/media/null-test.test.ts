// A version's null test through the API (issue #36): it runs by itself whenever the stems change, reads as
// the stems summing to the mix, not summing, not comparable, or failed, and an editor can run it again. The
// material is made here (stems of sines and noise as 24-bit WAV, the mix their exact sum) and the figures are
// held to the residual computed here from the same samples (null-test-testing.ts), not to the code's output.
import { execFileSync } from 'node:child_process';
import { createWriteStream, renameSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { NULL_TEST_SUMS_DBFS, type NullTest, NullTestSchema } from '@mixdesk/contract/stems';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { until } from '../../../test/services.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import { addTrack, type ProjectWithPeople, projectWithPeople, uploadVersion } from './media-testing.ts';
import { queueNullTest } from './null-test.ts';
import { expectedResidual, type Pcm, stemPcm, sumPcm, wav24 } from './null-test-testing.ts';
import { sendRawStem, stemKeyOf } from './stems-testing.ts';

let t: TestApp;
let p: ProjectWithPeople;

beforeAll(async () => {
  t = await createTestApp();
  p = await projectWithPeople(t.app);
});
// Every upload queues jobs (waveform, copies, null test): they end before the next test looks.
afterEach(() => jobQueue(t.app.ctx).idle());
afterAll(() => t.close());

const idle = () => jobQueue(t.app.ctx).idle();

interface Stemmed {
  trackId: string;
  versionId: string;
  /** …/versions/:versionId/stems */
  url: string;
  stemIds: string[];
}

/** A track whose version is `mix`, with `stems` uploaded raw (by the editor), the jobs run. */
async function stemmed(mix: Pcm, stems: readonly Pcm[]): Promise<Stemmed> {
  const track = await addTrack(t.app, p.owner.token, p.projectId, { title: 'Stemmed' });
  const res = await uploadVersion(t.app, p.owner.token, p.projectId, track._id, wav24(mix), 'mix.wav');
  expect(res.statusCode).toBe(201);
  const versionId: string = res.json().data.version._id;
  const url = `/api/projects/${p.projectId}/tracks/${track._id}/versions/${versionId}/stems`;
  const stemIds: string[] = [];
  for (const [k, stem] of stems.entries()) {
    const up = await sendRawStem(t.app, p.editor.token, url, wav24(stem), `stem ${k + 1}.wav`);
    expect(up.statusCode).toBe(201);
    stemIds.push(up.json().data.stem._id);
  }
  await idle();
  return { trackId: track._id, versionId, url, stemIds };
}

async function nullTest(s: Pick<Stemmed, 'url'>, token = p.viewer.token): Promise<NullTest> {
  const res = await t.app.inject({ url: `${s.url}/null-test`, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return NullTestSchema.parse(res.json().data.nullTest);
}

const runAgain = (s: Pick<Stemmed, 'url'>, token: string) =>
  t.app.inject({ method: 'POST', url: `${s.url}/null-test`, headers: bearer(token) });

describe('eight stems and their mix', () => {
  const SECONDS = 4;
  const parts = Array.from({ length: 8 }, (_, k) => stemPcm(k, { seconds: SECONDS, amplitude: 0.1 }));
  const mix = sumPcm(parts);
  let s: Stemmed;
  beforeAll(async () => {
    s = await stemmed(mix, parts);
  });

  it('that sum to it: the test has run by itself, and reads at or below -60 dBFS, "sums"', async () => {
    const got = await nullTest(s);
    expect(got).toMatchObject({ status: 'done', verdict: 'sums', stemCount: 8 });
    expect(got.residualRmsDbfs!).toBeLessThanOrEqual(NULL_TEST_SUMS_DBFS);
    expect(got.residualPeakDbfs!).toBeLessThanOrEqual(NULL_TEST_SUMS_DBFS);
    expect(got.message).toMatch(/^Stems sum to the mix/);
    expect(got.updatedAt).not.toBeNull();
  });

  it('who may see it and run it: viewers read, editors run, others are told it is not there', async () => {
    const stranger = await t.app.inject({ url: `${s.url}/null-test`, headers: bearer(p.stranger.token) });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    const other = await addTrack(t.app, p.owner.token, p.projectId, { title: 'Other' });
    const wrongTrack = await t.app.inject({
      url: `${s.url.replace(s.trackId, other._id)}/null-test`,
      headers: bearer(p.owner.token),
    });
    expect(wrongTrack.statusCode).toBe(404);
    const viewer = await runAgain(s, p.viewer.token);
    expect(viewer.statusCode).toBe(403);
    expect((await runAgain(s, p.stranger.token)).statusCode).toBe(404);

    const queued = await runAgain(s, p.editor.token);
    expect(queued.statusCode).toBe(202);
    expect(NullTestSchema.parse(queued.json().data.nullTest)).toMatchObject({
      status: 'queued',
      verdict: null,
      residualRmsDbfs: null,
      stemCount: 8,
    });
    await idle();
    expect(await nullTest(s)).toMatchObject({ status: 'done', verdict: 'sums', stemCount: 8 });
  });

  it('one stem removed: the test runs again, and what is left is that stem, above -30 dBFS', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `${s.url}/${s.stemIds[0]}`,
      headers: bearer(p.editor.token),
    });
    expect(res.statusCode).toBe(200);
    await idle();
    const want = expectedResidual(parts.slice(1), mix);
    const got = await nullTest(s);
    expect(got).toMatchObject({ status: 'done', verdict: 'differs', stemCount: 7 });
    expect(got.residualRmsDbfs!).toBeGreaterThan(-30);
    expect(got.residualRmsDbfs!).toBeCloseTo(want.rmsDbfs, 2);
    expect(got.residualPeakDbfs!).toBeCloseTo(want.peakDbfs, 2);
    expect(got.message).toMatch(/^Stems do not sum to the mix/);
  });

  it('the job reads the stems as they are when it runs, not when it was queued', async () => {
    await t.app.ctx.db
      .transaction()
      .execute((trx) => queueNullTest(trx, { versionId: s.versionId, projectId: p.projectId }));
    expect(await nullTest(s)).toMatchObject({ status: 'queued', stemCount: 7 });
    // Gone before the job runs (its row only: the queue is told nothing until the kick).
    await t.app.ctx.db.deleteFrom('version_stems').where('id', '=', s.stemIds[1]!).execute();
    jobQueue(t.app.ctx).kick();
    await idle();
    const got = await nullTest(s);
    expect(got).toMatchObject({ status: 'done', stemCount: 6 });
    expect(got.residualRmsDbfs!).toBeCloseTo(expectedResidual(parts.slice(2), mix).rmsDbfs, 2);
  });
});

describe('stems changed while the test runs', () => {
  const parts = Array.from({ length: 3 }, (_, k) => stemPcm(k, { seconds: 2, amplitude: 0.2 }));
  const mix = sumPcm(parts);
  const extra = stemPcm(7, { seconds: 2, amplitude: 0.2 });

  /**
   * Holds the test's run where the test wants it, timing nothing: the first stem's stored file becomes a pipe
   * ffmpeg waits on (the stems open in name order, so it waits before opening the others). `change` runs while
   * the first run waits; the pipe is then fed once for that run and once for the run after it.
   */
  async function changedWhileRunning(change: (s: Stemmed) => Promise<void>): Promise<Stemmed> {
    const s = await stemmed(mix, parts);
    const file = t.app.ctx.storage.localPath!(await stemKeyOf(t.app, s.stemIds[0]!));
    renameSync(file, `${file}.real`);
    execFileSync('mkfifo', [file]);
    const feed = () => pipeline(Readable.from([wav24(parts[0]!)]), createWriteStream(file));
    const status = async () => (await nullTest(s)).status;

    expect((await runAgain(s, p.editor.token)).statusCode).toBe(202);
    await until(async () => (await status()) === 'running', 10_000, 'the null test running');
    await change(s);
    // The change queued it again; the queue answered with the running job (one live job per version).
    expect(await status()).toBe('queued');
    await feed();
    // The first run has ended without keeping its result: the row reads running again, for the next run.
    await until(async () => (await status()) === 'running', 10_000, 'the null test running again');
    await feed();
    await idle();
    renameSync(`${file}.real`, file);
    return s;
  }

  it('a stem added: the run that was going keeps nothing, the next sums the stems as they are', async () => {
    const s = await changedWhileRunning(async (s) => {
      const res = await sendRawStem(t.app, p.editor.token, s.url, wav24(extra), 'stem 4.wav');
      expect(res.statusCode).toBe(201);
    });
    const got = await nullTest(s);
    expect(got, got.message).toMatchObject({ status: 'done', verdict: 'differs', stemCount: 4 });
    expect(got.residualRmsDbfs!).toBeCloseTo(expectedResidual([...parts, extra], mix).rmsDbfs, 2);
  });

  it('a stem removed (its file with it): not a failure, the next run sums the stems that are left', async () => {
    const s = await changedWhileRunning(async (s) => {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `${s.url}/${s.stemIds[2]}`,
        headers: bearer(p.editor.token),
      });
      expect(res.statusCode).toBe(200);
    });
    const got = await nullTest(s);
    expect(got, got.message).toMatchObject({ status: 'done', verdict: 'differs', stemCount: 2 });
    expect(got.residualRmsDbfs!).toBeCloseTo(expectedResidual(parts.slice(0, 2), mix).rmsDbfs, 2);
  });
});

describe('a version without stems', () => {
  it('has no null test to read, and none to run (409, with why)', async () => {
    const track = await addTrack(t.app, p.owner.token, p.projectId, { title: 'Bare' });
    const mix = wav24(stemPcm(0, { seconds: 1, amplitude: 0.1 }));
    const res = await uploadVersion(t.app, p.owner.token, p.projectId, track._id, mix, 'mix.wav');
    const url = `/api/projects/${p.projectId}/tracks/${track._id}/versions/${res.json().data.version._id}/stems`;
    expect(await nullTest({ url })).toMatchObject({
      status: null,
      verdict: null,
      stemCount: 0,
      message: 'Add stems to run the null test',
    });
    const run = await runAgain({ url }, p.editor.token);
    expect(run.statusCode).toBe(409);
    expect(run.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/no stems/),
      error: { code: 'CONFLICT' },
    });
  });
});

describe('stems that cannot be summed against the mix', () => {
  it('at another sample rate: done, with no verdict and a sentence saying why', async () => {
    const mix = stemPcm(0, { seconds: 1, amplitude: 0.2 });
    const s = await stemmed(mix, [stemPcm(1, { seconds: 1, amplitude: 0.2, sampleRate: 48_000 })]);
    const got = await nullTest(s);
    expect(got).toMatchObject({
      status: 'done',
      verdict: null,
      residualRmsDbfs: null,
      residualPeakDbfs: null,
      stemCount: 1,
    });
    expect(got.message).toMatch(/^Not comparable: stem 1 is at 48 kHz and the mix at 44\.1 kHz/);
  });

  it('a stem whose audio cannot be decoded: failed, with a sentence; run again once it can', async () => {
    const parts = [stemPcm(3, { seconds: 1, amplitude: 0.2 })];
    const s = await stemmed(sumPcm(parts), parts);
    expect(await nullTest(s)).toMatchObject({ status: 'done', verdict: 'sums' });
    const file = t.app.ctx.storage.localPath!(await stemKeyOf(t.app, s.stemIds[0]!));
    renameSync(file, `${file}.real`);
    writeFileSync(file, Buffer.from('RIFF\0\0\0\0WAVEnot audio at all'));
    expect((await runAgain(s, p.owner.token)).statusCode).toBe(202);
    await idle();
    const failed = await nullTest(s);
    expect(failed).toMatchObject({ status: 'failed', verdict: null, residualRmsDbfs: null });
    expect(failed.message).toMatch(/^The null test could not run: /);
    // No server path in what a reader sees (ffmpeg names the file it could not read).
    expect(failed.message).not.toContain(t.app.ctx.config.dataDir);
    expect(failed.message).not.toMatch(/\/tmp\//);
    renameSync(`${file}.real`, file);
    expect((await runAgain(s, p.owner.token)).statusCode).toBe(202);
    await idle();
    expect(await nullTest(s)).toMatchObject({ status: 'done', verdict: 'sums' });
  });
});
