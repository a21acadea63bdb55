// What the work group's mutation run (2026-11-27) found untested in jobs.ts: a handler that rejects once a
// stop aborts it (as the decoders do: an AbortError) has its job put back in the queue, not failed; a job's
// failure is logged with its wording, job and kind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { enqueueJob, JobQueue, jobQueue } from './jobs.ts';
import { gate, rowOf } from './jobs-testing.ts';

describe('jobs cut short and jobs that fail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // The app's own queue would compete for these jobs.
    await jobQueue(t.app.ctx).stop();
  });
  afterAll(() => t.close());

  it('puts back, not fails, a job whose handler rejects when a stop aborts it', async () => {
    const db = t.app.ctx.db;
    const job = await enqueueJob(db, { kind: 'peaks', subjectId: 'aborted-rejects', projectId: null });
    const queue = new JobQueue(t.app.ctx, { concurrency: 1 });
    const started = gate();
    queue.register('peaks', async (_job, control) => {
      started.open();
      await new Promise<void>((_resolve, reject) =>
        control.signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
      );
    });
    queue.kick();
    await started.opened;
    await queue.stop();
    expect(await rowOf(t, job.id)).toMatchObject({ status: 'queued', error: null, claimed_at: null });
    await db.deleteFrom('jobs').where('id', '=', job.id).execute();
  });

  it('logs a failure as "A job failed", with the job, its kind and the error', async () => {
    const queue = new JobQueue(t.app.ctx, { concurrency: 1 });
    queue.register('mastering', async () => {
      throw new Error('The target is out of reach');
    });
    const job = await enqueueJob(t.app.ctx.db, { kind: 'mastering', subjectId: 'logged', projectId: null });
    const mark = t.logs().length;
    queue.kick();
    await queue.idle();
    const lines = t
      .logs()
      .slice(mark)
      .split('\n')
      .filter((l) => l.includes(job.id))
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 40,
      msg: 'A job failed',
      service: 'jobs',
      jobId: job.id,
      kind: 'mastering',
      err: { message: 'The target is out of reach' },
    });
    await queue.stop();
  });
});
