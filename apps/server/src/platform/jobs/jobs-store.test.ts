// Queuing jobs (job-store.ts) and counting those that wait: the same work asked for twice at the same moment
// is one job (the unique index refuses the second row, whose request answers with the first's job), a job
// the database refuses for another reason is an error, and the jobs waiting for an instance are the queued
// ones and those an instance left running on a stale claim.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../../test/helper.ts';
import { until } from '../../../test/services.ts';
import { isoIn } from '../ids.ts';
import { enqueueJob, waitingJobs } from './jobs.ts';
import { gate } from './jobs-testing.ts';

describe('queuing jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const jobsOf = (subjectId: string) =>
    t.app.ctx.db.selectFrom('jobs').selectAll().where('subject_id', '=', subjectId).execute();

  it('makes one job of the same work asked for twice at the same moment', async () => {
    // Both requests look for a live job before either has inserted one: the second insert is refused by
    // the unique index, and that request answers with the first one's job.
    const ask = () =>
      enqueueJob(t.app.ctx.db, {
        kind: 'mastering',
        subjectId: 'v-race',
        projectId: null,
        payload: { targetLufs: -14 },
        dedupeKey: '-14/-1',
      });
    const [first, second] = await Promise.all([ask(), ask()]);
    expect(second.id).toBe(first.id);
    expect(second).toMatchObject({ status: 'queued', dedupe_key: '-14/-1' });
    expect((await jobsOf('v-race')).map((j) => j.id)).toEqual([first.id]);

    // Another key for the same subject is other work.
    const other = await enqueueJob(t.app.ctx.db, {
      kind: 'mastering',
      subjectId: 'v-race',
      projectId: null,
      dedupeKey: '-9/-1',
    });
    expect(other.id).not.toBe(first.id);
    expect(await jobsOf('v-race')).toHaveLength(2);
  });

  // PostgreSQL runs the two at once for real: the second insert waits on the index for the first's
  // transaction, and is refused once that commits (SQLite's single writer orders them, as above).
  it.runIf(TEST_DIALECT === 'postgres')(
    'answers with the job another transaction committed while this insert waited for it',
    async () => {
      const db = t.app.ctx.db;
      const job = { kind: 'mastering', subjectId: 'v-wait', projectId: null, dedupeKey: '-14/-1' } as const;
      const commit = gate();
      const inserted = gate();
      const other = db.transaction().execute(async (trx) => {
        const twin = await enqueueJob(trx, job);
        inserted.open();
        await commit.opened;
        return twin;
      });
      await inserted.opened;
      const asking = enqueueJob(db, job);
      await until(
        async () => {
          const { rows } = await sql<{ n: number }>`
            select count(*)::int as n from pg_stat_activity
            where wait_event_type = 'Lock' and query like 'insert into "jobs"%'`.execute(db);
          return rows[0]!.n >= 1;
        },
        5000,
        'the insert to wait for the other transaction',
      );
      commit.open();
      const [twin, mine] = await Promise.all([other, asking]);
      expect(mine.id).toBe(twin.id);
      expect(await jobsOf('v-wait')).toHaveLength(1);
    },
  );

  it('refuses a job the database refuses for another reason, with a dedupe key too', async () => {
    // A project that does not exist: the foreign key refuses the row.
    const projectId = randomUUID();
    await expect(
      enqueueJob(t.app.ctx.db, { kind: 'analysis', subjectId: 'v-orphan', projectId, dedupeKey: 'analysis' }),
    ).rejects.toThrow();
    await expect(
      enqueueJob(t.app.ctx.db, { kind: 'analysis', subjectId: 'v-orphan', projectId }),
    ).rejects.toThrow();
    expect(await jobsOf('v-orphan')).toEqual([]);
  });

  it('counts as waiting the queued jobs of a kind and those left running on a stale claim', async () => {
    const db = t.app.ctx.db;
    // This file queues no other job of the kind.
    expect(await waitingJobs(db, 'peaks')).toBe(0);
    const add = async (
      subjectId: string,
      set: { status: 'running' | 'done' | 'failed'; claimed_at: string | null } | null,
      kind: 'peaks' | 'analysis' = 'peaks',
    ) => {
      const job = await enqueueJob(db, { kind, subjectId, projectId: null });
      if (set) await db.updateTable('jobs').set(set).where('id', '=', job.id).execute();
    };
    await add('w-queued', null);
    // An instance that stopped an hour ago left this one running.
    await add('w-stale', { status: 'running', claimed_at: isoIn(-60 * 60_000) });
    // Not waiting: running on a live claim, ended, or of another kind.
    await add('w-running', { status: 'running', claimed_at: isoIn(0) });
    await add('w-done', { status: 'done', claimed_at: null });
    await add('w-failed', { status: 'failed', claimed_at: null });
    await add('w-other-kind', null, 'analysis');
    expect(await waitingJobs(db, 'peaks')).toBe(2);
  });
});
