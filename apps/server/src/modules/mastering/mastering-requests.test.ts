// Asking for a master (issue #17): the answer is the queued job; the same target and ceiling asked for again
// while that job waits is that job, another target or another ceiling is another master. The app's job
// queue is stopped, so every job stays queued as asked for.
import { JobSchema } from '@mixdesk/contract/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import {
  addTrack,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  uploadVersion,
} from '../media/media-testing.ts';

let t: TestApp;
let p: ProjectWithPeople;
let trackId: string;
let versionId: string;

beforeAll(async () => {
  t = await createTestApp();
  p = await projectWithPeople(t.app);
  trackId = (await addTrack(t.app, p.owner.token, p.projectId, { title: 'Queued' }))._id;
  await jobQueue(t.app.ctx).stop();
  const res = await uploadVersion(
    t.app,
    p.owner.token,
    p.projectId,
    trackId,
    sineWav({ seconds: 1 }),
    'a.wav',
  );
  expect(res.statusCode).toBe(201);
  versionId = res.json().data.version._id;
});
afterAll(() => t.close());

async function master(body: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${p.projectId}/tracks/${trackId}/versions/${versionId}/master`,
    headers: bearer(p.editor.token),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json()).toMatchObject({ success: true, message: 'Mastering queued' });
  return JobSchema.parse(res.json().data.job);
}

describe('asking for a master', () => {
  it('is one job per target and ceiling while it waits, another for another target or ceiling', async () => {
    const first = await master({ targetLufs: -14, truePeakDbtp: -1 });
    expect(first).toMatchObject({ kind: 'mastering', status: 'queued', subjectId: versionId });
    // The defaults are −14 LUFS under −1 dBTP: the same master.
    expect((await master({ targetLufs: -14, truePeakDbtp: -1 }))._id).toBe(first._id);
    expect((await master({}))._id).toBe(first._id);

    const quieter = await master({ targetLufs: -16, truePeakDbtp: -1 });
    const lowerCeiling = await master({ targetLufs: -14, truePeakDbtp: -2 });
    expect(new Set([first._id, quieter._id, lowerCeiling._id]).size).toBe(3);
    expect((await master({ targetLufs: -16, truePeakDbtp: -1 }))._id).toBe(quieter._id);

    const rows = await t.app.ctx.db
      .selectFrom('jobs')
      .select(['id', 'dedupe_key', 'status'])
      .where('subject_id', '=', versionId)
      .where('kind', '=', 'mastering')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.dedupe_key).sort()).toEqual(['-14/-1', '-14/-2', '-16/-1']);
    expect(rows.every((r) => r.status === 'queued')).toBe(true);
  });
});
