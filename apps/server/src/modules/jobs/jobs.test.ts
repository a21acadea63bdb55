import { JobSchema } from '@mixdesk/contract/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { enqueueJob, jobQueue } from '../../platform/jobs/jobs.ts';
import { type ProjectWithPeople, projectWithPeople } from '../media/media-testing.ts';

describe('GET /api/jobs/:id', () => {
  let t: TestApp;
  let p: ProjectWithPeople;
  let jobId: string;
  const read = (id: string, token?: string) =>
    t.app.inject({ url: `/api/jobs/${id}`, headers: token ? bearer(token) : {} });

  beforeAll(async () => {
    t = await createTestApp();
    p = await projectWithPeople(t.app);
    // Queued and left so: the app's queue is stopped first, so nothing runs it.
    await jobQueue(t.app.ctx).stop();
    jobId = (
      await enqueueJob(t.app.ctx.db, { kind: 'peaks', subjectId: 'some-version', projectId: p.projectId })
    ).id;
  });
  afterAll(() => t.close());

  it('shows the job to whoever may view its project', async () => {
    for (const who of [p.owner, p.viewer, p.editor]) {
      const res = await read(jobId, who.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: 'Job' });
      expect(JobSchema.parse(res.json().data.job)).toMatchObject({
        _id: jobId,
        kind: 'peaks',
        status: 'queued',
        projectId: p.projectId,
        result: null,
      });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers a stranger as it answers for no job at all, and asks for a signed-in user', async () => {
    const stranger = await read(jobId, p.stranger.token);
    const none = await read('no-such-job', p.owner.token);
    expect(stranger.statusCode).toBe(404);
    expect(none.statusCode).toBe(404);
    expect(stranger.json()).toEqual(none.json());
    expect((await read('x'.repeat(300), p.owner.token)).statusCode).toBe(404);
    expect((await read(jobId)).statusCode).toBe(401);
  });
});
