// A master stores bytes in the owner's projects like an upload does, so the storage quota holds for it too:
// a master that fits the room left exactly is kept, one that would pass the quota by a byte makes the job
// fail with the quota's message and keeps nothing (no version, no analysis, no stored file, totals unchanged).
// The upload limit holds for it as well: a master larger than one upload may be fails with the limit's message.
import { STORAGE_QUOTA_EXCEEDED } from '@mixdesk/contract/dashboard';
import { JobSchema } from '@mixdesk/contract/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { fromJson } from '../../db/schema.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import { sine, wavFile } from '../analysis/test-signals.ts';
import {
  addTrack,
  encodedSine,
  storedFiles,
  totalsCheck,
  uploadFile,
  uploadVersion,
} from '../media/media-testing.ts';

const QUOTA = 1024 * 1024;
const RATE = 48_000;
/** Two seconds of a stereo 1 kHz tone at −20 dBFS, 16-bit: about 375 KB, a master of it as much again. */
const original = wavFile(
  sine({ seconds: 2, sampleRate: RATE, channels: 2, hz: 1000, dbfs: -20 }),
  RATE,
  2,
  16,
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ storageQuotaBytes: QUOTA });
});
afterAll(() => t.close());

interface Owner {
  who: SignedIn;
  projectId: string;
  trackId: string;
  versionId: string;
}

/** A new owner with a project holding the tone as a version and `padding` bytes of other files. */
async function ownerUsing(padding: number): Promise<Owner> {
  const who = await registerUser(t.app, { name: 'Mastering Owner' });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(who.token),
    payload: { title: 'Loud Enough' },
  });
  const projectId = created.json().data.project._id as string;
  const trackId = (await addTrack(t.app, who.token, projectId))._id;
  const up = await uploadVersion(t.app, who.token, projectId, trackId, original, 'quiet.wav');
  expect(up.statusCode, up.body).toBe(201);
  if (padding > 0) {
    const pad = await uploadFile(t.app, who.token, projectId, Buffer.alloc(padding, 5), 'pad.bin', 'other');
    expect(pad.statusCode, pad.body).toBe(201);
  }
  await jobQueue(t.app.ctx).idle();
  // The tone's listening copies count too, once made (their size is the same for every owner's tone).
  const copies = await copiesOf(up.json().data.version._id);
  expect((await totalsCheck(t.app, projectId)).stored.totalFileSize).toBe(original.length + copies + padding);
  return { who, projectId, trackId, versionId: up.json().data.version._id };
}

/** The bytes of a version's listening copies (issue #35), as stored. */
async function copiesOf(versionId: string): Promise<number> {
  const row = await t.app.ctx.db
    .selectFrom('track_versions')
    .select(['lossless_size', 'compact_size'])
    .where('id', '=', versionId)
    .executeTakeFirstOrThrow();
  return Number(row.lossless_size ?? 0) + Number(row.compact_size ?? 0);
}

