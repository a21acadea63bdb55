// Removing a collaborator while a waveform job holds the project (it recomputes the project's figures):
// both bump every viewer's list version through triggers. The removal takes the project's row lock before
// it touches anything, as every change inside a project does, so the two queue instead of deadlocking
// (PostgreSQL answered the removal with a 500 "deadlock detected" under load before).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, TEST_DIALECT, type TestApp } from '../../../test/helper.ts';
import { type ProjectWithPeople, projectWithPeople } from '../media/media-testing.ts';
import { recomputeTotals } from '../media/repo.ts';
import { lockProject } from './access.ts';

let t: TestApp;
let f: ProjectWithPeople;

beforeAll(async () => {
  t = await createTestApp();
  f = await projectWithPeople(t.app);
});
afterAll(async () => {
  await t.close();
});

/** Until some statement of the database waits for a row lock (PostgreSQL; SQLite has one writer). */
async function someoneWaitsForALock(): Promise<void> {
  if (TEST_DIALECT !== 'postgres') return;
  await expect
    .poll(
      async () => {
        const rows = await t.app.ctx.db
          .selectFrom('pg_stat_activity' as never)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('wait_event_type' as never, '=', 'Lock' as never)
          .where('query' as never, 'ilike', '%project%' as never)
          .executeTakeFirstOrThrow();
        return Number(rows.n);
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0);
}

describe('a collaborator removed while a job holds the project', () => {
  it('waits for the job, then goes; neither fails', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding!: () => void;
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const job = t.app.ctx.db.transaction().execute(async (trx) => {
      await lockProject(trx, t.app.ctx.dialect, f.projectId);
      holding();
      await gate;
      await recomputeTotals(trx, f.projectId);
    });
    await held;
    const removal = t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${f.projectId}/collaborators/${f.viewer.user._id}`,
      headers: bearer(f.owner.token),
    });
    await someoneWaitsForALock();
    release();
    const [jobDone, removed] = await Promise.allSettled([job, removal]);
    expect(jobDone.status).toBe('fulfilled');
    expect(removed.status === 'fulfilled' && [removed.value.statusCode, removed.value.body]).toEqual([
      200,
      expect.any(String),
    ]);
    const still = await t.app.ctx.db
      .selectFrom('project_collaborators')
      .select('user_id')
      .where('project_id', '=', f.projectId)
      .execute();
    expect(still.map((r) => r.user_id)).not.toContain(f.viewer.user._id);
  });
});

describe('the project lock', () => {
  it('of a project deleted meanwhile fails with the project’s 404', async () => {
    const gone = '0190f5c2-0000-7000-8000-000000000000';
    await expect(
      t.app.ctx.db.transaction().execute((trx) => lockProject(trx, t.app.ctx.dialect, gone)),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Project not found' });
  });
});
