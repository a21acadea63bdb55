// The mastering job on music (issue #32): the Apple Music preset on an ordinary dynamic mix makes a version
// that ffmpeg's ebur128 (not our analysis) measures on target and under the ceiling, and whose stored figures
// say so too; a target out of the mix's reach fails the job with a reason a person can act on and keeps
// nothing (no version, analysis, stored file or activity). That the refusal comes before any render is
// master-file.test.ts's to show.
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AnalysisSchema, MASTER_TOLERANCE_LU } from '@mixdesk/contract/analysis';
import { JobSchema } from '@mixdesk/contract/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { fromJson } from '../../db/schema.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import { wavFile } from '../analysis/test-signals.ts';
import {
  addTrack,
  type ProjectWithPeople,
  projectWithPeople,
  storedFiles,
  uploadVersion,
} from '../media/media-testing.ts';
import { ebur128 } from './test-judge.ts';
import { MIXES } from './test-music.ts';

const RATE = 44_100;

let t: TestApp;
let p: ProjectWithPeople;
let trackId: string;
let versionId: string;
let dir: string;
let mixFile: string;

beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'mixdesk-mastering-music-'));
  p = await projectWithPeople(t.app);
  trackId = (await addTrack(t.app, p.owner.token, p.projectId, { title: 'Verse Chorus' }))._id;
  const mix = wavFile(MIXES.dynamic(30, RATE), RATE, 2, 16);
  mixFile = path.join(dir, 'mix.wav');
  writeFileSync(mixFile, mix);
  const res = await uploadVersion(t.app, p.owner.token, p.projectId, trackId, mix, 'mix.wav');
  expect(res.statusCode, res.body).toBe(201);
  versionId = res.json().data.version._id;
  await jobQueue(t.app.ctx).idle();
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** Asks for a master and waits for its job to end; the job's row. */
async function master(body: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${p.projectId}/tracks/${trackId}/versions/${versionId}/master`,
    headers: bearer(p.editor.token),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(202);
  const jobId = JobSchema.parse(res.json().data.job)._id;
  await jobQueue(t.app.ctx).idle();
  return t.app.ctx.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
}

/** A stored version's bytes, written to a file the judge can read. */
async function storedCopy(id: string): Promise<string> {
  const row = await t.app.ctx.db
    .selectFrom('track_versions')
    .select(['storage_key', 'format'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const chunks: Buffer[] = [];
  for await (const c of await t.app.ctx.storage.get(row.storage_key)) chunks.push(c as Buffer);
  const file = path.join(dir, `${id}.${row.format}`);
  writeFileSync(file, Buffer.concat(chunks));
  return file;
}

/** What a master would add to the project. */
async function kept() {
  const db = t.app.ctx.db;
  const inProject = <T>(rows: Promise<T[]>) => rows.then((r) => r.length);
  return {
    versions: await inProject(
      db.selectFrom('track_versions').select('id').where('project_id', '=', p.projectId).execute(),
    ),
    analyses: await inProject(
      db.selectFrom('version_analyses').select('version_id').where('project_id', '=', p.projectId).execute(),
    ),
    activities: await inProject(
      db.selectFrom('activities').select('id').where('project_id', '=', p.projectId).execute(),
    ),
    disk: storedFiles(t.config.dataDir),
  };
}

describe('the mastering job on music', () => {
  it('the Apple Music preset makes a version ebur128 measures at −16 LUFS under −1 dBTP', async () => {
    const done = await master({ targetLufs: -16, truePeakDbtp: -1 });
    expect(done.status, done.error ?? '').toBe('done');
    const made = fromJson<{ versionId: string }>(done.result as string, { versionId: '' }).versionId;
    const judged = await ebur128(await storedCopy(made));
    expect(Math.abs(judged.integratedLufs - -16)).toBeLessThanOrEqual(MASTER_TOLERANCE_LU);
    expect(judged.truePeakDbtp).toBeLessThanOrEqual(-1);
    // What the app shows for it agrees: on target, and under the ceiling.
    const analysis = AnalysisSchema.parse(
      (
        await t.app.inject({
          url: `/api/projects/${p.projectId}/tracks/${trackId}/versions/${made}/analysis`,
          headers: bearer(p.owner.token),
        })
      ).json().data.analysis,
    );
    expect(Math.abs(analysis.integratedLufs! - judged.integratedLufs)).toBeLessThanOrEqual(0.1);
    expect(analysis.truePeakDbtp!).toBeLessThanOrEqual(-1);
  });

  it('a target out of reach fails the job, says why and what would work, and keeps nothing', async () => {
    const before = await kept();
    const done = await master({ targetLufs: -9, truePeakDbtp: -1 });
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(
      /^\u22129\.0 LUFS under \u22121\.0 dBTP is out of reach for this version \((\u2212\d+\.\d) LUFS, peaks at .*\): the limiter would have to take about \d+\.\d dB of loudness off its loud passages, more than the 3\.0 dB a master takes without audible distortion\. The loudest it goes cleanly under that ceiling is about \u2212\d+\.\d LUFS: try that or a lower target\.$/,
    );
    // The loudness it quotes is the mix's, as ebur128 reads it.
    const quoted = Number(/\((\u2212\d+\.\d) LUFS/.exec(done.error!)![1]!.replace('\u2212', '-'));
    expect(Math.abs(quoted - (await ebur128(mixFile)).integratedLufs)).toBeLessThanOrEqual(0.1);
    expect(await kept()).toEqual(before);
  });
});