/** Asks for a −14 LUFS master and waits until the job has ended; the job's row as stored. */
async function master(o: Owner) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${o.projectId}/tracks/${o.trackId}/versions/${o.versionId}/master`,
    headers: bearer(o.who.token),
    payload: { targetLufs: -14 },
  });
  expect(res.statusCode, res.body).toBe(202);
  const jobId = JobSchema.parse(res.json().data.job)._id;
  await jobQueue(t.app.ctx).idle();
  return t.app.ctx.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
}

/** Everything a master would add: the project's versions, analyses and totals, and the stored files. */
async function kept(o: Owner) {
  const db = t.app.ctx.db;
  return {
    versions: await db
      .selectFrom('track_versions')
      .select(['id', 'size'])
      .where('project_id', '=', o.projectId)
      .orderBy('id')
      .execute(),
    analyses: await db
      .selectFrom('version_analyses')
      .select('version_id')
      .where('project_id', '=', o.projectId)
      .orderBy('version_id')
      .execute(),
    totals: await totalsCheck(t.app, o.projectId),
    disk: storedFiles(t.config.dataDir),
  };
}

describe('mastering under the storage quota', () => {
  let masterSize = 0;
  /** The tone's copies, counted in the quota; a master's own copies are made after it is kept. */
  let toneCopies = 0;
  let masterCopies = 0;

  beforeAll(async () => {
    // How large a master of the tone is, made where there is room for it.
    const roomy = await ownerUsing(0);
    toneCopies = await copiesOf(roomy.versionId);
    expect(toneCopies).toBeGreaterThan(0);
    const done = await master(roomy);
    expect(done.status, done.error ?? '').toBe('done');
    const made = fromJson<{ versionId: string }>(done.result as string, { versionId: '' }).versionId;
    const row = await t.app.ctx.db
      .selectFrom('track_versions')
      .select('size')
      .where('id', '=', made)
      .executeTakeFirstOrThrow();
    masterSize = Number(row.size);
    masterCopies = await copiesOf(made);
    // The case the tests are for: the tone and its master fit the quota together, with room for padding.
    expect(original.length + masterSize).toBeLessThan(QUOTA);
  });

  it('keeps a master that fills the quota exactly', async () => {
    const o = await ownerUsing(QUOTA - original.length - toneCopies - masterSize);
    const done = await master(o);
    expect(done.status, done.error ?? '').toBe('done');
    const { totals, versions } = await kept(o);
    expect(versions).toHaveLength(2);
    // The master fills the quota exactly; its listening copies are made after, and are never refused.
    expect(totals.stored.totalFileSize).toBe(QUOTA + masterCopies);
    expect(totals.stored).toEqual(totals.expected);
  });

  it('refuses a master one byte past the quota: the job fails with the quota’s message, nothing is kept', async () => {
    const o = await ownerUsing(QUOTA - original.length - toneCopies - masterSize + 1);
    const before = await kept(o);
    const done = await master(o);
    expect(done.status).toBe('failed');
    expect(done.error).toBe(STORAGE_QUOTA_EXCEEDED);
    expect(await kept(o)).toEqual(before);
    const activity = await t.app.ctx.db
      .selectFrom('activities')
      .select('id')
      .where('project_id', '=', o.projectId)
      .where('kind', '=', 'version_mastered')
      .execute();
    expect(activity).toEqual([]);
  });

  it('refuses a master when the quota is already full, keeping nothing', async () => {
    const o = await ownerUsing(QUOTA - original.length - toneCopies);
    const before = await kept(o);
    const done = await master(o);
    expect(done.status).toBe('failed');
    expect(done.error).toBe(STORAGE_QUOTA_EXCEEDED);
    expect(await kept(o)).toEqual(before);
  });
});

describe('mastering under the upload limit', () => {
  // A 128 kb/s MP3 of four seconds is about 64 KB; its master, at 320 kb/s, about 160 KB.
  const LIMIT = 100_000;
  let u: TestApp;
  beforeAll(async () => {
    u = await createTestApp({ maxUploadBytes: LIMIT });
  });
  afterAll(() => u.close());

  it('fails a master larger than one upload may be, with the upload limit’s message, keeping nothing', async () => {
    const who = await registerUser(u.app, { name: 'Lossy Owner' });
    const created = await u.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(who.token),
      payload: { title: 'Small Files' },
    });
    const projectId = created.json().data.project._id as string;
    const trackId = (await addTrack(u.app, who.token, projectId))._id;
    const mp3 = await encodedSine('mp3', 4);
    expect(mp3.length).toBeLessThan(LIMIT);
    const up = await uploadVersion(u.app, who.token, projectId, trackId, mp3, 'demo.mp3');
    expect(up.statusCode, up.body).toBe(201);
    await jobQueue(u.app.ctx).idle();
    const files = storedFiles(u.config.dataDir);
    const res = await u.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/tracks/${trackId}/versions/${up.json().data.version._id}/master`,
      headers: bearer(who.token),
      payload: { targetLufs: -14 },
    });
    expect(res.statusCode, res.body).toBe(202);
    await jobQueue(u.app.ctx).idle();
    const done = await u.app.ctx.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', JobSchema.parse(res.json().data.job)._id)
      .executeTakeFirstOrThrow();
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/^The file is larger than the .+ upload limit\.$/);
    expect(storedFiles(u.config.dataDir)).toEqual(files);
    const versions = await u.app.ctx.db
      .selectFrom('track_versions')
      .select('id')
      .where('project_id', '=', projectId)
      .execute();
    expect(versions).toHaveLength(1);
  });
});
