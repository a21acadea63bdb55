// The waveform job: a stored job (kind 'peaks') queued with every new version, run after the upload answers;
// it sets the exact duration and the project's totals with the peaks, gives up on a file that cannot be
// decoded without taking the version away (or the server down), and is taken up again after a restart or
// a crash.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JOB_UPDATED_EVENT, type Job } from '@mixdesk/contract/jobs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { until } from '../../../test/services.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import * as peakJobsMigration from '../../db/migrations/0013-peak-jobs.ts';
import { isoIn } from '../../platform/ids.ts';
import { jobQueue, MAX_JOB_ATTEMPTS } from '../../platform/jobs/jobs.ts';
import {
  addTrack,
  encodedSine,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  totalsCheck,
  uploadVersion,
} from './media-testing.ts';
import { queuePeaks } from './peak-jobs.ts';

let t: TestApp;
let p: ProjectWithPeople;

beforeAll(async () => {
  t = await createTestApp();
  p = await projectWithPeople(t.app);
});
afterAll(async () => {
  await t.close();
});

const row = (id: string, app = t.app) =>
  app.ctx.db
    .selectFrom('track_versions')
    .select(['peaks_status', 'duration', 'storage_key', 'peaks'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const setRow = (id: string, values: { peaks_status: 'pending' | 'ready'; peaks?: string }) =>
  t.app.ctx.db.updateTable('track_versions').set(values).where('id', '=', id).execute();
/** The newest waveform job of a version. */
const peaksJobOf = (versionId: string, app = t.app) =>
  app.ctx.db
    .selectFrom('jobs')
    .selectAll()
    .where('subject_id', '=', versionId)
    .where('kind', '=', 'peaks')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
const idle = () => jobQueue(t.app.ctx).idle();

async function uploaded(data: Buffer = sineWav({ seconds: 1 }), name = 'a.wav') {
  const track = await addTrack(t.app, p.owner.token, p.projectId);
  const res = await uploadVersion(t.app, p.owner.token, p.projectId, track._id, data, name);
  expect(res.statusCode).toBe(201);
  return res.json().data.version as { _id: string; peaksUrl: string; duration: number };
}

describe('the waveform job', () => {
  it('answers the upload first, then stores peaks once and the exact duration in a job that ends done', async () => {
    const version = await uploaded(await encodedSine('mp3', 2), 'take.mp3');
    await idle();
    const after = await row(version._id);
    expect(after.peaks_status).toBe('ready');
    expect(Number(after.duration)).not.toBe(version.duration);
    expect(await peaksJobOf(version._id)).toMatchObject({
      status: 'done',
      progress: 1,
      error: null,
      attempts: 1,
      project_id: p.projectId,
      claimed_at: null,
    });
    const check = await totalsCheck(t.app, p.projectId);
    expect(check.stored.totalDuration).toBeCloseTo(check.expected.totalDuration, 9);
    const peaks = (await t.app.inject({ url: version.peaksUrl, headers: bearer(p.owner.token) })).json().data;
    expect(peaks).toMatchObject({ status: 'ready', duration: Number(after.duration) });
  });

  it("pushes the decode's progress to the project's room as it goes, then done", async () => {
    const pushed = vi.spyOn(t.app.ctx.live, 'toProject');
    try {
      const version = await uploaded(sineWav({ seconds: 30, channels: 1 }));
      await idle();
      const updates = pushed.mock.calls
        .filter(([projectId, event]) => projectId === p.projectId && event === JOB_UPDATED_EVENT)
        .map(([, , job]) => job as Job)
        .filter((job) => job.kind === 'peaks' && job.subjectId === version._id);
      expect(updates.some((j) => j.status === 'running' && j.progress > 0 && j.progress < 1)).toBe(true);
      expect(updates.find((j) => j.status === 'done')).toMatchObject({ progress: 1, error: null });
    } finally {
      pushed.mockRestore();
    }
  });

  it('never queues a second job for a version whose waveform is still waiting', async () => {
    const version = await uploaded();
    await idle();
    const first = await queuePeaks(t.app.ctx.db, version._id, p.projectId);
    const again = await queuePeaks(t.app.ctx.db, version._id, p.projectId);
    expect(again.id).toBe(first.id);
    jobQueue(t.app.ctx).kick();
    await idle();
    expect((await peaksJobOf(version._id)).status).toBe('done');
  });

  it('shows a pending waveform as pending, with no peaks yet', async () => {
    const version = await uploaded();
    await idle();
    await setRow(version._id, { peaks_status: 'pending', peaks: '[]' });
    const res = await t.app.inject({ url: version.peaksUrl, headers: bearer(p.owner.token) });
    expect(res.json().data).toMatchObject({ status: 'pending', peaks: [] });
    // Never cached while pending: the player asks again until the waveform is there.
    expect(res.headers['cache-control']).toBe('no-store');
    await setRow(version._id, { peaks_status: 'ready' });
    const ready = await t.app.inject({ url: version.peaksUrl, headers: bearer(p.owner.token) });
    expect(ready.headers['cache-control']).toBe('private, max-age=86400');
  });

  it('fails the waveform of a corrupt file with a reason, keeps the version, and the server keeps answering', async () => {
    const version = await uploaded();
    await idle();
    const { storage_key } = await row(version._id);
    writeFileSync(t.app.ctx.storage.localPath!(storage_key), Buffer.alloc(10_000, 0x41));
    await setRow(version._id, { peaks_status: 'pending', peaks: '[]' });
    await queuePeaks(t.app.ctx.db, version._id, p.projectId);
    jobQueue(t.app.ctx).kick();
    await idle();
    expect((await row(version._id)).peaks_status).toBe('failed');
    const job = await peaksJobOf(version._id);
    expect(job).toMatchObject({ status: 'failed', attempts: 1, claimed_at: null });
    expect(job.error).toMatch(/ffmpeg/);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const res = await t.app.inject({ url: version.peaksUrl, headers: bearer(p.owner.token) });
    expect(res.json().data).toMatchObject({ status: 'failed', peaks: [] });
    const again = await t.app.inject({
      url: `/api/projects/${p.projectId}/tracks`,
      headers: bearer(p.owner.token),
    });
    expect(again.statusCode).toBe(200);
  });

  it('takes over the job of an instance that crashed (a stale claim), gives up after a few crashes, and leaves a fresh claim alone', async () => {
    const abandoned = await uploaded();
    const doomed = await uploaded();
    const fresh = await uploaded();
    await idle();
    const claimed = async (versionId: string, claimedAt: string, attempts = 1) => {
      await setRow(versionId, { peaks_status: 'pending', peaks: '[]' });
      const job = await queuePeaks(t.app.ctx.db, versionId, p.projectId);
      await t.app.ctx.db
        .updateTable('jobs')
        .set({ status: 'running', claimed_at: claimedAt, attempts })
        .where('id', '=', job.id)
        .execute();
      return job.id;
    };
    await claimed(abandoned._id, isoIn(-60 * 60_000));
    await claimed(doomed._id, isoIn(-60 * 60_000), MAX_JOB_ATTEMPTS);
    const freshJob = await claimed(fresh._id, isoIn(0));
    jobQueue(t.app.ctx).kick();
    await idle();
    expect((await row(abandoned._id)).peaks_status).toBe('ready');
    expect(await peaksJobOf(abandoned._id)).toMatchObject({ status: 'done', attempts: 2 });
    expect((await row(doomed._id)).peaks_status).toBe('failed');
    expect((await peaksJobOf(doomed._id)).error).toMatch(/stopped while this ran/);
    expect((await row(fresh._id)).peaks_status).toBe('pending');
    expect(await peaksJobOf(fresh._id)).toMatchObject({ status: 'running', attempts: 1 });
    await t.app.ctx.db.updateTable('jobs').set({ status: 'done' }).where('id', '=', freshJob).execute();
    await setRow(fresh._id, { peaks_status: 'ready' });
  });

  it('keeps working after a version it was about to decode is deleted', async () => {
    const track = await addTrack(t.app, p.owner.token, p.projectId);
    const res = await uploadVersion(t.app, p.owner.token, p.projectId, track._id, sineWav({ seconds: 2 }));
    const gone = res.json().data.version._id;
    await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${p.projectId}/tracks/${track._id}`,
      headers: bearer(p.owner.token),
    });
    const next = await uploaded();
    await idle();
    expect(
      await t.app.ctx.db.selectFrom('track_versions').select('id').where('id', '=', gone).execute(),
    ).toEqual([]);
    // Drawn before the delete, or ended as "not found" after it: never left waiting.
    expect(['done', 'failed']).toContain((await peaksJobOf(gone)).status);
    expect((await row(next._id)).peaks_status).toBe('ready');
    const check = await totalsCheck(t.app, p.projectId);
    expect(check.stored.totalFileSize).toBe(check.expected.totalFileSize);
  });
});

describe('the move to stored jobs (migration 0013-peak-jobs)', () => {
  it('queues a job for every version still waiting for its waveform, and none for a drawn one', async () => {
    const waiting = await uploaded();
    const drawn = await uploaded();
    await idle();
    const { db } = t.app.ctx;
    // As the database was before: the old claim columns, and the waveform pending in the version alone.
    await peakJobsMigration.down(db);
    await setRow(waiting._id, { peaks_status: 'pending', peaks: '[]' });
    const before = await db.selectFrom('jobs').select('id').where('kind', '=', 'peaks').execute();
    await peakJobsMigration.up(db);
    const added = await db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'peaks')
      .where(
        'id',
        'not in',
        before.map((j) => j.id),
      )
      .execute();
    expect(added).toEqual([
      expect.objectContaining({ subject_id: waiting._id, project_id: p.projectId, status: 'queued' }),
    ]);
    // The same dedupe key as an upload's: asking again finds the migrated job.
    expect((await queuePeaks(db, waiting._id, p.projectId)).id).toBe(added[0]!.id);
    jobQueue(t.app.ctx).kick();
    await idle();
    expect((await row(waiting._id)).peaks_status).toBe('ready');
    expect((await peaksJobOf(waiting._id)).status).toBe('done');
    expect((await row(drawn._id)).peaks_status).toBe('ready');
  });
});

describe('the waveform job across a restart', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-slow-decoder-'));
  /** An ffmpeg that never finishes: the job is still running when its instance stops. */
  const hanging = path.join(dir, 'ffmpeg');
  writeFileSync(hanging, '#!/bin/sh\nexec /bin/sleep 30\n');
  chmodSync(hanging, 0o755);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('puts a running job back in the queue when its instance stops, and the next instance draws it', async () => {
    const first = await createTestApp({ ffmpegPath: hanging });
    try {
      const people = await projectWithPeople(first.app);
      const track = await addTrack(first.app, people.owner.token, people.projectId);
      const res = await uploadVersion(
        first.app,
        people.owner.token,
        people.projectId,
        track._id,
        sineWav({ seconds: 1 }),
      );
      expect(res.statusCode).toBe(201);
      const versionId = res.json().data.version._id as string;
      await until(
        async () => (await peaksJobOf(versionId, first.app)).status === 'running',
        5000,
        'the waveform job running',
      );
      await jobQueue(first.app.ctx).stop();
      expect(await peaksJobOf(versionId, first.app)).toMatchObject({
        status: 'queued',
        attempts: 0,
        claimed_at: null,
      });
      expect((await row(versionId, first.app)).peaks_status).toBe('pending');

      // "After a restart": a new app on the same database and files, with a working ffmpeg.
      const second = await buildApp(
        { ...first.config, ffmpegPath: undefined },
        { database: await openDatabase(first.config) },
      );
      try {
        await second.ready();
        await until(
          async () => (await peaksJobOf(versionId, first.app)).status === 'done',
          10_000,
          'the waveform job done after the restart',
        );
        expect(await row(versionId, first.app)).toMatchObject({ peaks_status: 'ready' });
        expect(await peaksJobOf(versionId, first.app)).toMatchObject({ attempts: 1, error: null });
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  });
});
