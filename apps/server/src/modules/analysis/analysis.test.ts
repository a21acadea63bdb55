import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { AnalysisSchema } from '@mixdesk/contract/analysis';
import { JobSchema } from '@mixdesk/contract/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { until } from '../../../test/services.ts';
import { enqueueJob, jobQueue } from '../../platform/jobs/jobs.ts';
import {
  addTrack,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  uploadVersion,
} from '../media/media-testing.ts';

const Answer = z.object({ analysis: AnalysisSchema, job: JobSchema.nullable() });

describe('version analysis', () => {
  let t: TestApp;
  let p: ProjectWithPeople;
  let trackId: string;
  let versionId: string;
  const url = () => `/api/projects/${p.projectId}/tracks/${trackId}/versions/${versionId}/analysis`;
  const get = (token: string) => t.app.inject({ url: url(), headers: bearer(token) });

  beforeAll(async () => {
    t = await createTestApp();
    p = await projectWithPeople(t.app);
    trackId = (await addTrack(t.app, p.owner.token, p.projectId, { title: 'Tone' }))._id;
    // EBU Tech 3341 case 1: a stereo 1 kHz sine at −23 dBFS reads −23.0 LUFS.
    const wav = sineWav({ seconds: 10, sampleRate: 48_000, channels: 2, hz: 1000, peakDbfs: -23 });
    const res = await uploadVersion(t.app, p.owner.token, p.projectId, trackId, wav, 'tone.wav');
    expect(res.statusCode).toBe(201);
    versionId = res.json().data.version._id;
  });
  afterAll(() => t.close());

  it('measures every uploaded version on its own, to the standard', async () => {
    await jobQueue(t.app.ctx).idle();
    await until(async () => Answer.parse((await get(p.owner.token)).json().data).analysis.status === 'done');
    const { analysis, job } = Answer.parse((await get(p.viewer.token)).json().data);
    expect(job).toMatchObject({ kind: 'analysis', status: 'done', progress: 1, subjectId: versionId });
    expect(analysis.integratedLufs).toBeGreaterThanOrEqual(-23.1);
    expect(analysis.integratedLufs).toBeLessThanOrEqual(-22.9);
    expect(analysis.truePeakDbtp).toBeCloseTo(-23, 0);
    expect(analysis.samplePeakDbfs).toBeCloseTo(-23, 0);
    // One short-term value a second, each the steady tone's loudness once the first window is full.
    expect(analysis.shortTerm.length).toBeGreaterThanOrEqual(8);
    expect(analysis.shortTerm.at(-1)).toBeCloseTo(-23, 0);
    // −23 LUFS is far under every service's target: each would turn it up.
    expect(analysis.targets.map((c) => c.platform)).toEqual([
      'Spotify',
      'Apple Music',
      'YouTube',
      'Tidal',
      'Amazon Music',
    ]);
    const spotify = analysis.targets.find((c) => c.platform === 'Spotify')!;
    expect(spotify.verdict).toBe('too_quiet');
    expect(spotify.gainChangeDb).toBeCloseTo(-14 - analysis.integratedLufs!, 1);
  });

  it('keeps the version from strangers, and re-running from viewers', async () => {
    expect((await get(p.stranger.token)).statusCode).toBe(404);
    const post = (token: string) => t.app.inject({ method: 'POST', url: url(), headers: bearer(token) });
    expect((await post(p.stranger.token)).statusCode).toBe(404);
    expect((await post(p.viewer.token)).statusCode).toBe(403);
    const bogus = await t.app.inject({
      url: `/api/projects/${p.projectId}/tracks/${trackId}/versions/no-such-version/analysis`,
      headers: bearer(p.owner.token),
    });
    expect(bogus.statusCode).toBe(404);
    expect(bogus.json().success).toBe(false);
  });

  it('re-runs on request, one job however often it is asked', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({ method: 'POST', url: url(), headers: bearer(p.editor.token) }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([202, 202, 202, 202, 202]);
    const jobs = new Set(answers.map((r) => Answer.parse(r.json().data).job?._id));
    expect(jobs.size).toBe(1);
    await jobQueue(t.app.ctx).idle();
    const after = Answer.parse((await get(p.owner.token)).json().data);
    expect(after.analysis.status).toBe('done');
    expect(after.job!._id).toBe([...jobs][0]);
  });

  it('fails the job of a version that is gone, naming what is missing', async () => {
    const job = await enqueueJob(t.app.ctx.db, {
      kind: 'analysis',
      subjectId: 'gone-version',
      projectId: null,
    });
    jobQueue(t.app.ctx).kick();
    await jobQueue(t.app.ctx).idle();
    const row = await t.app.ctx.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', error: 'Version not found' });
  });

  it('fails the job with a message when the file is corrupt after its header, and keeps serving', async () => {
    const row = await t.app.ctx.db
      .selectFrom('track_versions')
      .select('storage_key')
      .where('id', '=', versionId)
      .executeTakeFirstOrThrow();
    const file = path.join(t.config.dataDir, 'files', row.storage_key);
    // A FLAC header that promises frames, then noise: the decoder refuses it.
    writeFileSync(file, Buffer.concat([Buffer.from('fLaC'), Buffer.alloc(4000, 0xa5)]));
    const res = await t.app.inject({ method: 'POST', url: url(), headers: bearer(p.owner.token) });
    expect(res.statusCode).toBe(202);
    await jobQueue(t.app.ctx).idle();
    const { analysis, job } = Answer.parse((await get(p.owner.token)).json().data);
    expect(job?.status).toBe('failed');
    expect(analysis.status).toBe('failed');
    expect(analysis.error).toMatch(/\S/);
    // The figures of the last good analysis stay readable beside the failure.
    expect(analysis.integratedLufs).not.toBeNull();
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
