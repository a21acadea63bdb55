import { createHash } from 'node:crypto';
import { AnalysisSchema, MASTER_TOLERANCE_LU } from '@mixdesk/contract/analysis';
import { JobSchema } from '@mixdesk/contract/jobs';
import { TrackVersionSchema } from '@mixdesk/contract/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { fromJson } from '../../db/schema.ts';
import { enqueueJob, jobQueue } from '../../platform/jobs/jobs.ts';
import { fromDb, sine, wavFile } from '../analysis/test-signals.ts';
import {
  addTrack,
  encodedSine,
  type ProjectWithPeople,
  projectWithPeople,
  uploadVersion,
} from '../media/media-testing.ts';

const RATE = 48_000;

/** The version a finished mastering job made (jsonb comes back parsed from PostgreSQL, text from SQLite). */
const madeBy = (row: { result: unknown }) =>
  fromJson<{ versionId?: string }>(row.result as string, {}).versionId as string;

/** A stereo 1 kHz sine at `dbfs` (a sine's loudness in LUFS is its peak level in dBFS), 16-bit. */
const tone = (dbfs: number, seconds = 8) =>
  wavFile(sine({ seconds, sampleRate: RATE, channels: 2, hz: 1000, dbfs }), RATE, 2, 16);

/** A quiet tone with a loud click every half second: the gain to −14 LUFS would push its peaks past −1 dBTP. */
function spiky(): Buffer {
  const samples = sine({ seconds: 8, sampleRate: RATE, channels: 2, hz: 1000, dbfs: -24 });
  for (let at = 0; at < samples.length / 2; at += RATE / 2)
    for (let i = 0; i < 48; i++)
      for (let c = 0; c < 2; c++) samples[(at + i) * 2 + c] = fromDb(-3) * Math.sin(i / 3);
  return wavFile(samples, RATE, 2, 16);
}

