// The job queue's workers against a database that fails them: a PostgreSQL nobody answers at (an outage,
// told once as a warning, and told again after the database answered in between), a database without the
// jobs table (an error, as a bug is), and a queue with no kind registered, which asks nothing of any
// database. Also: an idle queue takes up work at its sweep without being kicked, and a worker that runs out
// of work ends without a word.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { freePort, until } from '../../../test/services.ts';
import { type Database, openPostgres, openSqlite } from '../../db/database.ts';
import type { AppContext } from '../context.ts';
import { enqueueJob, JobQueue, SWEEP_MS } from './jobs.ts';
import { rowOf } from './jobs-testing.ts';

const OUTAGE = 'Jobs wait: the database is not answering';
const STOPPED = 'A job worker stopped';

/** The app's log lines written since `mark` (what `t.logs().length` was), parsed. */
const linesSince = (t: TestApp, mark: number): Record<string, unknown>[] =>
  t
    .logs()
    .slice(mark)
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
const jobLines = (t: TestApp, mark: number) => linesSince(t, mark).filter((l) => l.service === 'jobs');

describe('job workers', () => {
  let t: TestApp;
  /** A PostgreSQL on a port nobody listens on: every query is refused, as in an outage. */
  let away: Database;
  beforeAll(async () => {
    t = await createTestApp();
    away = openPostgres(`postgres://postgres@127.0.0.1:${await freePort()}/gone`);
  });
  afterAll(async () => {
    await away.close();
    await t.close();
  });

  it('asks nothing of the database while no kind of job is registered', async () => {
    const queue = new JobQueue({ ...t.app.ctx, db: away.db }, { concurrency: 1 });
    const mark = t.logs().length;
    queue.kick();
    await queue.idle();
    // A worker would have met the outage and said so.
    expect(jobLines(t, mark)).toEqual([]);
    await queue.stop();
  });

  it('tells a database outage once, as a warning, and again once the database has answered in between', async () => {
    const ctx: AppContext = { ...t.app.ctx, db: away.db };
    const queue = new JobQueue(ctx, { concurrency: 1 });
    queue.register('analysis', async () => undefined);
    const mark = t.logs().length;
    // Two sweeps during the outage: one warning.
    for (let i = 0; i < 2; i++) {
      queue.kick();
      await queue.idle();
    }
    const told = jobLines(t, mark);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ level: 40, service: 'jobs', msg: OUTAGE });
    // The driver's own words, not the error's name in front of them.
    expect(told[0]!.reason).toMatch(/^connect ECONNREFUSED 127\.0\.0\.1:\d+$/);

    // The database answers (nothing to claim), then goes away again: that is a new outage, told again.
    ctx.db = t.app.ctx.db;
    queue.kick();
    await queue.idle();
    expect(jobLines(t, mark)).toHaveLength(1);
    ctx.db = away.db;
    queue.kick();
    await queue.idle();
    expect(jobLines(t, mark).map((l) => [l.level, l.msg])).toEqual([
      [40, OUTAGE],
      [40, OUTAGE],
    ]);
    await queue.stop();
  });

  it('logs a worker stopped by anything but an outage as an error, with the error', async () => {
    // A database that answers, without the jobs table.
    const bare = openSqlite(path.join(t.config.dataDir, 'no-tables.db'));
    const queue = new JobQueue({ ...t.app.ctx, db: bare.db }, { concurrency: 1 });
    queue.register('analysis', async () => undefined);
    const mark = t.logs().length;
    try {
      queue.kick();
      await queue.idle();
      const told = jobLines(t, mark);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ level: 50, service: 'jobs', msg: STOPPED });
      expect((told[0]!.err as { message: string }).message).toMatch(/no such table: jobs/);
    } finally {
      await queue.stop();
      await bare.close();
    }
  });

  it('ends a worker that finds nothing more to claim without a word', async () => {
    const queue = new JobQueue(t.app.ctx, { concurrency: 1 });
    const ran: string[] = [];
    queue.register('analysis', async (job) => {
      ran.push(job.subjectId);
    });
    const job = await enqueueJob(t.app.ctx.db, { kind: 'analysis', subjectId: 'quiet', projectId: null });
    const mark = t.logs().length;
    queue.kick();
    await queue.idle();
    expect(ran).toEqual(['quiet']);
    expect(await rowOf(t, job.id)).toMatchObject({ status: 'done' });
    expect(jobLines(t, mark)).toEqual([]);
    // Nothing left: a kick ends as quietly.
    queue.kick();
    await queue.idle();
    expect(jobLines(t, mark)).toEqual([]);
    await queue.stop();
  });

  it('takes up a job nobody told it about at its next sweep', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const queue = new JobQueue(t.app.ctx, { concurrency: 1 });
    try {
      const ran: string[] = [];
      queue.register('mastering', async (job) => {
        ran.push(job.subjectId);
      });
      // Queued by another instance: this one is never kicked.
      const job = await enqueueJob(t.app.ctx.db, {
        kind: 'mastering',
        subjectId: 'unannounced',
        projectId: null,
      });
      vi.advanceTimersByTime(SWEEP_MS);
      await until(async () => (await rowOf(t, job.id)).status === 'done', 5000, 'the sweep to run the job');
      expect(ran).toEqual(['unannounced']);
    } finally {
      await queue.stop();
      vi.useRealTimers();
    }
  });
});
