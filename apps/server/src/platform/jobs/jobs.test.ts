import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { until } from '../../../test/services.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import { isoIn } from '../ids.ts';
import { enqueueJob, JobQueue, jobQueue, MAX_JOB_ATTEMPTS } from './jobs.ts';
import { gate, rowOf } from './jobs-testing.ts';

describe('job queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('runs a queued job to done, with its progress stored on the way', async () => {
    const queue = new JobQueue(t.app.ctx, { concurrency: 1 });
    const halfway = gate();
    const finish = gate();
    queue.register('analysis', async (job, control) => {
      expect(job.payload).toEqual({ versionId: 'v-1' });
      control.progress(0.5);
      halfway.open();
      await finish.opened;
    });
    const job = await enqueueJob(t.app.ctx.db, {
      kind: 'analysis',
      subjectId: 'v-1',
      projectId: null,
      payload: { versionId: 'v-1' },
    });
    expect(job.status).toBe('queued');
    queue.kick();
    await halfway.opened;
    await until(async () => (await rowOf(t, job.id)).progress === 0.5, 5000, 'progress stored');
    expect(await rowOf(t, job.id)).toMatchObject({ status: 'running', attempts: 1 });
    finish.open();
    await queue.idle();
    const done = await rowOf(t, job.id);
    expect(done).toMatchObject({ status: 'done', progress: 1, error: null, claimed_at: null });
    expect(done.finished_at).not.toBeNull();
    await queue.stop();
  });

  it('fails a job with the reason its handler gave, and goes on with the next', async () => {
    const queue = new JobQueue(t.app.ctx, { concurrency: 1 });
    queue.register('mastering', async (job) => {
      if (job.subjectId === 'bad') throw new Error('ffmpeg exited with 1: Invalid data found');
    });
    const bad = await enqueueJob(t.app.ctx.db, { kind: 'mastering', subjectId: 'bad', projectId: null });
    const good = await enqueueJob(t.app.ctx.db, { kind: 'mastering', subjectId: 'good', projectId: null });
    queue.kick();
    await queue.idle();
    expect(await rowOf(t, bad.id)).toMatchObject({
      status: 'failed',
      error: 'ffmpeg exited with 1: Invalid data found',
    });
    expect(await rowOf(t, good.id)).toMatchObject({ status: 'done' });
    await queue.stop();
  });

  it('does not fail a job a database outage cut off: its claim goes stale and it runs again', async () => {
    const queue = new JobQueue(t.app.ctx, { concurrency: 1, claimTtlMs: 200 });
    let runs = 0;
    queue.register('mastering', async () => {
      runs += 1;
      // What node-postgres throws when PostgreSQL goes away under a query.
      if (runs === 1) throw new Error('Connection terminated unexpectedly');
    });
    const job = await enqueueJob(t.app.ctx.db, { kind: 'mastering', subjectId: 'cut', projectId: null });
    queue.kick();
    await queue.idle();
    expect(await rowOf(t, job.id)).toMatchObject({ status: 'running', error: null, attempts: 1 });
    const cutOff = t
      .logs()
      .split('\n')
      .find((line) => line.includes('A job was cut off by a database outage'));
    expect(JSON.parse(cutOff!)).toMatchObject({
      level: 40,
      service: 'jobs',
      jobId: job.id,
      kind: 'mastering',
      reason: 'Connection terminated unexpectedly',
    });
    await until(
      async () => {
        queue.kick();
        await queue.idle();
        return (await rowOf(t, job.id)).status === 'done';
      },
      5000,
      'the job to run again once its claim is stale',
    );
    expect(await rowOf(t, job.id)).toMatchObject({ status: 'done', attempts: 2, error: null });
    expect(runs).toBe(2);
    await queue.stop();
  });

  it('tells the kind of a job that failed for good, before the failure is stored, and not of one done', async () => {
    const queue = new JobQueue(t.app.ctx, { concurrency: 1 });
    const told: { subjectId: string; reason: string; status: string }[] = [];
    queue.register(
      'peaks',
      async (job) => {
        if (job.subjectId === 'broken') throw new Error('No audio in the file');
      },
      {
        onFailed: async (job, reason) => {
          const { status } = await rowOf(t, job.id);
          told.push({ subjectId: job.subjectId, reason, status });
        },
      },
    );
    const broken = await enqueueJob(t.app.ctx.db, { kind: 'peaks', subjectId: 'broken', projectId: null });
    await enqueueJob(t.app.ctx.db, { kind: 'peaks', subjectId: 'fine', projectId: null });
    queue.kick();
    await queue.idle();
    expect(told).toEqual([{ subjectId: 'broken', reason: 'No audio in the file', status: 'running' }]);
    expect(await rowOf(t, broken.id)).toMatchObject({ status: 'failed', error: 'No audio in the file' });
    await queue.stop();
  });

  it('runs at most its concurrency at once, however many are queued', async () => {
    const queue = new JobQueue(t.app.ctx, { concurrency: 2 });
    let now = 0;
    let most = 0;
    const gates = new Map<string, ReturnType<typeof gate>>();
    queue.register('analysis', async (job) => {
      now += 1;
      most = Math.max(most, now);
      await gates.get(job.subjectId)!.opened;
      now -= 1;
    });
    const ids = [];
    for (let i = 0; i < 20; i++) {
      gates.set(`c-${i}`, gate());
      ids.push(
        (await enqueueJob(t.app.ctx.db, { kind: 'analysis', subjectId: `c-${i}`, projectId: null })).id,
      );
    }
    queue.kick();
    queue.kick();
    await until(async () => queue.active === 2, 5000, 'two running');
    for (const g of gates.values()) g.open();
    await queue.idle();
    expect(most).toBe(2);
    const rows = await t.app.ctx.db.selectFrom('jobs').select('status').where('id', 'in', ids).execute();
    expect(rows.map((r) => r.status)).toEqual(Array(20).fill('done'));
    await queue.stop();
  });

  it('puts a running job back in the queue when its instance stops, and another instance finishes it', async () => {
    const first = new JobQueue(t.app.ctx, { concurrency: 1 });
    const started = gate();
    first.register('analysis', async (_job, control) => {
      started.open();
      await new Promise<void>((resolve) => control.signal.addEventListener('abort', () => resolve()));
    });
    const job = await enqueueJob(t.app.ctx.db, { kind: 'analysis', subjectId: 'restart', projectId: null });
    first.kick();
    await started.opened;
    await first.stop();
    expect(await rowOf(t, job.id)).toMatchObject({ status: 'queued', attempts: 0, claimed_at: null });

    // "After a restart": a new app on the same database, whose queue takes the job up when it is ready.
    const second = await buildApp(t.config, { database: await openDatabase(t.config) });
    const ran: string[] = [];
    jobQueue(second.ctx).register('analysis', async (j) => {
      ran.push(j.subjectId);
    });
    await second.ready();
    await until(async () => (await rowOf(t, job.id)).status === 'done', 5000, 'job done after restart');
    expect(ran).toContain('restart');
    await second.close();
  });

  it('takes over the job of an instance that crashed (a stale claim), and gives up after a few crashes', async () => {
    const db = t.app.ctx.db;
    const crashed = await enqueueJob(db, { kind: 'mastering', subjectId: 'crashed', projectId: null });
    await db
      .updateTable('jobs')
      .set({ status: 'running', claimed_at: isoIn(-60 * 60 * 1000), attempts: 1 })
      .where('id', '=', crashed.id)
      .execute();
    const doomed = await enqueueJob(db, { kind: 'mastering', subjectId: 'doomed', projectId: null });
    await db
      .updateTable('jobs')
      .set({ status: 'running', claimed_at: isoIn(-60 * 60 * 1000), attempts: MAX_JOB_ATTEMPTS })
      .where('id', '=', doomed.id)
      .execute();
    // A fresh claim of a live instance is left alone.
    const alive = await enqueueJob(db, { kind: 'mastering', subjectId: 'alive', projectId: null });
    await db
      .updateTable('jobs')
      .set({ status: 'running', claimed_at: isoIn(0), attempts: 1 })
      .where('id', '=', alive.id)
      .execute();
    const queue = new JobQueue(t.app.ctx, { concurrency: 1, claimTtlMs: 60_000 });
    const ran: string[] = [];
    queue.register('mastering', async (job) => {
      ran.push(job.subjectId);
    });
    queue.kick();
    await queue.idle();
    expect(ran).toEqual(['crashed']);
    expect(await rowOf(t, crashed.id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await rowOf(t, doomed.id)).toMatchObject({ status: 'failed' });
    expect((await rowOf(t, doomed.id)).error).toMatch(/stopped while this ran/);
    expect(await rowOf(t, alive.id)).toMatchObject({ status: 'running', attempts: 1 });
    await queue.stop();
  });
});
