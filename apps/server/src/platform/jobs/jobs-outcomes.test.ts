// How a job ends, as stored and as pushed: the result a handler gave (a plain object, or none), a failure's
// reason (cut to 1000 characters, a plain one when the error gives none), a failure the kind's onFailed
// could not mark, the attempts of a job put back by a stop, the pushes to the job's project while it runs
// (progress at most every PROGRESS_EVERY_MS), and the app's queue running JOB_CONCURRENCY jobs at once.
import { availableParallelism } from 'node:os';
import { JOB_UPDATED_EVENT, type Job } from '@mixdesk/contract/jobs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { controlledClock } from '../../../test/clock.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { until } from '../../../test/services.ts';
import { projectWithPeople } from '../../modules/media/media-testing.ts';
import { isoIn } from '../ids.ts';
import { join, listen, open } from '../realtime/realtime-testing.ts';
import { enqueueJob, JobQueue, jobQueue, PROGRESS_EVERY_MS, presentJob } from './jobs.ts';
import { gate, rowOf } from './jobs-testing.ts';

describe('how a job ends', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // The app's own queue would compete for these jobs once the app listens.
    await jobQueue(t.app.ctx).stop();
  });
  afterAll(() => t.close());

  it('keeps a plain object its handler resolved with as the result, and no result for anything else', async () => {
    const queue = new JobQueue(t.app.ctx, { concurrency: 1 });
    const answers: Record<string, unknown> = {
      object: { versionId: 'v-9', lufs: -14 },
      text: 'fine',
      number: 42,
      nothing: undefined,
    };
    queue.register('mastering', async (job) => answers[job.subjectId]);
    const ids: Record<string, string> = {};
    for (const subjectId of Object.keys(answers))
      ids[subjectId] = (await enqueueJob(t.app.ctx.db, { kind: 'mastering', subjectId, projectId: null })).id;
    queue.kick();
    await queue.idle();
    const ended = async (subjectId: string) => presentJob(await rowOf(t, ids[subjectId]!));
    expect(await ended('object')).toMatchObject({
      status: 'done',
      progress: 1,
      result: { versionId: 'v-9', lufs: -14 },
    });
    for (const subjectId of ['text', 'number', 'nothing'])
      expect(await ended(subjectId)).toMatchObject({ status: 'done', progress: 1, result: null });
    await queue.stop();
  });

  it('keeps 1000 characters of a failure’s reason, a plain one when the error gives none, and no progress', async () => {
    const queue = new JobQueue(t.app.ctx, { concurrency: 1 });
    const thrown: Record<string, unknown> = {
      long: new Error('x'.repeat(1500)),
      empty: new Error(''),
      'not-an-error': 'nope',
    };
    queue.register('mastering', async (job) => {
      throw thrown[job.subjectId];
    });
    const ids: Record<string, string> = {};
    for (const subjectId of Object.keys(thrown))
      ids[subjectId] = (await enqueueJob(t.app.ctx.db, { kind: 'mastering', subjectId, projectId: null })).id;
    queue.kick();
    await queue.idle();
    const failed = { status: 'failed', progress: 0, result: null };
    expect(await rowOf(t, ids.long!)).toMatchObject({ ...failed, error: 'x'.repeat(1000) });
    expect(await rowOf(t, ids.empty!)).toMatchObject({ ...failed, error: 'The job failed.' });
    expect(await rowOf(t, ids['not-an-error']!)).toMatchObject({ ...failed, error: 'The job failed.' });
    await queue.stop();
  });

  it('stores the failure even when marking what the job worked on fails, and logs that', async () => {
    const queue = new JobQueue(t.app.ctx, { concurrency: 1 });
    queue.register(
      'peaks',
      async () => {
        throw new Error('No audio in the file');
      },
      {
        onFailed: async () => {
          throw new Error('The version is gone');
        },
      },
    );
    const job = await enqueueJob(t.app.ctx.db, { kind: 'peaks', subjectId: 'unmarked', projectId: null });
    const mark = t.logs().length;
    queue.kick();
    await queue.idle();
    expect(await rowOf(t, job.id)).toMatchObject({ status: 'failed', error: 'No audio in the file' });
    const line = t
      .logs()
      .slice(mark)
      .split('\n')
      .find((l) => l.includes('Could not mark what a failed job worked on'));
    expect(line).toBeDefined();
    const logged = JSON.parse(line!);
    expect(logged).toMatchObject({ level: 50, service: 'jobs', jobId: job.id, kind: 'peaks' });
    expect(logged.err.message).toBe('The version is gone');
    await queue.stop();
  });

  it('gives back the attempt of a job a stop cut short, however many it had', async () => {
    const db = t.app.ctx.db;
    // Taken over from an instance that crashed: its second attempt.
    const job = await enqueueJob(db, { kind: 'peaks', subjectId: 'stopped-twice', projectId: null });
    await db
      .updateTable('jobs')
      .set({ status: 'running', claimed_at: isoIn(-60 * 60 * 1000), attempts: 1 })
      .where('id', '=', job.id)
      .execute();
    const queue = new JobQueue(t.app.ctx, { concurrency: 1 });
    const started = gate();
    queue.register('peaks', async (_job, control) => {
      started.open();
      await new Promise<void>((resolve) => control.signal.addEventListener('abort', () => resolve()));
    });
    queue.kick();
    await started.opened;
    expect(await rowOf(t, job.id)).toMatchObject({ status: 'running', attempts: 2 });
    await queue.stop();
    expect(await rowOf(t, job.id)).toMatchObject({ status: 'queued', attempts: 1, claimed_at: null });
    // Not left for a later test's queue.
    await db.deleteFrom('jobs').where('id', '=', job.id).execute();
  });

  it('pushes the job to its project as it is taken, as it reports progress (at most every PROGRESS_EVERY_MS) and when done', async () => {
    const p = await projectWithPeople(t.app);
    const socket = await open(await listen(t), p.owner.token);
    try {
      await join(socket, p.projectId);
      const pushed: Job[] = [];
      socket.on(JOB_UPDATED_EVENT, (job: Job) => pushed.push(job));
      // Asks every 50 ms, 100 times at most: Date is stopped meanwhile (vi.waitFor would move it on).
      const pushedRunning = async (progress: number) => {
        for (let tries = 0; tries < 100; tries++) {
          if (pushed.some((j) => j.status === 'running' && j.progress === progress)) return;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        throw new Error(`No push of the job at ${progress}`);
      };
      const queue = new JobQueue(t.app.ctx, { concurrency: 1 });
      queue.register('analysis', async (_job, control) => {
        const clock = controlledClock();
        try {
          control.progress(0.1); // the first report: written and pushed at once
          await pushedRunning(0.1);
          control.progress(0.2); // the same moment: held back
          clock.step(PROGRESS_EVERY_MS - 1);
          control.progress(0.3); // still too soon
          clock.step(1);
          control.progress(0.4); // PROGRESS_EVERY_MS after the last write
          await pushedRunning(0.4);
        } finally {
          clock.restore();
        }
      });
      const job = await enqueueJob(t.app.ctx.db, {
        kind: 'analysis',
        subjectId: 'pushed',
        projectId: p.projectId,
      });
      queue.kick();
      await queue.idle();
      await vi.waitFor(() => expect(pushed.at(-1)?.status).toBe('done'), { timeout: 5000 });
      expect(pushed.map((j) => [j._id, j.status, j.progress])).toEqual([
        [job.id, 'running', 0],
        [job.id, 'running', 0.1],
        [job.id, 'running', 0.4],
        [job.id, 'done', 1],
      ]);
      expect(await rowOf(t, job.id)).toMatchObject({ status: 'done', progress: 1 });
      await queue.stop();
    } finally {
      socket.close();
    }
  });
});

describe("the app's job queue", () => {
  it('runs as many jobs at once as JOB_CONCURRENCY says, even more than the machine has cores', async () => {
    const concurrency = availableParallelism() + 1;
    const t = await createTestApp({ jobConcurrency: concurrency });
    try {
      const queue = jobQueue(t.app.ctx);
      const finish = gate();
      queue.register('mastering', () => finish.opened);
      for (let i = 0; i < concurrency; i++)
        await enqueueJob(t.app.ctx.db, { kind: 'mastering', subjectId: `at-once-${i}`, projectId: null });
      queue.kick();
      await until(async () => queue.active === concurrency, 5000, `${concurrency} jobs running at once`);
      finish.open();
      await queue.idle();
    } finally {
      await t.close();
    }
  });
});