describe('loudness mastering', () => {
  let t: TestApp;
  let p: ProjectWithPeople;
  let trackId: string;

  const versions = async () =>
    (
      await t.app.inject({
        url: `/api/projects/${p.projectId}/tracks/${trackId}/versions`,
        headers: bearer(p.owner.token),
      })
    ).json().data.versions as { _id: string; label: string; size: number }[];
  const upload = async (data: Buffer, name: string) => {
    const res = await uploadVersion(t.app, p.owner.token, p.projectId, trackId, data, name);
    expect(res.statusCode).toBe(201);
    return res.json().data.version._id as string;
  };
  const master = (versionId: string, body: unknown, token = p.editor.token) =>
    t.app.inject({
      method: 'POST',
      url: `/api/projects/${p.projectId}/tracks/${trackId}/versions/${versionId}/master`,
      headers: bearer(token),
      payload: body as object,
    });
  const analysisOf = async (versionId: string) =>
    AnalysisSchema.parse(
      (
        await t.app.inject({
          url: `/api/projects/${p.projectId}/tracks/${trackId}/versions/${versionId}/analysis`,
          headers: bearer(p.owner.token),
        })
      ).json().data.analysis,
    );
  const finished = async (jobId: string) => {
    await jobQueue(t.app.ctx).idle();
    const row = await t.app.ctx.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    return row;
  };
  const bytesOf = async (versionId: string) => {
    const row = await t.app.ctx.db
      .selectFrom('track_versions')
      .select('storage_key')
      .where('id', '=', versionId)
      .executeTakeFirstOrThrow();
    const chunks: Buffer[] = [];
    for await (const c of await t.app.ctx.storage.get(row.storage_key)) chunks.push(c as Buffer);
    return createHash('sha256').update(Buffer.concat(chunks)).digest('hex');
  };

  beforeAll(async () => {
    t = await createTestApp();
    p = await projectWithPeople(t.app);
    trackId = (await addTrack(t.app, p.owner.token, p.projectId, { title: 'Single' }))._id;
  });
  afterAll(() => t.close());

  it('masters a −30 LUFS file to −14 as a new version, leaving the original as it was', async () => {
    const original = await upload(tone(-30), 'quiet.wav');
    await jobQueue(t.app.ctx).idle();
    const before = await bytesOf(original);
    const res = await master(original, {});
    expect(res.statusCode).toBe(202);
    const job = JobSchema.parse(res.json().data.job);
    expect(job).toMatchObject({ kind: 'mastering', subjectId: original });
    const done = await finished(job._id);
    expect(done.status).toBe('done');
    const made = madeBy(done) as string;

    const list = await versions();
    const mastered = TrackVersionSchema.parse(
      (
        await t.app.inject({
          url: `/api/projects/${p.projectId}/tracks/${trackId}/versions/${made}`,
          headers: bearer(p.owner.token),
        })
      ).json().data.version,
    );
    expect(list.map((v) => v._id)).toContain(made);
    expect(mastered).toMatchObject({
      label: 'Mastered \u221214 LUFS',
      masteredFrom: { _id: original },
      format: 'wav',
      sampleRate: RATE,
      bitDepth: 16,
      channels: 2,
    });
    expect(mastered.uploadedBy?._id).toBe(p.editor.user._id);
    const figures = await analysisOf(made);
    expect(figures.status).toBe('done');
    expect(Math.abs(figures.integratedLufs! - -14)).toBeLessThanOrEqual(MASTER_TOLERANCE_LU);
    expect(figures.truePeakDbtp!).toBeLessThanOrEqual(-1);
    // The original's bytes and figures are untouched.
    expect(await bytesOf(original)).toBe(before);
    expect((await analysisOf(original)).integratedLufs).toBeCloseTo(-30, 0);
  });

  it('limits the true peak where the gain alone would pass the ceiling, and still lands on target', async () => {
    const original = await upload(spiky(), 'spiky.wav');
    await jobQueue(t.app.ctx).idle();
    const measured = await analysisOf(original);
    // The case this test is for: the gain to the target would put the true peak over the ceiling.
    expect(measured.truePeakDbtp! + (-14 - measured.integratedLufs!)).toBeGreaterThan(-1);
    const res = await master(original, { targetLufs: -14, truePeakDbtp: -1 });
    const done = await finished(JobSchema.parse(res.json().data.job)._id);
    expect(done.status).toBe('done');
    const figures = await analysisOf(madeBy(done));
    expect(Math.abs(figures.integratedLufs! - -14)).toBeLessThanOrEqual(MASTER_TOLERANCE_LU);
    expect(figures.truePeakDbtp!).toBeLessThanOrEqual(-1);
  });

  it('keeps FLAC lossless at its rate and depth', async () => {
    const original = await upload(await encodedSine('flac', 4), 'take.flac');
    await jobQueue(t.app.ctx).idle();
    const res = await master(original, { targetLufs: -16, truePeakDbtp: -2 });
    const done = await finished(JobSchema.parse(res.json().data.job)._id);
    expect(done.status).toBe('done');
    const made = (await versions()).find((v) => v._id === madeBy(done))!;
    const version = TrackVersionSchema.parse(
      (
        await t.app.inject({
          url: `/api/projects/${p.projectId}/tracks/${trackId}/versions/${made._id}`,
          headers: bearer(p.owner.token),
        })
      ).json().data.version,
    );
    expect(version).toMatchObject({
      format: 'flac',
      sampleRate: 44_100,
      bitDepth: 16,
      label: 'Mastered \u221216 LUFS',
    });
    const figures = await analysisOf(version._id);
    expect(Math.abs(figures.integratedLufs! - -16)).toBeLessThanOrEqual(MASTER_TOLERANCE_LU);
    expect(figures.truePeakDbtp!).toBeLessThanOrEqual(-2);
  });

  it('queues one job for twenty identical requests at once, not twenty renders', async () => {
    const original = await upload(tone(-20, 4), 'twenty.wav');
    await jobQueue(t.app.ctx).idle();
    const count = (await versions()).length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => master(original, { targetLufs: -12 })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(202));
    const ids = new Set(answers.map((r) => r.json().data.job._id));
    expect(ids.size).toBe(1);
    expect(jobQueue(t.app.ctx).active).toBeLessThanOrEqual(t.config.jobConcurrency ?? 2);
    expect((await finished([...ids][0]!)).status).toBe('done');
    expect((await versions()).length).toBe(count + 1);
  });

  it('fails the job of a version that is gone, naming what is missing', async () => {
    const job = await enqueueJob(t.app.ctx.db, {
      kind: 'mastering',
      subjectId: 'gone-version',
      projectId: null,
      payload: { targetLufs: -14, truePeakDbtp: -1, userId: p.editor.user._id },
    });
    jobQueue(t.app.ctx).kick();
    expect(await finished(job.id)).toMatchObject({
      status: 'failed',
      error: 'Version not found',
      result: null,
    });
  });

  it('refuses targets out of range, strangers and viewers, and changes nothing', async () => {
    const versionId = (await versions())[0]!._id;
    const count = (await versions()).length;
    for (const body of [
      { targetLufs: -30 },
      { targetLufs: -5 },
      { truePeakDbtp: 0.5 },
      { truePeakDbtp: -4 },
      { targetLufs: 'loud' },
      { targetLufs: -14, gain: 3 },
    ]) {
      const res = await master(versionId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
    expect((await master(versionId, {}, p.stranger.token)).statusCode).toBe(404);
    expect((await master(versionId, {}, p.viewer.token)).statusCode).toBe(403);
    expect((await master('no-such-version', {})).statusCode).toBe(404);
    await jobQueue(t.app.ctx).idle();
    expect((await versions()).length).toBe(count);
  });
});
