// What the analysis of a version reads while its job is waiting, running, failed or done without figures,
// with the app's job queue stopped so that every job stays as the test leaves it: the state comes from the
// version's latest analysis job, re-running joins the job queued at upload, and a version that never had
// one (from before analysis existed) is queued the first time it is read.
import { AnalysisSchema } from '@mixdesk/contract/analysis';
import { JobSchema } from '@mixdesk/contract/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { nowIso } from '../../platform/ids.ts';
import type { JobsTable } from '../../platform/jobs/job-store.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import {
  addTrack,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  uploadVersion,
} from '../media/media-testing.ts';

const Answer = z.object({ analysis: AnalysisSchema, job: JobSchema.nullable() });

let t: TestApp;
let p: ProjectWithPeople;
let trackId: string;

beforeAll(async () => {
  t = await createTestApp();
  p = await projectWithPeople(t.app);
  trackId = (await addTrack(t.app, p.owner.token, p.projectId, { title: 'Waiting' }))._id;
  // Nothing runs a job from here on: each stays queued until the test moves it on.
  await jobQueue(t.app.ctx).stop();
});
afterAll(() => t.close());

const url = (versionId: string) =>
  `/api/projects/${p.projectId}/tracks/${trackId}/versions/${versionId}/analysis`;
const read = (versionId: string) => t.app.inject({ url: url(versionId), headers: bearer(p.viewer.token) });
const answer = async (versionId: string) => {
  const res = await read(versionId);
  expect(res.statusCode, res.body).toBe(200);
  return Answer.parse(res.json().data);
};

async function uploaded(): Promise<string> {
  const res = await uploadVersion(
    t.app,
    p.owner.token,
    p.projectId,
    trackId,
    sineWav({ seconds: 1 }),
    'a.wav',
  );
  expect(res.statusCode).toBe(201);
  return res.json().data.version._id;
}

const analysisJobs = (versionId: string) =>
  t.app.ctx.db
    .selectFrom('jobs')
    .selectAll()
    .where('subject_id', '=', versionId)
    .where('kind', '=', 'analysis')
    .execute();

async function setJob(id: string, values: Partial<Pick<JobsTable, 'status' | 'progress' | 'error'>>) {
  await t.app.ctx.db.updateTable('jobs').set(values).where('id', '=', id).execute();
}

describe('a version’s analysis while its job is under way', () => {
  it('reads pending with the job queued at upload, and re-running joins that job', async () => {
    const versionId = await uploaded();
    const [queued] = await analysisJobs(versionId);
    expect(queued).toMatchObject({ status: 'queued', dedupe_key: 'analysis' });

    const res = await read(versionId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ success: true, message: 'Analysis' });
    const { analysis, job } = Answer.parse(res.json().data);
    expect(analysis).toMatchObject({
      status: 'pending',
      progress: 0,
      error: null,
      analysedAt: null,
      integratedLufs: null,
      shortTerm: [],
    });
    expect(job).toMatchObject({ _id: queued!.id, kind: 'analysis', status: 'queued' });

    const again = await t.app.inject({
      method: 'POST',
      url: url(versionId),
      headers: bearer(p.editor.token),
    });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ success: true, message: 'Analysis queued' });
    expect(Answer.parse(again.json().data).job?._id).toBe(queued!.id);
    expect(await analysisJobs(versionId)).toHaveLength(1);
  });

  it('reads running with the job’s progress once a worker has it', async () => {
    const versionId = await uploaded();
    const [job] = await analysisJobs(versionId);
    await setJob(job!.id, { status: 'running', progress: 0.4 });
    const { analysis, job: shown } = await answer(versionId);
    expect(analysis).toMatchObject({ status: 'running', progress: 0.4, error: null });
    expect(shown).toMatchObject({ _id: job!.id, status: 'running' });
  });

  it('reads failed with the job’s reason, or a general one when the job gave none', async () => {
    const versionId = await uploaded();
    const [job] = await analysisJobs(versionId);
    await setJob(job!.id, { status: 'failed', error: null });
    expect((await answer(versionId)).analysis).toMatchObject({
      status: 'failed',
      progress: null,
      error: 'The analysis failed.',
    });
    await setJob(job!.id, { error: 'The file could not be decoded.' });
    expect((await answer(versionId)).analysis).toMatchObject({
      status: 'failed',
      error: 'The file could not be decoded.',
    });
  });

  it('reads pending after a job that ended without figures, and does not queue another', async () => {
    const versionId = await uploaded();
    const [job] = await analysisJobs(versionId);
    await setJob(job!.id, { status: 'done', progress: 1 });
    const { analysis, job: shown } = await answer(versionId);
    expect(analysis).toMatchObject({ status: 'pending', progress: null, error: null, analysedAt: null });
    expect(shown).toMatchObject({ _id: job!.id, status: 'done' });
    expect(await analysisJobs(versionId)).toHaveLength(1);
  });
});

describe('a version from before analysis existed', () => {
  it('is queued for analysis the first time it is read', async () => {
    const versionId = await uploaded();
    await t.app.ctx.db.deleteFrom('jobs').where('subject_id', '=', versionId).execute();
    const { analysis, job } = await answer(versionId);
    const [queued] = await analysisJobs(versionId);
    expect(queued).toMatchObject({ status: 'queued', project_id: p.projectId });
    expect(job).toMatchObject({ _id: queued!.id, kind: 'analysis', status: 'queued', subjectId: versionId });
    expect(analysis).toMatchObject({ status: 'pending', progress: 0 });
    // Read again: the same job, not another.
    expect((await answer(versionId)).job?._id).toBe(queued!.id);
    expect(await analysisJobs(versionId)).toHaveLength(1);
  });

  it('is not queued again when its figures are stored', async () => {
    const versionId = await uploaded();
    await t.app.ctx.db.deleteFrom('jobs').where('subject_id', '=', versionId).execute();
    const figures = { integratedLufs: -20, loudnessRange: 1, truePeakDbtp: -17, samplePeakDbfs: -17 };
    await t.app.ctx.db
      .insertInto('version_analyses')
      .values({
        version_id: versionId,
        project_id: p.projectId,
        figures: JSON.stringify({ ...figures, tempoBpm: null, tempoConfidence: null, shortTerm: [] }),
        analysed_at: nowIso(),
      })
      .execute();
    const { analysis, job } = await answer(versionId);
    expect(job).toBeNull();
    expect(analysis).toMatchObject({ status: 'done', ...figures, error: null, progress: null });
    expect(analysis.analysedAt).not.toBeNull();
    expect(await analysisJobs(versionId)).toEqual([]);
  });
});
